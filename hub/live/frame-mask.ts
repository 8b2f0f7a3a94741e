/**
 * Live frames leave the hub with the screen's secrets painted over, as screenshots do
 * (perception/mask.ts paints, in the same grey). What is secret comes from the phone's own
 * accessibility tree: password fields, and — while a run holds the phone — what the run's mask finds
 * on that tree (a task's secret values, fields they were typed into, what a person typed during a
 * takeover).
 *
 * Cost: a frame is decoded and encoded again only when the screen has something to hide; a screen
 * without secrets goes out untouched. A phone that paints its own password fields (StreamFrame's
 * `painted`: the droidhub portal and the virtual phone do) saves that too: when what it painted
 * covers every place to hide, a 1/8-scale read checks the places are grey (perception/mask-check.ts)
 * and the frame goes out as sent — a fifth of the CPU. A run's typed secrets in other fields, or a
 * phone whose blocks are not grey, get the hub's paint as before; after one block found not grey
 * the hub stops believing that phone's word for the rest of the stream.
 *
 * The tree. A phone whose stream paints every frame (StreamDescription.paints) lists its password
 * fields with each frame; that list is its word on where they are, as its tree is, so while no run
 * holding the phone has secrets of its own to find (RunSecrets.any), the list is used and no tree is
 * read: a tree read is a command on the phone's serial line, in front of the agent's or the
 * operator's next tap, after every change. Otherwise the last tree is reused until the phone reports
 * a change (a device event) or it is older than `maxTreeAgeMs`; a phone that sends no events has its
 * tree read for every frame. A frame that cannot be masked (no tree, an undecodable image) is
 * dropped, never sent in clear.
 */

import type { ScreenFrame } from "../devices/screen-stream.js";
import type { DeviceSession, ScreenRect } from "../devices/types.js";
import { type FrameImages, threadImages } from "../perception/image-thread.js";
import {
  contains,
  intersect,
  isEmpty,
  parseSnapshot,
  type Rect,
  type ScreenSize,
  screenRect,
} from "../perception/index.js";
import type { droidhub } from "../protocol/generated/droidhub.js";

export interface MaskOptions {
  /** JPEG quality of a masked frame (the stream's). */
  quality: number;
  /** Reuse a tree at most this long even without events (a lost event must not hide a secret for long). */
  maxTreeAgeMs: number;
  /** The run holding the phone, if it may hide more than password fields. */
  runSecrets?: RunSecrets;
  /** Where the pixel work runs: a worker thread (image-thread.ts), unless a caller says otherwise. */
  images?: FrameImages;
}

/** What the run holding the phone hides on its screen beyond password fields (DeviceRegistry). */
export interface RunSecrets {
  /** Whether it has anything to look for (DeviceRegistry.runHides); false: only password fields. */
  any(): boolean;
  /** Where its secrets show on the screen `tree` describes (DeviceRegistry.secretsOn). */
  on(tree: droidhub.v1.IUiTree): ScreenRect[];
}

interface Secrets {
  rects: Rect[];
  screen: ScreenSize;
  readAtMs: number;
}

export class FrameMask {
  readonly #session: DeviceSession;
  readonly #options: MaskOptions;
  readonly #events: boolean;
  readonly #unsubscribe: () => void;
  readonly #images: FrameImages;
  #secrets: Secrets | undefined;
  /** The tree must be read again before the next frame goes out. */
  #stale = true;
  /** Frames are masked one after the other, so they leave in order. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Frames painted over, and frames dropped because they could not be (tests and stats read them). */
  masked = 0;
  unmaskable = 0;
  treeReads = 0;
  /** Frames the phone had painted itself (checked, sent as they came), and its blocks found not grey. */
  phonePainted = 0;
  paintRefused = 0;
  /** False once a block the phone said it painted was not grey: its word is not taken again. */
  #believePhone = true;
  /** The stream paints every frame and lists its password fields (StreamDescription.paints). */
  phonePaints = false;

  constructor(session: DeviceSession, options: MaskOptions) {
    this.#session = session;
    this.#options = options;
    this.#images = options.images ?? threadImages;
    this.#events = session.info.dialect === "droidhub" && session.info.capabilities.includes("events");
    this.#unsubscribe = session.onEvent(() => {
      this.#stale = true;
    });
  }

  /** The frame as it may leave the hub (in the order given); undefined when it could not be masked. */
  apply(frame: ScreenFrame): Promise<ScreenFrame | undefined> {
    const next = this.#queue.then(() => this.#apply(frame));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.#unsubscribe();
  }

  async #apply(frame: ScreenFrame): Promise<ScreenFrame | undefined> {
    if (this.#byPhoneList(frame)) {
      const asSent = await this.#checkPhoneList(frame);
      if (asSent) return frame;
    }
    const secrets = await this.#current();
    if (secrets === undefined) {
      this.unmaskable++;
      return undefined;
    }
    if (secrets.rects.length === 0) return frame;
    if (await this.#paintedByPhone(frame, secrets)) return frame;
    try {
      const jpeg = await this.#images.maskRegions(Buffer.from(frame.jpeg), secrets.rects, secrets.screen, {
        quality: this.#options.quality,
      });
      this.masked++;
      return { ...frame, jpeg };
    } catch {
      this.unmaskable++;
      return undefined;
    }
  }

  /** Whether the frame's own list says where to hide, without a tree: see the head of the file. */
  #byPhoneList(frame: ScreenFrame): boolean {
    if (!this.phonePaints || !this.#believePhone || frame.unreadablePaint) return false;
    if (frame.sourceWidth <= 0 || frame.sourceHeight <= 0) return false;
    return this.#options.runSecrets === undefined || !this.#options.runSecrets.any();
  }

  /** True when the frame may go as sent: it lists no password field, or its blocks are grey. */
  async #checkPhoneList(frame: ScreenFrame): Promise<boolean> {
    const size = { w: frame.sourceWidth, h: frame.sourceHeight };
    const places = onScreen(frame.painted ?? [], size);
    return places.length === 0 || this.#greyAt(frame, places, size);
  }

  /** The phone painted every place the tree says to hide, and they are grey. */
  async #paintedByPhone(frame: ScreenFrame, secrets: Secrets): Promise<boolean> {
    const painted = frame.painted;
    if (!this.#believePhone || painted === undefined || painted.length === 0) return false;
    const places = onScreen(secrets.rects, secrets.screen);
    // A run's secret elsewhere, or a tree that moved on: the hub paints.
    if (places.length === 0 || !places.every((r) => painted.some((p) => contains(p, r)))) return false;
    return this.#greyAt(frame, places, secrets.screen);
  }

  /** Whether the frame is grey at `places`; a place that is not makes the hub stop believing the phone. */
  async #greyAt(frame: ScreenFrame, places: Rect[], size: ScreenSize): Promise<boolean> {
    const check = await this.#images.paintedGrey(frame.jpeg, places, size);
    if (check === "grey") this.phonePainted++;
    else if (check === "not grey") {
      this.paintRefused++;
      this.#believePhone = false;
    }
    return check === "grey";
  }

  /** Where secrets show now: the last tree's places, read again when it may be out of date. */
  async #current(): Promise<Secrets | undefined> {
    const last = this.#secrets;
    const fresh = last !== undefined && Date.now() - last.readAtMs < this.#options.maxTreeAgeMs;
    if (fresh && this.#events && !this.#stale) return last;
    this.#stale = false;
    try {
      this.treeReads++;
      const { result } = await this.#session.call({ getUi: { allWindows: true } }, { timeoutMs: 10_000 });
      if (!result.ui) return undefined;
      const snapshot = parseSnapshot(result.ui);
      const rects = [...passwordFields(snapshot.nodes), ...(this.#options.runSecrets?.on(result.ui) ?? [])];
      this.#secrets = { rects, screen: snapshot.screen, readAtMs: Date.now() };
    } catch {
      this.#stale = true;
      return undefined;
    }
    return this.#secrets;
  }
}

/** The parts of `rects` on a `size` screen, empty ones left out. */
function onScreen(rects: readonly Rect[], size: ScreenSize): Rect[] {
  const screen = screenRect(size);
  return rects.map((r) => intersect(r, screen)).filter((r) => !isEmpty(r));
}

/** The phone's own word: fields its accessibility tree marks as password fields. */
function passwordFields(nodes: ReturnType<typeof parseSnapshot>["nodes"]): Rect[] {
  return nodes.filter((n) => n.visible && n.password).map((n) => n.bounds);
}
