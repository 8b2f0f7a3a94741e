/**
 * The picture of every step, in every mode (chain, step, replay, script): the screen the step acted
 * on, masked (frames.ts), with what it did drawn on it (a ring where it tapped, an arrow for a swipe,
 * an outline round the field it typed into, a caption). Emitted as `step_frame` — the task runner
 * stores the image by hash — or, when there is no picture, as `frame_missing` with the reason, so a
 * report can say why a run has none.
 */
import type { DeviceSession } from "../devices/types.js";
import type { ActionMark, ScreenSize } from "../perception/index.js";
import type { EventSink } from "./events.js";
import { actionFrame, type FrameScreen, type Shot, takeShot } from "./frames.js";

/** Which step a frame belongs to: step_started/step_finished carry the same three (step mode: group "step"). */
export interface StepKey {
  group: string;
  step_num: number;
  attempt: number;
}

/** The group step mode's frames use: its steps have a number, not a group. */
export const STEP_MODE_GROUP = "step";

export interface StepFramesOptions {
  session: DeviceSession;
  emit: EventSink;
  /** Secret values → placeholders, applied to the caption before it is drawn. */
  redact: (text: string) => string;
  signal?: AbortSignal | undefined;
  /** Set when this run takes no screenshots: the reason every step reports. */
  off?: string | undefined;
}

export class StepFrames {
  readonly #o: StepFramesOptions;

  constructor(options: StepFramesOptions) {
    this.#o = options;
  }

  /** The masked screenshot of `screen`, taken now — before the step acts on it. */
  take(screen: FrameScreen): Promise<Shot> {
    if (this.#o.off) return Promise.resolve({ missing: this.#o.off });
    return takeShot(this.#o.session, screen, this.#o.signal);
  }

  /** Draws what the step did on `shot` and emits the frame, or emits why there is none. */
  async record(key: StepKey, shot: Shot, mark: ActionMark, screen: ScreenSize): Promise<void> {
    if (shot.missing !== undefined) {
      this.missing(key, shot.missing);
      return;
    }
    const caption = this.#o.redact(`${key.step_num}. ${mark.caption}`);
    const image = await actionFrame(shot.image, { gesture: mark.gesture, caption }, screen);
    if (image) this.#o.emit({ type: "step_frame", ...key, did: caption, image });
    else this.#o.emit({ type: "frame_missing", ...key, reason: "the screenshot could not be annotated" });
  }

  /** Emits why the step has no picture. */
  missing(key: StepKey, reason: string): void {
    this.#o.emit({ type: "frame_missing", ...key, reason });
  }
}
