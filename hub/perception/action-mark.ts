/**
 * What a step did, drawn on the screenshot it acted on: a ring where it tapped, an arrow for a swipe
 * or a scroll, an outline round the field it typed into, and a caption strip that says it in words.
 * This picture is for people reading a run (timeline, replay player, report), not for the model, so
 * it carries no set-of-marks clutter: one mark, one caption, one SVG overlay, one composite.
 */
import { HubError } from "../errors/hub-error.js";
import { loadSharp } from "../util/sharp.js";
import { type AnnotatedImage, encode, escapeXml, type ImageFormat, type ImageMapping, metadataOf } from "./annotate.js";
import { OVERLAY_FONT, warmUpFonts } from "./fonts.js";
import type { Rect, ScreenSize } from "./snapshot.js";

export type Direction = "up" | "down" | "left" | "right";

/** The gesture a step made, in device pixels. */
export type Gesture =
  /** `refused`: the hub did not send it (a pixel tap inside no element): drawn dashed, crossed out. */
  | { kind: "tap"; x: number; y: number; long?: boolean; refused?: boolean }
  | { kind: "swipe"; from: { x: number; y: number }; to: { x: number; y: number } }
  /** Content scrolled in `direction` ("down" brings what is below into view), inside `within` or the screen. */
  | { kind: "scroll"; direction: Direction; within?: Rect | undefined }
  /** Text typed into `field` (or the focused field, when the step did not say which). */
  | { kind: "type"; field?: Rect | undefined }
  /** Nothing to point at (a key, an app start, a wait, a claim): the caption says it. */
  | { kind: "none" };

export interface ActionMark {
  gesture: Gesture;
  /** What the step did, in words (no secret values: callers pass redacted text). */
  caption: string;
}

export interface ActionFrameOptions {
  /** The device screen the gesture's pixels refer to (default: the image's own size). */
  device?: ScreenSize;
  /** Longest side of the output (default 1200); never larger than half the device screen. */
  maxSide?: number;
  format?: ImageFormat;
  quality?: number;
}

/** The colour of every mark (a red that no stock Android theme uses for large areas). */
export const MARK_RGB = { r: 255, g: 59, b: 48 } as const;
const ACCENT = `rgb(${MARK_RGB.r},${MARK_RGB.g},${MARK_RGB.b})`;
/** A refused tap: amber, dashed, crossed out. */
const REFUSED = "#ff9500";

type Pt = { x: number; y: number };

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** A path drawn three times: a soft dark edge (for light screens), a white halo (for dark ones), the colour. */
function stroked(d: string, width: number, color = ACCENT, extra = ""): string {
  return [
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="${width + 8}" ${extra}/>`,
    `<path d="${d}" fill="none" stroke="#fff" stroke-width="${width + 5}" ${extra}/>`,
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" ${extra}/>`,
  ].join("");
}

function circle(c: Pt, r: number): string {
  return `M${c.x - r} ${c.y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

function ring(c: Pt, unit: number, gesture: { long?: boolean; refused?: boolean }): string {
  const r = Math.max(16, Math.round(unit * 7.5));
  const width = Math.max(3, Math.round(unit * 1.1));
  if (gesture.refused) {
    const k = r * 0.5;
    const cross = `M${c.x - k} ${c.y - k}L${c.x + k} ${c.y + k}M${c.x + k} ${c.y - k}L${c.x - k} ${c.y + k}`;
    return stroked(circle(c, r), width, REFUSED, 'stroke-dasharray="8 6"') + stroked(cross, width, REFUSED);
  }
  const parts = [`<path d="${circle(c, r)}" fill="${ACCENT}" fill-opacity="0.25"/>`, stroked(circle(c, r), width)];
  if (gesture.long) parts.push(stroked(circle(c, r * 1.5), width, ACCENT, 'stroke-dasharray="10 6"'));
  parts.push(`<path d="${circle(c, Math.max(3, unit * 0.9))}" fill="${ACCENT}" stroke="#fff" stroke-width="2"/>`);
  return parts.join("");
}

function arrow(from: Pt, to: Pt, unit: number): string {
  const width = Math.max(4, Math.round(unit * 1.1));
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const ux = (to.x - from.x) / len;
  const uy = (to.y - from.y) / len;
  const head = Math.min(len * 0.6, width * 4.5);
  const half = width * 2.6;
  const base = { x: to.x - ux * head, y: to.y - uy * head };
  const shaft = `M${from.x} ${from.y}L${base.x.toFixed(1)} ${base.y.toFixed(1)}`;
  const tip =
    `M${to.x} ${to.y}L${(base.x - uy * half).toFixed(1)} ${(base.y + ux * half).toFixed(1)}` +
    `L${(base.x + uy * half).toFixed(1)} ${(base.y - ux * half).toFixed(1)}Z`;
  return [
    stroked(shaft, width, ACCENT, 'stroke-linecap="round"'),
    `<path d="${tip}" fill="${ACCENT}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>`,
    `<path d="${circle(from, width * 1.3)}" fill="${ACCENT}" stroke="#fff" stroke-width="3"/>`,
  ].join("");
}

const STEP: Record<Direction, Pt> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

/** The gesture in image pixels, and where on the image it sits (so the caption can stay clear of it). */
function gestureSvg(g: Gesture, m: ImageMapping, unit: number, font: number): { svg: string; y?: number } {
  const sx = m.imageW / m.deviceW;
  const sy = m.imageH / m.deviceH;
  const at = (x: number, y: number): Pt => ({ x: Math.round(x * sx) + 0.5, y: Math.round(y * sy) + 0.5 });
  const box = (r: Rect): Rect => [r[0] * sx, r[1] * sy, r[2] * sx, r[3] * sy];
  switch (g.kind) {
    case "tap": {
      const c = at(g.x, g.y);
      return { svg: ring(c, unit, g), y: c.y };
    }
    case "swipe": {
      const [a, b] = [at(g.from.x, g.from.y), at(g.to.x, g.to.y)];
      return { svg: arrow(a, b, unit), y: Math.max(a.y, b.y) };
    }
    case "scroll": {
      const [l, t, r, b] = box(g.within ?? [0, 0, m.deviceW, m.deviceH]);
      const c = { x: (l + r) / 2, y: (t + b) / 2 };
      const v = STEP[g.direction];
      const half = Math.max(20, (v.y !== 0 ? b - t : r - l) * 0.2);
      return {
        svg: arrow({ x: c.x - v.x * half, y: c.y - v.y * half }, { x: c.x + v.x * half, y: c.y + v.y * half }, unit),
        y: c.y + half,
      };
    }
    case "type": {
      if (!g.field) return { svg: "" };
      const pad = 3;
      const [l, t, r, b] = box(g.field);
      const rect = `M${l - pad} ${t - pad}H${r + pad}V${b + pad}H${l - pad}Z`;
      const small = Math.round(font * 0.8);
      const tagW = Math.round(small * 4.4);
      const tagY = t - pad - small * 1.5 < 0 ? b + pad + 2 : t - pad - small * 1.5;
      const tag =
        `<rect x="${l - pad}" y="${tagY}" width="${tagW}" height="${small * 1.4}" rx="${small * 0.35}" fill="${ACCENT}"/>` +
        `<text x="${l - pad + small * 0.45}" y="${tagY + small * 1.08}" font-size="${small}" fill="#fff">typed</text>`;
      return { svg: stroked(rect, Math.max(3, Math.round(unit * 0.8)), ACCENT, 'stroke-linejoin="round"') + tag, y: b };
    }
    case "none":
      return { svg: "" };
  }
}

/** The caption strip: at the bottom, unless the mark is down there. */
function captionSvg(text: string, m: ImageMapping, font: number, markY: number | undefined): string {
  const height = Math.round(font * 2);
  const top = markY !== undefined && markY > m.imageH - height * 2.5 ? 0 : m.imageH - height;
  const pad = Math.round(font * 0.6);
  // A rough width for bold sans digits and Latin: enough to keep the text inside the strip.
  const fits = Math.max(4, Math.floor((m.imageW - 2 * pad) / (font * 0.62)));
  const shown = text.length > fits ? `${text.slice(0, fits - 1)}…` : text;
  return (
    `<rect x="0" y="${top}" width="${m.imageW}" height="${height}" fill="#111" fill-opacity="0.9"/>` +
    `<rect x="0" y="${top}" width="${Math.round(font * 0.3)}" height="${height}" fill="${ACCENT}"/>` +
    `<text x="${pad}" y="${top + Math.round(font * 1.38)}" fill="#fff">${escapeXml(shown)}</text>`
  );
}

/** The whole overlay as one SVG document the size of the output image. */
export function actionOverlaySvg(mark: ActionMark, m: ImageMapping): string {
  const unit = Math.min(m.imageW, m.imageH) / 100;
  const font = Math.max(13, Math.round(unit * 3.3));
  const gesture = gestureSvg(mark.gesture, m, unit, font);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${m.imageW}" height="${m.imageH}" viewBox="0 0 ${m.imageW} ${m.imageH}">`,
    `<g font-family="${OVERLAY_FONT}" font-weight="bold" font-size="${font}">`,
    gesture.svg,
    mark.caption ? captionSvg(mark.caption, m, font, gesture.y) : "",
    "</g></svg>",
  ].join("");
}

/** `image` (a screenshot of the whole screen, any scale) scaled down, with what the step did drawn on it. */
export async function annotateAction(
  image: Buffer,
  mark: ActionMark,
  options: ActionFrameOptions = {},
): Promise<AnnotatedImage> {
  await warmUpFonts();
  const sharp = await loadSharp();
  const src = await metadataOf(image);
  const device = options.device ?? { w: src.width, h: src.height };
  if (!(device.w > 0 && device.h > 0)) throw new HubError("IMAGE_INVALID", "the screen has no size");
  const scale = Math.min(0.5, (options.maxSide ?? 1200) / Math.max(device.w, device.h));
  const mapping: ImageMapping = {
    deviceW: device.w,
    deviceH: device.h,
    imageW: clamp(Math.round(device.w * scale), 1, 4096),
    imageH: clamp(Math.round(device.h * scale), 1, 4096),
  };
  const format = options.format ?? "jpeg";
  try {
    const pipeline = sharp(image)
      .resize(mapping.imageW, mapping.imageH, { fit: "fill" })
      .composite([{ input: Buffer.from(actionOverlaySvg(mark, mapping)), left: 0, top: 0 }]);
    const data = await encode(pipeline, format, options.quality ?? 72).toBuffer();
    return { data, format, width: mapping.imageW, height: mapping.imageH, mapping };
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be annotated: ${(cause as Error).message}`, { cause });
  }
}
