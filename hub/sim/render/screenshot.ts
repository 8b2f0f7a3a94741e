/**
 * Screenshots of virtual devices: SVG → sharp → JPEG/WEBP/PNG. Rendered images are cached per
 * (tree key, format, quality, size), and a render in progress is shared, so a thousand devices on
 * the same screen cost one render.
 */
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { loadSharp } from "../../util/sharp.js";
import { type SvgStyle, treeToSvg } from "./svg.js";

export interface ScreenshotOptions {
  readonly format: droidhub.v1.ImageFormat;
  /** 1..100; 0 = default (80). */
  readonly quality: number;
  /** Longest side after scaling; 0 = full size. Never upscales. */
  readonly maxSide: number;
}

export const DEFAULT_QUALITY = 80;
const MAX_CACHED_IMAGES = 128;
const cache = new Map<string, Promise<droidhub.v1.IImage>>();

/** The image for a tree; `key` must identify everything the tree shows. */
export function renderScreenshot(
  key: string,
  ui: droidhub.v1.IUiTree,
  options: ScreenshotOptions,
  style?: SvgStyle,
): Promise<droidhub.v1.IImage> {
  const format =
    options.format === pb.ImageFormat.IMAGE_FORMAT_UNSPECIFIED ? pb.ImageFormat.IMAGE_FORMAT_JPEG : options.format;
  const quality = options.quality === 0 ? DEFAULT_QUALITY : options.quality;
  const cacheKey = `${key}|${format}|${quality}|${options.maxSide}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) {
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return hit;
  }
  const pending = rasterize(ui, format, quality, options.maxSide, style);
  cache.set(cacheKey, pending);
  if (cache.size > MAX_CACHED_IMAGES) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  pending.catch(() => cache.delete(cacheKey));
  return pending;
}

export function clearScreenshotCache(): void {
  cache.clear();
}

async function rasterize(
  ui: droidhub.v1.IUiTree,
  format: droidhub.v1.ImageFormat,
  quality: number,
  maxSide: number,
  style: SvgStyle | undefined,
): Promise<droidhub.v1.IImage> {
  const sourceWidth = ui.screen?.width ?? 1080;
  const sourceHeight = ui.screen?.height ?? 2400;
  const longest = Math.max(sourceWidth, sourceHeight);
  const scale = maxSide > 0 && maxSide < longest ? maxSide / longest : 1;
  const sharp = await loadSharp();
  let image = sharp(Buffer.from(treeToSvg(ui, style)), { density: 72 });
  if (scale < 1) {
    image = image.resize(Math.max(1, Math.round(sourceWidth * scale)), Math.max(1, Math.round(sourceHeight * scale)), {
      fit: "fill",
    });
  }
  if (format === pb.ImageFormat.IMAGE_FORMAT_PNG) image = image.png();
  else if (format === pb.ImageFormat.IMAGE_FORMAT_WEBP) image = image.webp({ quality });
  else image = image.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: false });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { format, data, width: info.width, height: info.height, sourceWidth, sourceHeight, secure: false };
}

/**
 * What Android gives for a FLAG_SECURE window: a black frame of the screen's size, marked secure.
 * Cached like any render.
 */
export function renderSecureScreenshot(
  ui: droidhub.v1.IUiTree,
  options: ScreenshotOptions,
): Promise<droidhub.v1.IImage> {
  const sourceWidth = ui.screen?.width ?? 1080;
  const sourceHeight = ui.screen?.height ?? 2400;
  const cacheKey = `secure|${sourceWidth}x${sourceHeight}|${options.maxSide}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) return hit;
  const longest = Math.max(sourceWidth, sourceHeight);
  const scale = options.maxSide > 0 && options.maxSide < longest ? options.maxSide / longest : 1;
  const width = Math.max(1, Math.round(sourceWidth * scale));
  const height = Math.max(1, Math.round(sourceHeight * scale));
  const pending = loadSharp()
    .then((sharp) =>
      sharp({ create: { width, height, channels: 3, background: "#000000" } })
        .jpeg({ quality: 50 })
        .toBuffer(),
    )
    .then((data) => ({
      format: pb.ImageFormat.IMAGE_FORMAT_JPEG,
      data,
      width,
      height,
      sourceWidth,
      sourceHeight,
      secure: true,
    }));
  cache.set(cacheKey, pending);
  pending.catch(() => cache.delete(cacheKey));
  return pending;
}
