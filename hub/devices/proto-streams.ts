/**
 * The droidhub dialect's screen streams for one session: stream ids, the credit each stream was
 * granted, and the frames and StreamStopped events the phone sends. The hub checks the credit
 * itself: a frame beyond what was granted is a phone breaking the protocol, so it is counted and
 * dropped, never handed on. A stream lives on one connection (the phone ends it when its link
 * drops), so a drop or the end of the session stops every stream with a reason.
 */
import { HubError } from "../errors/hub-error.js";
import { encodeEnvelope, pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import type {
  ScreenStream,
  StreamDescription,
  StreamListener,
  StreamSettings,
  StreamSourceName,
} from "./screen-stream.js";
import type { CallOutcome, DeviceRequest, ScreenRect } from "./types.js";

/** What the streams need from their session. */
export interface StreamLink {
  readonly deviceId: string;
  readonly capabilities: readonly string[];
  call(request: DeviceRequest): Promise<CallOutcome>;
  /** Writes a frame that is never answered (StreamCredit); false without a live connection. */
  sendFrame(frame: Uint8Array): boolean;
  warn(message: string, details: Record<string, unknown>): void;
}

interface Open {
  listener: StreamListener;
  /** Frames granted and not yet received. */
  credit: number;
}

const SOURCES: Record<number, StreamSourceName> = {
  [pb.StreamSource.STREAM_SOURCE_PROJECTION]: "projection",
  [pb.StreamSource.STREAM_SOURCE_ACCESSIBILITY]: "accessibility",
  [pb.StreamSource.STREAM_SOURCE_RENDERED]: "rendered",
  [pb.StreamSource.STREAM_SOURCE_POLLED]: "polled",
};

export class ProtoStreams {
  readonly #link: StreamLink;
  readonly #open = new Map<number, Open>();
  #lastId = 0;
  /** Frames the phone sent beyond its credit (dropped). */
  overCredit = 0;

  constructor(link: StreamLink) {
    this.#link = link;
  }

  get active(): number {
    return this.#open.size;
  }

  async open(settings: StreamSettings, credits: number, listener: StreamListener): Promise<ScreenStream> {
    if (!this.#link.capabilities.includes("stream")) {
      throw new HubError("NOT_SUPPORTED", `device ${this.#link.deviceId} cannot stream its screen`, {
        details: { deviceId: this.#link.deviceId },
      });
    }
    const id = ++this.#lastId;
    const entry: Open = { listener, credit: credits };
    // Registered before the start goes out: the first frame may arrive right behind the result.
    this.#open.set(id, entry);
    let outcome: CallOutcome;
    try {
      outcome = await this.#link.call({
        streamStart: {
          streamId: id,
          maxFps: settings.maxFps,
          maxWidth: settings.maxWidth,
          quality: settings.quality,
          credits,
        },
      });
    } catch (error) {
      this.#open.delete(id);
      throw error;
    }
    const description = describe(outcome.result.stream);
    return {
      description,
      credit: (frames) => this.#credit(id, frames),
      stop: () => this.#stop(id),
    };
  }

  /** A StreamFrame from the phone. */
  frame(frame: droidhub.v1.IStreamFrame): void {
    const id = frame.streamId ?? 0;
    const entry = this.#open.get(id);
    if (entry === undefined) return; // a late frame of a stopped stream
    if (entry.credit <= 0) {
      this.overCredit++;
      this.#link.warn("stream frame beyond the granted credit, dropped", { streamId: id, seq: Number(frame.seq) });
      return;
    }
    entry.credit--;
    const image = frame.image;
    if (!image?.data || image.data.length === 0) return; // spent its credit, shows nothing
    entry.listener.frame({
      seq: Number(frame.seq ?? 0),
      capturedAtMs: Number(frame.capturedAtMs ?? 0),
      receivedAtMs: Date.now(),
      jpeg: image.data,
      width: image.width ?? 0,
      height: image.height ?? 0,
      sourceWidth: image.sourceWidth ?? 0,
      sourceHeight: image.sourceHeight ?? 0,
      ...paintedOf(frame.painted),
    });
  }

  /** The phone ended a stream by itself. */
  stoppedByPhone(event: droidhub.v1.IStreamStopped): void {
    const id = event.streamId ?? 0;
    const entry = this.#open.get(id);
    if (entry === undefined) return;
    this.#open.delete(id);
    entry.listener.stopped(event.reason || "the phone stopped the stream");
  }

  /** The connection dropped or the session ended: every stream is gone with it. */
  dropAll(reason: string): void {
    const entries = [...this.#open.values()];
    this.#open.clear();
    for (const entry of entries) entry.listener.stopped(reason);
  }

  #credit(id: number, frames: number): void {
    const entry = this.#open.get(id);
    if (entry === undefined || frames <= 0) return;
    entry.credit += frames;
    this.#link.sendFrame(encodeEnvelope({ id: 0, streamCredit: { streamId: id, credits: frames } }));
  }

  async #stop(id: number): Promise<void> {
    if (!this.#open.delete(id)) return;
    try {
      await this.#link.call({ streamStop: { streamId: id } });
    } catch {
      // Offline or ended: the phone's stream died with its connection.
    }
  }
}

function describe(info: droidhub.v1.IStreamInfo | null | undefined): StreamDescription {
  return {
    source: SOURCES[info?.source ?? 0] ?? "rendered",
    maxFps: info?.maxFps ?? 0,
    width: info?.width ?? 0,
    height: info?.height ?? 0,
    paints: info?.paints === true,
  };
}

/** A screen shows a handful of password fields; a longer list is not believed (the hub paints). */
const MAX_PAINTED = 32;

/**
 * The phone's painted places as screen rects; none for an empty list. An oversized or malformed list
 * gives none either, and says so: it must not read as "no password field on screen".
 */
function paintedOf(painted: droidhub.v1.IBounds[] | null | undefined): {
  painted?: ScreenRect[];
  unreadablePaint?: true;
} {
  if (!painted || painted.length === 0) return {};
  if (painted.length > MAX_PAINTED) return { unreadablePaint: true };
  const rects: ScreenRect[] = [];
  for (const b of painted) {
    const rect = [b.left ?? 0, b.top ?? 0, b.right ?? 0, b.bottom ?? 0] as const;
    if (rect[2] <= rect[0] || rect[3] <= rect[1]) return { unreadablePaint: true };
    rects.push(rect);
  }
  return { painted: rects };
}
