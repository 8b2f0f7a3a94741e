/**
 * The Mobilerun's screenshot answer is a base64 PNG (AccessibilityScreenshotApi30 compresses to PNG at
 * quality 100, ApiResponse.Text carries it as a string). The hub hands out raw bytes in the format
 * the caller asked for, so convert here with sharp when the request differs from a full-size PNG.
 */
import { HubError } from "../errors/hub-error.js";
import { pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { loadSharp } from "../util/sharp.js";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** base64 text (possibly a data: URL) → PNG bytes; IMAGE_INVALID when it is not a PNG. */
export function decodeMobilerunPng(result: unknown): Buffer {
  if (typeof result !== "string" || result.length === 0) {
    throw new HubError("DEVICE_ERROR", "screenshot answer carries no base64 image");
  }
  const comma = result.startsWith("data:") ? result.indexOf(",") : -1;
  const bytes = Buffer.from(comma >= 0 ? result.slice(comma + 1) : result, "base64");
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new HubError("IMAGE_INVALID", "screenshot answer is not a base64 PNG");
  }
  return bytes;
}

/** Width and height from the PNG header (IHDR is always the first chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** PNG bytes → the Image the caller asked for (format, quality, longest side). */
export async function toImage(png: Buffer, request: droidhub.v1.IScreenshotRequest): Promise<droidhub.v1.IImage> {
  const source = pngSize(png);
  const format = request.format || pb.ImageFormat.IMAGE_FORMAT_JPEG;
  const maxSide = request.maxSide ?? 0;
  const scale = maxSide > 0 ? Math.min(1, maxSide / Math.max(source.width, source.height)) : 1;
  if (format === pb.ImageFormat.IMAGE_FORMAT_PNG && scale === 1) {
    return {
      format,
      data: png,
      width: source.width,
      height: source.height,
      sourceWidth: source.width,
      sourceHeight: source.height,
    };
  }
  const quality = request.quality && request.quality > 0 ? Math.min(request.quality, 100) : 80;
  try {
    const sharp = await loadSharp();
    let image = sharp(png);
    if (scale < 1) {
      image = image.resize({
        width: Math.max(1, Math.round(source.width * scale)),
        height: Math.max(1, Math.round(source.height * scale)),
        fit: "fill",
      });
    }
    image =
      format === pb.ImageFormat.IMAGE_FORMAT_PNG
        ? image.png()
        : format === pb.ImageFormat.IMAGE_FORMAT_WEBP
          ? image.webp({ quality })
          : image.jpeg({ quality });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      format,
      data,
      width: info.width,
      height: info.height,
      sourceWidth: source.width,
      sourceHeight: source.height,
    };
  } catch (cause) {
    throw new HubError("IMAGE_INVALID", `screenshot could not be converted: ${(cause as Error).message}`, { cause });
  }
}
