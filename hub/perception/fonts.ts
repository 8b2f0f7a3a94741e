/**
 * Text in SVG overlays is drawn by librsvg through Pango and fontconfig. On a fresh machine the
 * first render scans and caches every font (seconds); warmUpFonts() pays that once, at start-up,
 * instead of inside the first request. CI installs `fontconfig fonts-dejavu-core fonts-noto-core`.
 */
import { performance } from "node:perf_hooks";
import { loadSharp } from "../util/sharp.js";

/** Families tried in order; DejaVu covers digits and Latin, Noto the rest. */
export const OVERLAY_FONT = "DejaVu Sans, Noto Sans, sans-serif";

export interface FontStatus {
  /** True when the test glyphs produced ink: a usable font was found. */
  ok: boolean;
  ms: number;
}

let warming: Promise<FontStatus> | undefined;

async function render(): Promise<FontStatus> {
  const started = performance.now();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><rect width="160" height="40" fill="#fff"/>` +
      `<text x="4" y="28" font-family="${OVERLAY_FONT}" font-size="22" font-weight="bold" fill="#000">0123456789</text></svg>`,
  );
  const sharp = await loadSharp();
  const { data, info } = await sharp(svg).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) if ((data[i] ?? 255) < 128) ink++;
  return { ok: ink > 50, ms: performance.now() - started };
}

/** Renders test glyphs once (memoised); await it before serving, or fire and forget at start-up. */
export function warmUpFonts(): Promise<FontStatus> {
  warming ??= render().catch(() => ({ ok: false, ms: 0 }));
  return warming;
}
