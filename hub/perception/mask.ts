/**
 * Painting over parts of a screenshot (where a secret shows): solid blocks written into the decoded
 * pixels, the image re-encoded in its own format and size, so whatever comes after (set-of-marks, A+B
 * frames, stored steps, the API's screenshot) cannot tell it was touched — except that the secret is
 * gone. Every live frame of a screen with a password field comes through here, so the blocks are
 * written into the raw pixels rather than composited: libvips' composite converts the whole image to
 * premultiplied float RGBA and back, and cost as much again as the decode and encode together (a
 * 720×1600 JPEG: 25 ms of CPU composited, 16 ms painted raw; scratch measurement, 2-core machine).
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
  const blocks = maskBlocks(rects, screen, w, h);
  if (blocks.length === 0) return image;
  const format = meta.format === "png" || meta.format === "webp" ? meta.format : "jpeg";
  try {
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    for (const block of blocks) paint(data, info.width, info.channels, block);
    const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    return await ENCODERS[format](raw, options.quality ?? 90).toBuffer();
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be masked: ${(cause as Error).message}`, { cause });
  }
}

export interface Block {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where `rects` (device pixels on a `screen`-sized display) land on a `w`×`h` picture of it: clipped
 * to the screen, scaled, rounded outward (a block never leaves a sliver of its field unpainted),
 * empty ones dropped. The virtual phone paints its password fields by the same rule.
 */
export function maskBlocks(rects: readonly Rect[], screen: ScreenSize, w: number, h: number): Block[] {
  const sx = w / screen.w;
  const sy = h / screen.h;
  return rects
    .map((r) => intersect(r, [0, 0, screen.w, screen.h]))
    .filter((r) => !isEmpty(r))
    .map((r) => {
      const left = Math.max(0, Math.floor(r[0] * sx));
      const top = Math.max(0, Math.floor(r[1] * sy));
      const width = Math.min(w, Math.ceil(r[2] * sx)) - left;
      const height = Math.min(h, Math.ceil(r[3] * sy)) - top;
      return { left, top, width, height };
    })
    .filter((b) => b.width > 0 && b.height > 0);
}

/**
 * Fills `block` of interleaved pixels with the mask grey (opaque where there is an alpha channel):
 * one row is made, then copied into each of the block's rows. 1–2 channels are grey (+alpha), 3–4
 * are sRGB (+alpha), as sharp decodes them.
 */
export function paint(pixels: Buffer, imageWidth: number, channels: number, block: Block): void {
  const pixel = channels <= 2 ? [MASK_RGB.r, 255] : [MASK_RGB.r, MASK_RGB.g, MASK_RGB.b, 255];
  const row = Buffer.alloc(block.width * channels);
  for (let x = 0; x < block.width; x++) {
    for (let c = 0; c < channels; c++) row[x * channels + c] = pixel[c] ?? 255;
  }
  for (let y = block.top; y < block.top + block.height; y++) {
    row.copy(pixels, (y * imageWidth + block.left) * channels);
  }
}
