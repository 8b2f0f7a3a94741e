/**
 * The virtual phone's screen stream (StreamStartRequest): its rendered screen goes out as JPEG
 * frames when it changes, at most `max_fps` a second, scaled to `max_width`, and only while the
 * stream holds credit — each frame spends one, StreamCredit grants more, so the phone can never
 * send more frames than the hub granted. A frame the link refuses (results or events are waiting on
 * the socket: they go first) is dropped before it spends its credit and leaves a gap in `seq`;
 * the screen is offered again a frame interval later.
 */
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import type { StreamImage } from "../render/stream-renderer.js";
import { invalidArgument } from "./errors.js";

/** What the streamer needs from the device: what its screen shows, and a render of it. */
export interface StreamScreen {
  readonly width: number;
  readonly height: number;
  /** The renders paint the screen's password fields and list them (StreamInfo.paints). */
  readonly paints: boolean;
  /** Identifies everything the screen shows: a frame goes out only when it changes. */
  key(): string;
  /**
   * A renderer for one stream: a JPEG of the screen at `width`×`height`. Each stream has its own,
   * so it may keep the last frame's pixels and draw only what changed.
   */
  renderer(): FrameRenderer;
}

/** One stream's frames: `render` draws the screen now; `close` frees what the stream kept. */
export interface FrameRenderer {
  render(width: number, height: number, quality: number): Promise<StreamImage>;
  close(): void;
}

/** Sends one frame; false when the link cannot take it now (the frame is dropped, its credit kept). */
export type FrameSink = (frame: droidhub.v1.IStreamFrame) => boolean;

export const DEFAULT_STREAM_FPS = 10;
export const MAX_STREAM_FPS = 30;
export const DEFAULT_STREAM_QUALITY = 70;

interface Stream {
  readonly id: number;
  maxFps: number;
  width: number;
  height: number;
  quality: number;
  renderer: FrameRenderer;
  credits: number;
  seq: number;
  /** Key of the screen in the last frame sent; undefined before the first. */
  sentKey: string | undefined;
  /**
   * When the last frame's capture began. The next may begin 1/max_fps later, the render's own time
   * included: counting from when a frame went out would add the render to every interval.
   */
  lastCaptureAt: number;
  timer: NodeJS.Timeout | undefined;
  rendering: boolean;
  stopped: boolean;
}

export class ScreenStreamer {
  readonly #screen: StreamScreen;
  readonly #now: () => number;
  readonly #streams = new Map<number, Stream>();
  #sink: FrameSink | undefined;
  /** Frames sent since creation, over all streams (tests and the bench read it). */
  framesSent = 0;
  /** Frames the link refused (dropped before they spent credit). */
  framesDropped = 0;

  constructor(screen: StreamScreen, now: () => number = Date.now) {
    this.#screen = screen;
    this.#now = now;
  }

  /** Where frames go; one sink (the phone's link). */
  setSink(sink: FrameSink | undefined): void {
    this.#sink = sink;
    if (sink !== undefined) for (const stream of this.#streams.values()) this.#pump(stream);
  }

  get active(): number {
    return this.#streams.size;
  }

  /** Starts a stream, or changes a running one's settings; the first frame goes out at once if credit allows. */
  start(req: droidhub.v1.IStreamStartRequest): droidhub.v1.IStreamInfo {
    const id = req.streamId ?? 0;
    const fps = req.maxFps ?? 0;
    const quality = req.quality ?? 0;
    if (fps > MAX_STREAM_FPS) throw invalidArgument(`max_fps ${fps} is outside 1..${MAX_STREAM_FPS}`);
    if (quality > 100) throw invalidArgument(`quality ${quality} is outside 1..100`);
    const { width, height } = this.#scaled(req.maxWidth ?? 0);
    let stream = this.#streams.get(id);
    if (stream === undefined) {
      stream = {
        id,
        maxFps: 0,
        width,
        height,
        quality: 0,
        renderer: this.#screen.renderer(),
        credits: 0,
        seq: 0,
        sentKey: undefined,
        lastCaptureAt: Number.NEGATIVE_INFINITY,
        timer: undefined,
        rendering: false,
        stopped: false,
      };
      this.#streams.set(id, stream);
    } else {
      // New settings: the next frame must show them even if the screen did not change.
      stream.sentKey = undefined;
    }
    stream.maxFps = fps === 0 ? DEFAULT_STREAM_FPS : fps;
    stream.width = width;
    stream.height = height;
    stream.quality = quality === 0 ? DEFAULT_STREAM_QUALITY : quality;
    stream.credits += req.credits ?? 0;
    this.#pump(stream);
    return {
      streamId: id,
      source: pb.StreamSource.STREAM_SOURCE_RENDERED,
      maxFps: stream.maxFps,
      width,
      height,
      paints: this.#screen.paints,
    };
  }

  /** Stopping an unknown stream is fine (the protocol says so). */
  stop(id: number): void {
    const stream = this.#streams.get(id);
    if (stream === undefined) return;
    stream.stopped = true;
    clearTimeout(stream.timer);
    stream.renderer.close();
    this.#streams.delete(id);
  }

  stopAll(): void {
    for (const id of [...this.#streams.keys()]) this.stop(id);
  }

  /** StreamCredit from the hub; credit for an unknown stream is ignored. */
  credit(grant: droidhub.v1.IStreamCredit): void {
    const stream = this.#streams.get(grant.streamId ?? 0);
    if (stream === undefined) return;
    stream.credits += grant.credits ?? 0;
    this.#pump(stream);
  }

  /** The screen may have changed (the device ran a command). */
  changed(): void {
    for (const stream of this.#streams.values()) this.#pump(stream);
  }

  #scaled(maxWidth: number): { width: number; height: number } {
    const { width, height } = this.#screen;
    if (maxWidth === 0 || maxWidth >= width) return { width, height };
    return { width: maxWidth, height: Math.max(1, Math.round(height * (maxWidth / width))) };
  }

  #pump(stream: Stream): void {
    if (stream.stopped || stream.rendering || stream.timer !== undefined || this.#sink === undefined) return;
    if (stream.credits <= 0) return; // credit() pumps again
    const key = this.#screen.key();
    if (key === stream.sentKey) return; // changed() pumps again
    const wait = stream.lastCaptureAt + 1000 / stream.maxFps - this.#now();
    if (wait > 0) {
      stream.timer = setTimeout(() => {
        stream.timer = undefined;
        this.#pump(stream);
      }, wait);
      return;
    }
    void this.#capture(stream, key);
  }

  async #capture(stream: Stream, key: string): Promise<void> {
    stream.rendering = true;
    const capturedAtMs = this.#now();
    stream.lastCaptureAt = capturedAtMs;
    let rendered: StreamImage | undefined;
    try {
      rendered = await stream.renderer.render(stream.width, stream.height, stream.quality);
    } catch {
      rendered = undefined; // a failed render is a dropped frame; the next change tries again
    }
    stream.rendering = false;
    if (stream.stopped || rendered === undefined) return;
    stream.seq++;
    const { image, painted } = rendered;
    const sent = this.#sink?.({ streamId: stream.id, seq: stream.seq, capturedAtMs, image, painted }) ?? false;
    if (sent) {
      stream.credits--;
      stream.sentKey = key;
      this.framesSent++;
    } else {
      this.framesDropped++;
    }
    // The screen may have moved on while it rendered; a refused frame is offered again after the interval.
    this.#pump(stream);
  }
}
