/**
 * The fan-out rules with a phone that sends a frame each time it is granted one (it implements
 * StreamingSession) and viewer sockets whose unsent bytes are counted exactly.
 */
import { describe, expect, it } from "vitest";
import type { ScreenStream, StreamingSession, StreamListener } from "../../../hub/devices/screen-stream.js";
import type { DeviceSession } from "../../../hub/devices/types.js";
import { decodeFrameMessage } from "../../../hub/live/frame-message.js";
import { LiveHub } from "../../../hub/live/live-hub.js";
import type { ViewerSocket } from "../../../hub/live/viewer.js";

const FRAME_BYTES = 10_000;

/** A phone whose every granted frame arrives at once (a fast link): credit is the only brake. */
class EagerPhone implements StreamingSession {
  granted = 0;
  sent = 0;
  stops = 0;
  #listener: StreamListener | undefined;
  readonly deviceId = "p";
  readonly sessionId = "s";
  readonly connected = true;
  readonly info = { screen: { width: 1080, height: 2400 }, capabilities: ["stream"] } as DeviceSession["info"];
  /** Its screen tree (read to find secrets to mask): nothing secret on it. */
  async call(): ReturnType<DeviceSession["call"]> {
    return { result: { ok: true, ui: { screen: { width: 1080, height: 2400 }, nodes: [] } }, ms: 0 };
  }
  onEvent(): () => void {
    return () => undefined;
  }

  async openStream(_settings: unknown, credits: number, listener: StreamListener): Promise<ScreenStream> {
    this.#listener = listener;
    const stream: ScreenStream = {
      description: { source: "rendered", maxFps: 10, width: 720, height: 1600, paints: false },
      credit: (frames) => {
        this.granted += frames;
        setImmediate(() => this.#send(frames));
      },
      stop: async () => {
        this.stops++;
        this.#listener = undefined;
      },
    };
    this.granted += credits;
    setImmediate(() => this.#send(credits));
    return stream;
  }

  #send(frames: number): void {
    for (let i = 0; i < frames; i++) {
      if (this.#listener === undefined) return;
      this.sent++;
      this.#listener.frame({
        seq: this.sent,
        capturedAtMs: Date.now(),
        receivedAtMs: Date.now(),
        jpeg: new Uint8Array(FRAME_BYTES),
        width: 720,
        height: 1600,
        sourceWidth: 1080,
        sourceHeight: 2400,
      });
    }
  }
}

/** A socket whose reader takes `drain()`-ed bytes only; `reading` false = it never reads. */
class CountingSocket implements ViewerSocket {
  bufferedAmount = 0;
  frames: number[] = [];
  closedWith: number | undefined;
  constructor(private readonly reading: boolean) {}
  sendBinary(data: Uint8Array): void {
    this.frames.push(decodeFrameMessage(data).header.seq);
    if (!this.reading) this.bufferedAmount += data.length;
  }
  sendText(): void {}
  close(code: number): void {
    this.closedWith = code;
  }
}

function hubWith(phone: EagerPhone, bufferBytes = 50_000): LiveHub {
  const session = phone as unknown as DeviceSession;
  return new LiveHub({ requireSession: () => session }, { viewerBufferBytes: bufferBytes, creditRetryMs: 5 });
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe("LiveFeed", () => {
  it("keeps a viewer that never reads within its cap plus one frame, while another gets every frame", async () => {
    const phone = new EagerPhone();
    const live = hubWith(phone);
    const fast = new CountingSocket(true);
    const slow = new CountingSocket(false);
    const a = live.watch("p", fast);
    const b = live.watch("p", slow);
    await tick(200);
    expect(fast.frames.length).toBeGreaterThan(100);
    expect(slow.bufferedAmount).toBeLessThanOrEqual(50_000 + FRAME_BYTES + 512);
    const [, slowViewer] = live.viewers("p");
    expect(slowViewer!.framesDropped).toBeGreaterThan(90);
    // Never more frames than granted, and never more than the window outstanding.
    expect(phone.sent).toBeLessThanOrEqual(phone.granted);
    expect(live.stats("p")!.outstandingCredit).toBeLessThanOrEqual(2);
    a.leave();
    b.leave();
  });

  it("grants no credit while every viewer is behind, and resumes once one has room", async () => {
    const phone = new EagerPhone();
    const live = hubWith(phone);
    const slow = new CountingSocket(false);
    const { leave } = live.watch("p", slow);
    await tick(200);
    const sent = phone.sent;
    expect(sent).toBeLessThan(20); // the cap took a handful, then the phone was told nothing more
    await tick(100);
    expect(phone.sent).toBe(sent);
    slow.bufferedAmount = 0; // the viewer read everything
    await tick(100);
    expect(phone.sent).toBeGreaterThan(sent);
    leave();
  });

  it("stops the phone's stream when the last viewer leaves, and starts again for the next", async () => {
    const phone = new EagerPhone();
    const live = hubWith(phone);
    const one = live.watch("p", new CountingSocket(true));
    const two = live.watch("p", new CountingSocket(true));
    await tick();
    one.leave();
    expect(phone.stops).toBe(0);
    two.leave();
    expect(phone.stops).toBe(1);
    expect(live.stats("p")).toBeUndefined();
    const socket = new CountingSocket(true);
    const three = live.watch("p", socket);
    await tick();
    expect(socket.frames[0]).toBeGreaterThan(0);
    three.leave();
    expect(phone.stops).toBe(2);
  });
});
