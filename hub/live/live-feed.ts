/**
 * One phone's live screen and the people watching it. The phone streams only while someone
 * watches: the first viewer starts the stream, the last one to leave stops it. Each frame is
 * encoded once and offered to every viewer; a viewer that is behind has it dropped (viewer.ts).
 *
 * Credit: the feed keeps at most `creditWindow` frames granted and not yet received, and grants
 * the next one when a frame was taken by at least one viewer. While every viewer is behind, no
 * credit goes out, so the phone stops spending its (maybe cellular) link on frames nobody can take;
 * the credit owed is granted once a viewer has room again.
 */

import { canStream, type ScreenFrame, type ScreenStream, type StreamSettings } from "../devices/screen-stream.js";
import type { DeviceSession } from "../devices/types.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import { FrameMask, type RunSecrets } from "./frame-mask.js";
import { encodeFrameMessage } from "./frame-message.js";
import { openPolledStream } from "./polled-stream.js";
import type { Viewer } from "./viewer.js";

export interface FeedOptions {
  settings: StreamSettings;
  /** Frames granted ahead (in flight on the link at most). */
  creditWindow: number;
  /** Least time between two screenshots of a polled phone. */
  pollIntervalMs: number;
  /** Wait before starting again a stream that failed or ended while viewers remain. */
  restartDelayMs: number;
  /** How often owed credit is retried while every viewer is behind. */
  creditRetryMs: number;
  /** Longest a phone's tree is trusted for masking without a device event (frame-mask.ts). */
  maskTreeMaxAgeMs: number;
}

export interface MaskingStats {
  masked: number;
  unmaskable: number;
  treeReads: number;
  phonePainted: number;
  paintRefused: number;
}

export interface FeedStats {
  viewers: number;
  streaming: boolean;
  source: string | undefined;
  framesIn: number;
  /** Frames granted and not yet received. */
  outstandingCredit: number;
}

export class LiveFeed {
  readonly viewers = new Set<Viewer>();
  readonly #deviceId: string;
  readonly #session: () => DeviceSession;
  readonly #options: FeedOptions;
  #stream: ScreenStream | undefined;
  /** Bumped on every start and stop: a start that finishes after a stop is stopped at once. */
  #generation = 0;
  #starting = false;
  #owed = 0;
  #outstanding = 0;
  #creditTimer: NodeJS.Timeout | undefined;
  #restartTimer: NodeJS.Timeout | undefined;
  /** The latest frame: a viewer who joins a running stream sees the screen at once, not at its next change. */
  #lastMessage: Uint8Array | undefined;
  framesIn = 0;

  readonly #runSecrets: RunSecrets | undefined;
  #mask: FrameMask | undefined;

  constructor(deviceId: string, session: () => DeviceSession, options: FeedOptions, runSecrets?: RunSecrets) {
    this.#deviceId = deviceId;
    this.#session = session;
    this.#options = options;
    this.#runSecrets = runSecrets;
  }

  /**
   * Frames painted over / dropped because they could not be / painted by the phone itself and sent
   * as they came / whose phone-painted blocks were not grey (undefined while not streaming).
   */
  get masking(): MaskingStats | undefined {
    const mask = this.#mask;
    return (
      mask && {
        masked: mask.masked,
        unmaskable: mask.unmaskable,
        treeReads: mask.treeReads,
        phonePainted: mask.phonePainted,
        paintRefused: mask.paintRefused,
      }
    );
  }

  get stats(): FeedStats {
    return {
      viewers: this.viewers.size,
      streaming: this.#stream !== undefined,
      source: this.#stream?.description.source,
      framesIn: this.framesIn,
      outstandingCredit: this.#outstanding,
    };
  }

  add(viewer: Viewer): void {
    this.viewers.add(viewer);
    if (this.#stream !== undefined) viewer.notice({ type: "stream", ...this.#stream.description });
    if (this.#stream !== undefined && this.#lastMessage !== undefined) viewer.offer(this.#lastMessage);
    if (this.viewers.size === 1) void this.#start();
  }

  /** True when this was the last viewer (the stream is stopping). */
  remove(viewer: Viewer): boolean {
    if (!this.viewers.delete(viewer) || this.viewers.size > 0) return false;
    this.#stop();
    return true;
  }

  close(code: number, reason: string): void {
    for (const viewer of this.viewers) viewer.close(code, reason);
    this.viewers.clear();
    this.#stop();
  }

  async #start(): Promise<void> {
    if (this.#starting || this.#stream !== undefined || this.viewers.size === 0) return;
    this.#starting = true;
    const generation = ++this.#generation;
    const { creditWindow } = this.#options;
    const listener = {
      frame: (frame: ScreenFrame) => this.#onFrame(generation, frame),
      stopped: (reason: string) => this.#onStopped(generation, reason),
    };
    // Frames may arrive before the start's answer is seen here: they count against this window.
    this.#outstanding = creditWindow;
    this.#owed = 0;
    let stream: ScreenStream;
    try {
      stream = await this.#open(listener);
    } catch (error) {
      this.#starting = false;
      if (generation !== this.#generation) return;
      const hubError = isHubError(error) ? error : new HubError("INTERNAL", "the stream could not start");
      this.#notice({ type: "error", code: hubError.code, message: hubError.message });
      this.#restartLater();
      return;
    }
    this.#starting = false;
    if (generation !== this.#generation) {
      void stream.stop(); // every viewer left while it started
      return;
    }
    this.#stream = stream;
    this.#notice({ type: "stream", ...stream.description });
    const owed = this.#owed;
    this.#owed = 0;
    if (owed > 0) this.#grant(owed);
  }

  async #open(listener: Parameters<typeof openPolledStream>[3]): Promise<ScreenStream> {
    const session = this.#session();
    const { settings, creditWindow, pollIntervalMs } = this.#options;
    this.#mask?.close();
    const mask = new FrameMask(session, {
      quality: settings.quality,
      maxTreeAgeMs: this.#options.maskTreeMaxAgeMs,
      ...(this.#runSecrets && { runSecrets: this.#runSecrets }),
    });
    this.#mask = mask;
    if (canStream(session)) {
      try {
        const stream = await session.openStream(settings, creditWindow, listener);
        // Frames that came before this answer were masked by the tree, as for any phone.
        mask.phonePaints = stream.description.paints;
        return stream;
      } catch (error) {
        // A phone without the "stream" capability: its screenshots, polled, are the stream.
        if (!(isHubError(error) && error.code === "NOT_SUPPORTED")) throw error;
      }
    }
    return openPolledStream(session, settings, creditWindow, listener, { minIntervalMs: pollIntervalMs });
  }

  #stop(): void {
    this.#generation++;
    clearTimeout(this.#creditTimer);
    clearTimeout(this.#restartTimer);
    this.#creditTimer = undefined;
    this.#restartTimer = undefined;
    const stream = this.#stream;
    this.#stream = undefined;
    this.#outstanding = 0;
    this.#owed = 0;
    this.#lastMessage = undefined;
    this.#mask?.close();
    this.#mask = undefined;
    if (stream !== undefined) void stream.stop();
  }

  #onFrame(generation: number, frame: ScreenFrame): void {
    if (generation !== this.#generation) return;
    this.framesIn++;
    this.#outstanding = Math.max(0, this.#outstanding - 1);
    const mask = this.#mask;
    if (mask === undefined) return;
    void mask.apply(frame).then((masked) => {
      if (generation !== this.#generation) return;
      if (masked === undefined)
        this.#grant(1); // dropped, never sent in clear: the phone may send the next
      else this.#deliver(masked);
    });
  }

  /** One (masked) frame to every viewer that keeps up; the next credit when one took it. */
  #deliver(frame: ScreenFrame): void {
    const message = encodeFrameMessage(frame, Date.now());
    this.#lastMessage = message;
    let taken = false;
    for (const viewer of this.viewers) if (viewer.offer(message)) taken = true;
    if (taken) this.#grant(1);
    else {
      this.#owed++;
      this.#retryCredit();
    }
  }

  #grant(frames: number): void {
    const stream = this.#stream;
    if (stream === undefined) {
      this.#owed += frames; // granted once the start's answer is in
      return;
    }
    this.#outstanding += frames;
    stream.credit(frames);
  }

  /** Every viewer was behind: grant what is owed once one of them has room again. */
  #retryCredit(): void {
    if (this.#creditTimer !== undefined) return;
    this.#creditTimer = setTimeout(() => {
      this.#creditTimer = undefined;
      if (this.#stream === undefined || this.#owed === 0) return;
      if ([...this.viewers].some((viewer) => viewer.ready)) {
        const owed = this.#owed;
        this.#owed = 0;
        this.#grant(owed);
      } else this.#retryCredit();
    }, this.#options.creditRetryMs);
  }

  #onStopped(generation: number, reason: string): void {
    if (generation !== this.#generation) return;
    this.#stream = undefined;
    this.#notice({ type: "stopped", reason });
    this.#restartLater();
  }

  #restartLater(): void {
    if (this.viewers.size === 0 || this.#restartTimer !== undefined) return;
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      void this.#start();
    }, this.#options.restartDelayMs);
  }

  #notice(message: Record<string, unknown>): void {
    for (const viewer of this.viewers) viewer.notice({ deviceId: this.#deviceId, ...message });
  }
}
