/**
 * The frame pipeline: every screenshot an agent takes enters here and is painted over where secrets
 * show (secret-mask.ts) before anything else sees it — the model, the verifier's A+B frame, the vision
 * detector, the stored step, the report. A frame that cannot be masked is dropped, never passed on.
 * Screenshots are best effort: a phone that cannot take one (a secure screen, a dialect without
 * screenshots) costs the run nothing.
 */
import type { DeviceSession } from "../devices/types.js";
import {
  type AnnotatedImage,
  annotateScreenshot,
  composeAB,
  maskRegions,
  type Rect,
  type ScreenSize,
  type UiElement,
} from "../perception/index.js";
import { pb } from "../protocol/codec.js";

export interface Frame {
  data: Uint8Array;
  format: "jpeg" | "webp";
  width: number;
  height: number;
}

/** The screen a frame shows: its size and where its secrets are (an Observation or a Perception). */
export interface FrameScreen {
  secrets: readonly Rect[];
  view: { screen: ScreenSize };
}

/** A raw screenshot with the screen's secrets painted over; undefined when it cannot be masked. */
export async function maskedFrame(raw: Buffer, screen: FrameScreen): Promise<Buffer | undefined> {
  try {
    return await maskRegions(raw, screen.secrets, screen.view.screen);
  } catch {
    return undefined;
  }
}

/** A screenshot of the screen just read (`screen`), masked. */
export async function captureFrame(
  session: DeviceSession,
  screen: FrameScreen,
  signal?: AbortSignal,
): Promise<Buffer | undefined> {
  let raw: Buffer | undefined;
  try {
    const { result } = await session.call(
      { screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, quality: 75, maxSide: 1600 } },
      signal ? { signal } : {},
    );
    const data = result.image?.data;
    raw = data && data.length > 0 && !result.image?.secure ? Buffer.from(data) : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
  return raw ? maskedFrame(raw, screen) : undefined;
}

function frameOf(image: AnnotatedImage): Frame {
  return { data: image.data, format: image.format, width: image.width, height: image.height };
}

/** The set-of-marks picture of a (masked) screen: what a person checking the step should see. */
export async function annotatedFrame(masked: Buffer, elements: readonly UiElement[]): Promise<Frame | undefined> {
  try {
    return frameOf(await annotateScreenshot(masked, elements, { scale: 0.5, quality: 70 }));
  } catch {
    return undefined;
  }
}

/** Action moment beside settled frame (both masked), for the verifier. */
export async function beforeAfter(before: Buffer, after: Buffer): Promise<Frame | undefined> {
  try {
    return frameOf(await composeAB(before, after, { labels: ["before", "after"] }));
  } catch {
    return undefined;
  }
}
