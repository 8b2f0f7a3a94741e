/**
 * Screenshots for the record and for a verifier that can see: best effort — a phone that cannot
 * take one (a secure screen, a dialect without screenshots) costs the run nothing.
 */
import type { DeviceSession } from "../devices/types.js";
import { type AnnotatedImage, annotateScreenshot, composeAB, type UiElement } from "../perception/index.js";
import { pb } from "../protocol/codec.js";

export interface Frame {
  data: Uint8Array;
  format: "jpeg" | "webp";
  width: number;
  height: number;
}

export async function captureFrame(session: DeviceSession, signal?: AbortSignal): Promise<Buffer | undefined> {
  try {
    const { result } = await session.call(
      { screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, quality: 75, maxSide: 1600 } },
      signal ? { signal } : {},
    );
    const data = result.image?.data;
    return data && data.length > 0 && !result.image?.secure ? Buffer.from(data) : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

function frameOf(image: AnnotatedImage): Frame {
  return { data: image.data, format: image.format, width: image.width, height: image.height };
}

/** The set-of-marks picture of a screen: what a person checking the step should see. */
export async function annotatedFrame(raw: Buffer, elements: readonly UiElement[]): Promise<Frame | undefined> {
  try {
    return frameOf(await annotateScreenshot(raw, elements, { scale: 0.5, quality: 70 }));
  } catch {
    return undefined;
  }
}

/** Action moment beside settled frame, for the verifier. */
export async function beforeAfter(before: Buffer, after: Buffer): Promise<Frame | undefined> {
  try {
    return frameOf(await composeAB(before, after, { labels: ["before", "after"] }));
  } catch {
    return undefined;
  }
}
