/**
 * The live view's image work on a worker thread of its own (image-worker.ts), one per process:
 * checking a phone's painted blocks (mask-check.ts) and painting a frame (mask.ts). sharp does its
 * pixels on libuv's threads anyway, but setting up each pipeline is synchronous: about half a
 * millisecond of the calling thread per call (720×1600 JPEG, this 2-core machine). On the hub's
 * event loop that was half a millisecond, at every frame, in front of any phone's command result
 * or the operator's tap — the tail of the tap round trip with a stream running.
 *
 * The frame's bytes are copied (a viewer still needs them here) and the copy moves to the thread
 * rather than being cloned (posting a 44 KB frame: 25–32 µs cloned, 15–23 µs moved; what the
 * hub's event loop still spends per call is about 90 µs, against sharp's half a millisecond).
 * When the thread cannot run or dies, the work runs on the calling thread instead: the live view
 * is slower then, never unmasked.
 */
import { ownCopy, ThreadCalls, ThreadGone } from "../util/worker-thread.js";
import { maskRegions } from "./mask.js";
import { paintedGrey } from "./mask-check.js";
import type { Rect, ScreenSize } from "./snapshot.js";

export type ImageRequest =
  | { type: "paintedGrey"; jpeg: Uint8Array; rects: readonly Rect[]; screen: ScreenSize }
  | {
      type: "maskRegions";
      image: Uint8Array;
      rects: readonly Rect[];
      screen: ScreenSize;
      options: { quality?: number };
    };

/** What the live view does to frames' pixels; the thread's and the calling thread's are alike. */
export interface FrameImages {
  paintedGrey(jpeg: Uint8Array, rects: readonly Rect[], screen: ScreenSize): Promise<"grey" | "not grey" | "unknown">;
  maskRegions(
    image: Buffer,
    rects: readonly Rect[],
    screen: ScreenSize,
    options: { quality?: number },
  ): Promise<Buffer>;
}

/** On the calling thread. */
export const localImages: FrameImages = { paintedGrey, maskRegions };

const thread = new ThreadCalls<ImageRequest, unknown>(import.meta.url, "image-worker");

/** Why the image thread cannot run (its work then runs on the calling thread), or undefined. */
export function imageThreadBroken(): string | undefined {
  return thread.broken;
}

/** The thread did not answer (it died, or cannot start): the work runs here instead. */
const threadFailed = Symbol("the image thread failed");

/** The thread's answer; an error the work itself answered rejects as it would have here. */
async function onThread<T>(request: ImageRequest, transfer: ArrayBuffer[]): Promise<T | typeof threadFailed> {
  try {
    return (await thread.call(request, transfer)) as T;
  } catch (error) {
    if (error instanceof ThreadGone) return threadFailed;
    throw error;
  }
}

export const threadImages: FrameImages = {
  async paintedGrey(jpeg, rects, screen) {
    const bytes = ownCopy(jpeg);
    const answer = await onThread<"grey" | "not grey" | "unknown">(
      { type: "paintedGrey", jpeg: bytes, rects, screen },
      [bytes.buffer],
    );
    return answer === threadFailed ? paintedGrey(jpeg, rects, screen) : answer;
  },
  async maskRegions(image, rects, screen, options) {
    const bytes = ownCopy(image);
    const answer = await onThread<Uint8Array>({ type: "maskRegions", image: bytes, rects, screen, options }, [
      bytes.buffer,
    ]);
    if (answer === threadFailed) return maskRegions(image, rects, screen, options);
    return Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  },
};
