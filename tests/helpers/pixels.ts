/**
 * Reading pixels back out of the images the hub produced: where a field of the phone's screen lands
 * in a screenshot, a set-of-marks image or an A+B frame, how much of that place is the mask's grey,
 * and where a step frame's mark (what the step did) was drawn.
 */
import sharp from "sharp";
import { MARK_RGB, MASK_RGB } from "../../hub/perception/index.js";

export type Box = readonly [number, number, number, number];

/** How far a JPEG may move a flat grey and still count as it. */
const TOLERANCE = 24;

/** Share (0..1) of the pixels inside `box` (image pixels, inset by 3 to skip resampled edges) that are mask grey. */
export async function maskedShare(image: Uint8Array, box: Box): Promise<number> {
  const { data, info } = await sharp(Buffer.from(image)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [l, t, r, b] = [Math.ceil(box[0]) + 3, Math.ceil(box[1]) + 3, Math.floor(box[2]) - 3, Math.floor(box[3]) - 3];
  let grey = 0;
  let all = 0;
  for (let y = Math.max(0, t); y < Math.min(info.height, b); y++) {
    for (let x = Math.max(0, l); x < Math.min(info.width, r); x++) {
      const i = (y * info.width + x) * info.channels;
      all++;
      const near = (v: number | undefined, want: number) => Math.abs((v ?? 0) - want) <= TOLERANCE;
      if (near(data[i], MASK_RGB.r) && near(data[i + 1], MASK_RGB.g) && near(data[i + 2], MASK_RGB.b)) grey++;
    }
  }
  if (all === 0) throw new Error(`box ${box.join(",")} is outside the ${info.width}x${info.height} image`);
  return grey / all;
}

/** A device-pixel box on a screen of width `screenW`, in an image that shows the whole screen scaled. */
export async function inScaled(image: Uint8Array, device: Box, screenW: number): Promise<Box> {
  const { width = 0 } = await sharp(Buffer.from(image)).metadata();
  const s = width / screenW;
  return [device[0] * s, device[1] * s, device[2] * s, device[3] * s];
}

/**
 * The same device box in both halves of an A+B frame (composeAB: a caption strip on top, frame A at
 * the left, a gap, frame B at the right, both of height h).
 */
export async function inComposite(
  image: Uint8Array,
  device: Box,
  screen: { w: number; h: number },
): Promise<{ a: Box; b: Box }> {
  const { width = 0, height = 0 } = await sharp(Buffer.from(image)).metadata();
  // height = h + caption, caption = max(20, round(h * 0.035)): find h.
  let h = height - 20;
  for (let guess = Math.round(height / 1.035) - 2; guess <= height; guess++) {
    if (guess + Math.max(20, Math.round(guess * 0.035)) === height) {
      h = guess;
      break;
    }
  }
  const caption = height - h;
  const s = h / screen.h;
  const wa = Math.round(screen.w * s);
  const bLeft = width - wa;
  const box = (dx: number): Box => [
    device[0] * s + dx,
    device[1] * s + caption,
    device[2] * s + dx,
    device[3] * s + caption,
  ];
  return { a: box(0), b: box(bLeft) };
}

/** The pixels of a step frame's mark colour inside `box` (default: all): how many, and their centre. */
export async function markPixels(
  image: Uint8Array,
  box?: Box,
): Promise<{ count: number; cx: number; cy: number; left: number; top: number; right: number; bottom: number }> {
  const { data, info } = await sharp(Buffer.from(image)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [l, t, r, b] = box ?? [0, 0, info.width, info.height];
  let count = 0;
  let sx = 0;
  let sy = 0;
  const edges = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (let y = Math.max(0, Math.floor(t)); y < Math.min(info.height, Math.ceil(b)); y++) {
    for (let x = Math.max(0, Math.floor(l)); x < Math.min(info.width, Math.ceil(r)); x++) {
      const i = (y * info.width + x) * info.channels;
      const near = (v: number | undefined, want: number) => Math.abs((v ?? 0) - want) <= 40;
      if (!near(data[i], MARK_RGB.r) || !near(data[i + 1], MARK_RGB.g) || !near(data[i + 2], MARK_RGB.b)) continue;
      count++;
      sx += x;
      sy += y;
      edges.left = Math.min(edges.left, x);
      edges.top = Math.min(edges.top, y);
      edges.right = Math.max(edges.right, x);
      edges.bottom = Math.max(edges.bottom, y);
    }
  }
  return { count, cx: count ? sx / count : Number.NaN, cy: count ? sy / count : Number.NaN, ...edges };
}
