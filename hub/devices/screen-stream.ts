/**
 * A phone's screen as a stream of JPEG frames, in the phone vocabulary (no wire types above
 * `devices/`). A session that can stream (the droidhub dialect, capability "stream") implements
 * `StreamingSession`; for the others `hub/live` polls screenshots. Flow control is credit: the
 * opener grants frames (`credits` at open, `credit(n)` later) and the phone never sends more.
 */
import type { ScreenRect } from "./types.js";

export interface StreamSettings {
  /** 1..30 frames a second at most. */
  maxFps: number;
  /** Frames are scaled to at most this width; 0 = full width. */
  maxWidth: number;
  /** JPEG quality 1..100. */
  quality: number;
}

export type StreamSourceName = "projection" | "accessibility" | "rendered" | "polled";

export interface StreamDescription {
  source: StreamSourceName;
  maxFps: number;
  width: number;
  height: number;
  /**
   * The phone paints its password fields on every frame and lists them (ScreenFrame.painted): an
   * empty list says none is on screen. False: frames come as captured.
   */
  paints: boolean;
}

export interface ScreenFrame {
  /** 1, 2, … per stream; a gap is frames the phone dropped. */
  seq: number;
  /** Phone clock, when the pixels were captured. */
  capturedAtMs: number;
  /** Hub clock, when the frame arrived. */
  receivedAtMs: number;
  jpeg: Uint8Array;
  width: number;
  height: number;
  /** The screen size the frame was scaled from: viewer clicks map back through it. */
  sourceWidth: number;
  sourceHeight: number;
  /**
   * Screen-pixel places the phone says it painted over in mask grey before encoding (its password
   * fields); hub/live checks them before it believes it. Absent: the phone paints nothing.
   */
  painted?: readonly ScreenRect[];
  /** The phone's list broke the limits (too long, an inverted box): not believed, and not "none". */
  unreadablePaint?: true;
}

export interface StreamListener {
  frame(frame: ScreenFrame): void;
  /** The stream ended without being asked to (the phone stopped it, or its connection dropped). */
  stopped(reason: string): void;
}

export interface ScreenStream {
  readonly description: StreamDescription;
  /** Grants `frames` more frames. */
  credit(frames: number): void;
  /** Ends the stream; no frame reaches the listener afterwards. */
  stop(): Promise<void>;
}

export interface StreamingSession {
  /** Starts a stream with `credits` frames granted; rejects with a HubError (NOT_SUPPORTED, DEVICE_OFFLINE, …). */
  openStream(settings: StreamSettings, credits: number, listener: StreamListener): Promise<ScreenStream>;
}

export function canStream(session: object): session is StreamingSession {
  return typeof (session as Partial<StreamingSession>).openStream === "function";
}
