/**
 * Painting over parts of a screenshot (where a secret shows): solid boxes in one composite, the image
 * re-encoded in its own format and size, so whatever comes after (set-of-marks, A+B frames, stored
 * steps, the API's screenshot) cannot tell it was touched — except that the secret is gone.
 */
import sharp, { type Metadata, type Sharp } from "sharp";
import { HubError } from "../errors/hub-error.js";
import { intersect, isEmpty } from "./geometry.js";
import type { Rect, ScreenSize } from "./snapshot.js";

/** Mid grey: far from white forms and black text, and flat enough that JPEG keeps it flat. */
export const MASK_RGB = { r: 128, g: 128, b: 128 } as const;

const ENCODERS = {
  jpeg: (s: Sharp) => s.jpeg({ quality: 90, mozjpeg: false }),
  png: (s: Sharp) => s.png(),
  webp: (s: Sharp) => s.webp({ quality: 90 }),
} as const;

/**
 * Paints `rects` (device pixels on a `screen`-sized display) over `image`, whatever its scale.
 * Returns the image unchanged when there is nothing to paint.
 */
export async function maskRegions(image: Buffer, rects: readonly Rect[], screen: ScreenSize): Promise<Buffer> {
  if (rects.length === 0) return image;
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
  const boxes = rects
    .map((r) => intersect(r, [0, 0, screen.w, screen.h]))
    .filter((r) => !isEmpty(r))
    // Outward rounding: a box never leaves a sliver of the field unpainted.
    .map((r) => [Math.floor(r[0] * sx), Math.floor(r[1] * sy), Math.ceil(r[2] * sx), Math.ceil(r[3] * sy)] as const)
    .map(([l, t, r, b]) => `<rect x="${l}" y="${t}" width="${r - l}" height="${b - t}"/>`);
  if (boxes.length === 0) return image;
  const { r, g, b } = MASK_RGB;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><g fill="rgb(${r},${g},${b})">${boxes.join("")}</g></svg>`;
  const format = meta.format === "png" || meta.format === "webp" ? meta.format : "jpeg";
  try {
    return await ENCODERS[format](sharp(image).composite([{ input: Buffer.from(svg), left: 0, top: 0 }])).toBuffer();
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be masked: ${(cause as Error).message}`, { cause });
  }
}
