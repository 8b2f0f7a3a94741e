/**
 * Screenshot pipeline for set-of-marks prompts: scale (default 0.5), a grid line every 20% labelled
 * with the device pixel value, a magenta cross and number at each element center — crosses, not
 * filled badges, which models mistake for in-app badges — all drawn as ONE SVG overlay in ONE
 * composite, encoded as JPEG or WebP. `imageToDevice` maps any image pixel back to device pixels.
 */
import type { Sharp } from "sharp";
import { HubError } from "../errors/hub-error.js";
import { loadSharp } from "../util/sharp.js";
import type { UiElement } from "./element.js";
import { OVERLAY_FONT, warmUpFonts } from "./fonts.js";
import type { ScreenSize } from "./snapshot.js";

export type ImageFormat = "jpeg" | "webp";

export interface AnnotateOptions {
  /** Output size relative to the device screen (default 0.5). */
  scale?: number;
  format?: ImageFormat;
  /** 1..100 (default 80). */
  quality?: number;
  /** Draw the 20% grid (default true). */
  grid?: boolean;
  /** Device screen size in pixels; default: the screenshot's own size. */
  device?: ScreenSize;
}

/** How an annotated image relates to the device screen. */
export interface ImageMapping {
  deviceW: number;
  deviceH: number;
  imageW: number;
  imageH: number;
}

export interface AnnotatedImage {
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
  mapping: ImageMapping;
}

export interface Point {
  x: number;
  y: number;
}

const MAGENTA = "#ff00ff";

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/**
 * Image pixel → device pixel: the device pixel under the image pixel's center, clamped to the
 * screen. Exact inverse of `deviceToImage` for every image pixel.
 */
export function imageToDevice(pt: Point, m: ImageMapping): Point {
  const sx = m.deviceW / m.imageW;
  const sy = m.deviceH / m.imageH;
  return {
    x: clamp(Math.floor((Math.floor(pt.x) + 0.5) * sx), 0, m.deviceW - 1),
    y: clamp(Math.floor((Math.floor(pt.y) + 0.5) * sy), 0, m.deviceH - 1),
  };
}

export function deviceToImage(pt: Point, m: ImageMapping): Point {
  return {
    x: clamp(Math.floor((pt.x * m.imageW) / m.deviceW), 0, m.imageW - 1),
    y: clamp(Math.floor((pt.y * m.imageH) / m.deviceH), 0, m.imageH - 1),
  };
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The whole overlay as one SVG document the size of the output image. */
export function overlaySvg(elements: readonly UiElement[], m: ImageMapping, grid: boolean): string {
  const { imageW: w, imageH: h } = m;
  const font = Math.max(11, Math.round(Math.min(w, h) * 0.026));
  const arm = Math.max(5, Math.round(Math.min(w, h) * 0.014));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<g font-family="${OVERLAY_FONT}" font-weight="bold" font-size="${font}" paint-order="stroke" stroke-linejoin="round">`,
  ];
  if (grid) {
    const lines: string[] = [];
    const labels: string[] = [];
    for (let k = 1; k < 5; k++) {
      const x = Math.round((k * w) / 5) + 0.5;
      const y = Math.round((k * h) / 5) + 0.5;
      lines.push(`M${x} 0V${h}M0 ${y}H${w}`);
      const dx = Math.round((k * m.deviceW) / 5);
      const dy = Math.round((k * m.deviceH) / 5);
      // Device pixel values at the top and left edges (and bottom/right, where the eye ends up).
      labels.push(`<text x="${x + 3}" y="${font + 1}">${dx}</text>`);
      labels.push(`<text x="${x + 3}" y="${h - 4}">${dx}</text>`);
      labels.push(`<text x="3" y="${y - 4}">${dy}</text>`);
      labels.push(`<text x="${w - 3}" y="${y - 4}" text-anchor="end">${dy}</text>`);
    }
    parts.push(
      `<path d="${lines.join("")}" stroke="#00e5ff" stroke-opacity="0.75" stroke-width="1" stroke-dasharray="6 4"/>`,
    );
    parts.push(`<g fill="#00e5ff" stroke="#000" stroke-width="3">${labels.join("")}</g>`);
  }
  const crosses: string[] = [];
  const numbers: string[] = [];
  const sx = w / m.deviceW;
  const sy = h / m.deviceH;
  for (const e of elements) {
    const x = Math.round(e.cx * sx) + 0.5;
    const y = Math.round(e.cy * sy) + 0.5;
    crosses.push(`M${x - arm} ${y}H${x + arm}M${x} ${y - arm}V${y + arm}`);
    const tx = clamp(x + arm * 0.6, 0, w - font * 1.8);
    const ty = clamp(y - arm * 0.6, font, h - 2);
    numbers.push(`<text x="${tx.toFixed(1)}" y="${ty.toFixed(1)}">${escapeXml(String(e.id))}</text>`);
  }
  if (crosses.length > 0) {
    const d = crosses.join("");
    parts.push(`<path d="${d}" stroke="#000" stroke-width="5" stroke-linecap="round"/>`);
    parts.push(`<path d="${d}" stroke="${MAGENTA}" stroke-width="2.5" stroke-linecap="round"/>`);
    parts.push(`<g fill="${MAGENTA}" stroke="#fff" stroke-width="3">${numbers.join("")}</g>`);
  }
  parts.push("</g></svg>");
  return parts.join("");
}

export async function metadataOf(image: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(image).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    return { width: meta.width, height: meta.height };
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be decoded: ${(cause as Error).message}`, { cause });
  }
}

export function encode(pipeline: Sharp, format: ImageFormat, quality: number): Sharp {
  return format === "webp" ? pipeline.webp({ quality }) : pipeline.jpeg({ quality, mozjpeg: false });
}

export async function annotateScreenshot(
  image: Buffer,
  elements: readonly UiElement[],
  options: AnnotateOptions = {},
): Promise<AnnotatedImage> {
  const scale = options.scale ?? 0.5;
  if (!(scale > 0 && scale <= 4)) throw new HubError("INVALID_BODY", `scale must be in (0, 4], got ${scale}`);
  const format = options.format ?? "jpeg";
  const quality = options.quality ?? 80;
  await warmUpFonts();
  const src = await metadataOf(image);
  const device = options.device ?? { w: src.width, h: src.height };
  const mapping: ImageMapping = {
    deviceW: device.w,
    deviceH: device.h,
    imageW: Math.max(1, Math.round(device.w * scale)),
    imageH: Math.max(1, Math.round(device.h * scale)),
  };
  const svg = Buffer.from(overlaySvg(elements, mapping, options.grid ?? true));
  const sharp = await loadSharp();
  let data: Buffer;
  try {
    const pipeline = sharp(image)
      .resize(mapping.imageW, mapping.imageH, { fit: "fill" })
      .composite([{ input: svg, left: 0, top: 0 }]);
    data = await encode(pipeline, format, quality).toBuffer();
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be annotated: ${(cause as Error).message}`, { cause });
  }
  return { data, format, width: mapping.imageW, height: mapping.imageH, mapping };
}

export interface ComposeOptions {
  /** Height of each frame in the composite (default: half the first frame's height). */
  height?: number;
  format?: ImageFormat;
  quality?: number;
  labels?: readonly [string, string];
}

/**
 * The verifier's A+B frame: the action-moment frame beside the settled frame, same height, captioned.
 */
export async function composeAB(a: Buffer, b: Buffer, options: ComposeOptions = {}): Promise<AnnotatedImage> {
  const [ma, mb] = await Promise.all([metadataOf(a), metadataOf(b)]);
  const sharp = await loadSharp();
  const h = options.height ?? Math.round(ma.height / 2);
  const wa = Math.round((ma.width * h) / ma.height);
  const wb = Math.round((mb.width * h) / mb.height);
  const gap = Math.max(8, Math.round(h * 0.01));
  const caption = Math.max(20, Math.round(h * 0.035));
  const width = wa + gap + wb;
  const height = h + caption;
  const [ra, rb] = await Promise.all([
    sharp(a).resize(wa, h, { fit: "fill" }).toBuffer(),
    sharp(b).resize(wb, h, { fit: "fill" }).toBuffer(),
  ]);
  const [la, lb] = options.labels ?? ["A: at the action", "B: settled"];
  const font = Math.round(caption * 0.7);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${caption}">` +
      `<g font-family="${OVERLAY_FONT}" font-weight="bold" font-size="${font}" fill="#fff">` +
      `<text x="6" y="${caption - 6}">${escapeXml(la)}</text>` +
      `<text x="${wa + gap + 6}" y="${caption - 6}">${escapeXml(lb)}</text></g></svg>`,
  );
  await warmUpFonts();
  const format = options.format ?? "jpeg";
  const pipeline = sharp({ create: { width, height, channels: 3, background: "#202020" } }).composite([
    { input: ra, left: 0, top: caption },
    { input: rb, left: wa + gap, top: caption },
    { input: svg, left: 0, top: 0 },
  ]);
  const data = await encode(pipeline, format, options.quality ?? 80).toBuffer();
  return { data, format, width, height, mapping: { deviceW: width, deviceH: height, imageW: width, imageH: height } };
}
