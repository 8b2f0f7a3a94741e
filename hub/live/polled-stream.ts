/**
 * A stream for phones that cannot stream (the Mobilerun/Portal dialect, a droidhub phone without
 * the "stream" capability): screenshots taken one by one at the phone's rate limit, under the same
 * credit rule as a real stream. A screenshot is a command on the phone's queue, so it is taken only
 * when no other command waits: the agent's and the operator's commands go first, frames are what
 * gives way. A screenshot identical to the last one is not sent (the screen did not change).
 */

import type { ScreenFrame, ScreenStream, StreamListener, StreamSettings } from "../devices/screen-stream.js";
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
  const { width, height } = frameSize(screen, settings);
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
        const frame = await screenshotFrame(session, settings.quality, { width, height }, screen);
        seq++;
        if (!stopped && frame && !(last !== undefined && Buffer.from(frame.jpeg).equals(last))) {
          last = frame.jpeg;
          credit--;
          listener.frame({ seq, ...frame, receivedAtMs: Date.now() });
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
    description: { source: "polled", maxFps: Math.max(1, Math.floor(1000 / interval)), width, height, paints: false },
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

type Size = { width: number; height: number };

/** The frame size: the phone's screen scaled down (never up) to the settings' width. */
function frameSize(screen: Size, settings: StreamSettings): Size {
  const scale = settings.maxWidth > 0 && screen.width > settings.maxWidth ? settings.maxWidth / screen.width : 1;
  return { width: Math.round(screen.width * scale), height: Math.round(screen.height * scale) };
}

/**
 * One screenshot as a frame (without its sequence number and arrival time, which the stream
 * decides); undefined when the phone sent no picture. Throws when the phone refuses.
 */
async function screenshotFrame(
  session: DeviceSession,
  quality: number,
  size: Size,
  screen: Size,
): Promise<Omit<ScreenFrame, "seq" | "receivedAtMs"> | undefined> {
  const capturedAtMs = Date.now();
  const { result } = await session.call({
    screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, quality, maxSide: Math.max(size.width, size.height) },
  });
  const image = result.image;
  if (!image?.data) return undefined;
  return {
    capturedAtMs,
    jpeg: image.data,
    width: image.width ?? size.width,
    height: image.height ?? size.height,
    sourceWidth: image.sourceWidth ?? screen.width,
    sourceHeight: image.sourceHeight ?? screen.height,
  };
}
