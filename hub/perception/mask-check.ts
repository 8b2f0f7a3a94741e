/**
 * Whether the places of a JPEG that must be hidden already are the mask's grey — a phone that
 * paints its own password fields says so with the frame, and the hub checks before it believes
 * it. The check reads the JPEG at 1/8 scale, which libjpeg decodes from each 8×8 block's average
 * alone (no inverse DCT, no colour upsampling): a quarter of the CPU of the full decode and
 * re-encode that painting costs (720×1600, 2-core machine: 4 ms against 19 ms, scratch measurement).
 *
 * Only the 16×16 blocks wholly inside a place are read: a 4:2:0 JPEG's colour comes in 16×16
 * blocks, so one that reaches past the grey is tinted by what is beside it. A place too small to
 * hold one such block cannot be checked and counts as not painted (the hub then paints it itself).
 * What this catches: a phone that forgot or misplaced its blocks. What it cannot: a phone bent on
 * showing a secret, which could as well draw it where no tree says a password is — the screen is
 * the phone's own.
 */
import { loadSharp } from "../util/sharp.js";
import { intersect, isEmpty } from "./geometry.js";
import { jpegSize } from "./jpeg-size.js";
import { MASK_RGB } from "./mask.js";
import type { Rect, ScreenSize } from "./snapshot.js";

/** JPEG from quality 30 to 95 keeps a flat grey block's average within a few levels; text on it moves it far more. */
const TOLERANCE = 12;
const MCU = 16;
const SCALE = 8;

/**
 * "grey" when every one of `rects` (device pixels on a `screen`-sized display) is mask grey in
 * `jpeg`; "not grey" when one is not; "unknown" when one is too small to check or the image does
 * not decode as a JPEG.
 */
export async function paintedGrey(
  jpeg: Uint8Array,
  rects: readonly Rect[],
  screen: ScreenSize,
): Promise<"grey" | "not grey" | "unknown"> {
  if (rects.length === 0) return "grey";
  const size = jpegSize(jpeg);
  if (size === undefined || screen.w <= 0 || screen.h <= 0) return "unknown";
  const regions: Region[] = [];
  for (const rect of rects) {
    const region = mcuRegion(rect, screen, size.width, size.height);
    if (region === undefined) return "unknown";
    regions.push(region);
  }
  const small = { w: Math.ceil(size.width / SCALE), h: Math.ceil(size.height / SCALE) };
  // Only the rows that hold a place are asked for: read sequentially, the decoder stops below the
  // lowest one (a login form's field is a third of the way down: a third of the decode).
  const top = Math.min(...regions.map((r) => r.y0));
  const bottom = Math.min(small.h, Math.max(...regions.map((r) => r.y1)));
  if (bottom <= top) return "unknown";
  const sharp = await loadSharp();
  try {
    // Shrink-on-load: at 1/8 libjpeg keeps each block's average; "nearest" adds no filtering on top.
    const { data, info } = await sharp(jpeg, { sequentialRead: true })
      .resize(small.w, small.h, { fit: "fill", kernel: "nearest" })
      .extract({ left: 0, top, width: small.w, height: bottom - top })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = regions.every((r) =>
      isGrey(data, info.width, info.channels, { ...r, y0: r.y0 - top, y1: r.y1 - top }),
    );
    return grey ? "grey" : "not grey";
  } catch {
    return "unknown";
  }
}

interface Region {
  /** 1/8-scale pixel columns [x0, x1) and rows [y0, y1). */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The 16-pixel blocks wholly inside `rect` once scaled to the image, in 1/8-scale pixels. */
function mcuRegion(rect: Rect, screen: ScreenSize, w: number, h: number): Region | undefined {
  const r = intersect(rect, [0, 0, screen.w, screen.h]);
  if (isEmpty(r)) return undefined;
  const sx = w / screen.w;
  const sy = h / screen.h;
  // Inward: only what the phone's outward-rounded block surely covers.
  const left = Math.ceil((r[0] * sx) / MCU);
  const top = Math.ceil((r[1] * sy) / MCU);
  const right = Math.floor((r[2] * sx) / MCU);
  const bottom = Math.floor((r[3] * sy) / MCU);
  if (right <= left || bottom <= top) return undefined;
  const k = MCU / SCALE;
  return { x0: left * k, x1: right * k, y0: top * k, y1: bottom * k };
}

function isGrey(pixels: Buffer, width: number, channels: number, region: Region): boolean {
  const grey = [MASK_RGB.r, MASK_RGB.g, MASK_RGB.b];
  const colours = Math.min(channels, 3);
  for (let y = region.y0; y < region.y1; y++) {
    for (let x = region.x0; x < region.x1; x++) {
      const at = (y * width + x) * channels;
      for (let c = 0; c < colours; c++) {
        if (Math.abs((pixels[at + c] ?? 0) - (grey[c] ?? 0)) > TOLERANCE) return false;
      }
    }
  }
  return true;
}
