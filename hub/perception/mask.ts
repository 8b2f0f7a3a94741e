/**
 * Painting over parts of a screenshot (where a secret shows): solid blocks in one composite, the image
 * re-encoded in its own format and size, so whatever comes after (set-of-marks, A+B frames, stored
 * steps, the API's screenshot) cannot tell it was touched — except that the secret is gone.
 */
import type { Metadata, Sharp } from "sharp";
import { HubError } from "../errors/hub-error.js";
import { loadSharp } from "../util/sharp.js";
import { intersect, isEmpty } from "./geometry.js";
import type { Rect, ScreenSize } from "./snapshot.js";

/** Mid grey: far from white forms and black text, and flat enough that JPEG keeps it flat. */
export const MASK_RGB = { r: 128, g: 128, b: 128 } as const;

const ENCODERS = {
  jpeg: (s: Sharp, quality: number) => s.jpeg({ quality, mozjpeg: false }),
  png: (s: Sharp) => s.png(),
  webp: (s: Sharp, quality: number) => s.webp({ quality }),
} as const;

/**
 * Paints `rects` (device pixels on a `screen`-sized display) over `image`, whatever its scale.
 * Returns the image unchanged when there is nothing to paint. `quality` (JPEG/WEBP, default 90):
 * a live frame keeps its stream's.
 */
export async function maskRegions(
  image: Buffer,
  rects: readonly Rect[],
  screen: ScreenSize,
  options: { quality?: number } = {},
): Promise<Buffer> {
  if (rects.length === 0) return image;
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(image).metadata();
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be decoded: ${(cause as Error).message}`, { cause });
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w === 0 || h === 0 || screen.w <= 0 || screen.h <= 0) {
    throw new HubError("IMAGE_INVALID", "screenshot without dimensions cannot be masked");
  }
  const sx = w / screen.w;
  const sy = h / screen.h;
  // Solid blocks composited in place: far cheaper than rasterising a full-size SVG overlay.
  const blocks = rects
    .map((r) => intersect(r, [0, 0, screen.w, screen.h]))
    .filter((r) => !isEmpty(r))
    // Outward rounding: a block never leaves a sliver of the field unpainted.
    .map((r) => {
      const left = Math.max(0, Math.floor(r[0] * sx));
      const top = Math.max(0, Math.floor(r[1] * sy));
      const width = Math.min(w, Math.ceil(r[2] * sx)) - left;
      const height = Math.min(h, Math.ceil(r[3] * sy)) - top;
      return { left, top, width, height };
    })
    .filter((b) => b.width > 0 && b.height > 0)
    .map(({ left, top, width, height }) => ({
      input: { create: { width, height, channels: 3 as const, background: MASK_RGB } },
      left,
      top,
    }));
  if (blocks.length === 0) return image;
  const format = meta.format === "png" || meta.format === "webp" ? meta.format : "jpeg";
  try {
    return await ENCODERS[format](sharp(image).composite(blocks), options.quality ?? 90).toBuffer();
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be masked: ${(cause as Error).message}`, { cause });
  }
}
