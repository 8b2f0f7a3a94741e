/**
 * A stream for phones that cannot stream (the Mobilerun/Portal dialect, a droidhub phone without
 * the "stream" capability): screenshots taken one by one at the phone's rate limit, under the same
 * credit rule as a real stream. A screenshot is a command on the phone's queue, so it is taken only
 * when no other command waits: the agent's and the operator's commands go first, frames are what
 * gives way. A screenshot identical to the last one is not sent (the screen did not change).
 */

import type { ScreenStream, StreamListener, StreamSettings } from "../devices/screen-stream.js";
import type { DeviceSession } from "../devices/types.js";
import { pb } from "../protocol/codec.js";

export interface PolledStreamOptions {
  /** Least time between two screenshots (the phone's own rate limit). */
  minIntervalMs: number;
}

export function openPolledStream(
  session: DeviceSession,
  settings: StreamSettings,
  credits: number,
  listener: StreamListener,
  options: PolledStreamOptions,
): ScreenStream {
  const interval = Math.max(options.minIntervalMs, 1000 / Math.max(1, settings.maxFps));
  const screen = session.info.screen;
  const scale = settings.maxWidth > 0 && screen.width > settings.maxWidth ? settings.maxWidth / screen.width : 1;
  const width = Math.round(screen.width * scale);
  const height = Math.round(screen.height * scale);
  let credit = credits;
  let stopped = false;
  let seq = 0;
  let last: Uint8Array | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const busy = () => ((session as { pendingCount?: number }).pendingCount ?? 0) > 0;

  const tick = async (): Promise<void> => {
    timer = undefined;
    if (stopped || credit <= 0) return; // credit() starts the clock again
    if (!busy() && session.connected) {
      running = true;
      try {
        const capturedAtMs = Date.now();
        const { result } = await session.call({
          screenshot: {
            format: pb.ImageFormat.IMAGE_FORMAT_JPEG,
            quality: settings.quality,
            maxSide: Math.max(width, height),
          },
        });
        const image = result.image;
        seq++;
        if (!stopped && image?.data && !(last !== undefined && Buffer.from(image.data).equals(last))) {
          last = image.data;
          credit--;
          listener.frame({
            seq,
            capturedAtMs,
            receivedAtMs: Date.now(),
            jpeg: image.data,
            width: image.width ?? width,
            height: image.height ?? height,
            sourceWidth: image.sourceWidth ?? screen.width,
            sourceHeight: image.sourceHeight ?? screen.height,
          });
        }
      } catch {
        // A refused or failed screenshot (secure screen, a busy phone): try again next interval.
      } finally {
        running = false;
      }
    }
    schedule();
  };
  const schedule = (): void => {
    if (stopped || running || timer !== undefined || credit <= 0) return;
    timer = setTimeout(() => void tick(), interval);
  };
  schedule();
  return {
    description: { source: "polled", maxFps: Math.max(1, Math.floor(1000 / interval)), width, height },
    credit(frames) {
      credit += frames;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
