/**
 * A virtual Android phone: executes droidhub.v1 requests against data-defined apps and answers
 * with Results, exactly as the portal would. Per-device state is a handful of fields (back stack of
 * shared frames, field values, counters; `phone-state.ts`); trees and screenshots are shared through
 * caches. Input requests live in `input.ts`, what the phone reports in `screen.ts`.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { pb, type RequestBody } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { findApp } from "../apps/index.js";
import { errorResult, invalidArgument, notSupported } from "./errors.js";
import * as input from "./input.js";
import type { SimKnobs } from "./knobs.js";
import { PhoneState } from "./phone-state.js";
import { ACTIONS, bodyOf, describe } from "./requests.js";
import { deviceState, getUi, helloOf, installedApps, screenshot, streamRenderer } from "./screen.js";
import { type FrameSink, ScreenStreamer } from "./screen-streamer.js";
import { stateKey } from "./tree.js";

export type { SimKnobs } from "./knobs.js";

export interface VirtualDeviceOptions {
  deviceId: string;
  /** App id or package launched at start; default "launcher". */
  app?: string;
  width?: number;
  height?: number;
  knobs?: SimKnobs;
  /** Keep `executed`; default true. Turn off for large idle fleets. */
  record?: boolean;
  /** Most entries `executed` keeps (oldest dropped first); default 10,000. */
  maxRecorded?: number;
  /** Wall clock for the status bar and timestamps; default Date.now. */
  now?: () => number;
}

export interface ExecutedAction {
  requestId: number;
  /** Envelope body name ("tap", "getUi", …) or "none" for an envelope without a request body. */
  kind: string;
  detail: string;
}

type Listener = (e: droidhub.v1.IDeviceEvent) => void;
type Snapshot = { fg: string; key: string; keyboard: boolean };

const NO_KNOBS: SimKnobs = Object.freeze({});
/** The portal's gesture times when a request gives none, and the longest this phone holds one. */
const LONG_PRESS_MS = 600;
const SWIPE_MS = 300;
const MAX_HOLD_MS = 10_000;
const NO_RECORDS: readonly ExecutedAction[] = Object.freeze([]);

export class VirtualDevice {
  readonly deviceId: string;
  private readonly phone: PhoneState;
  private readonly maxRecorded: number;
  private listeners: Set<Listener> | undefined;
  private log: ExecutedAction[] | undefined;
  private streamer: ScreenStreamer | undefined;

  constructor(opts: VirtualDeviceOptions) {
    this.deviceId = opts.deviceId;
    const width = opts.width ?? 1080;
    const height = opts.height ?? 2400;
    if (!(width > 0 && height > 0)) throw new RangeError("width and height must be positive");
    this.maxRecorded = opts.record === false ? 0 : (opts.maxRecorded ?? 10_000);
    const app = findApp(opts.app ?? "launcher");
    if (app === undefined) throw new RangeError(`unknown app ${opts.app}`);
    this.phone = new PhoneState(width, height, opts.knobs ?? NO_KNOBS, opts.now ?? Date.now, opts.deviceId, app);
  }

  /** The first frame a portal sends (the client adds resume token and cached ids). */
  hello(): droidhub.v1.IHello {
    return helloOf(this.deviceId, this.phone.width, this.phone.height, this.phone.knobs);
  }

  /** Every request executed, in order (empty when recording is off). */
  get executed(): readonly ExecutedAction[] {
    return this.log ?? NO_RECORDS;
  }

  /** Package and activity in the foreground. */
  get foreground(): { packageName: string; activity: string } {
    const base = this.phone.view().base;
    return { packageName: base.app.pkg, activity: base.app.pkg + base.screen.activity };
  }

  /** The device's current state without executing (and recording) a request. */
  currentState(): droidhub.v1.IDeviceState {
    return deviceState(this.phone);
  }

  onEvent(listener: Listener): () => void {
    if (this.listeners === undefined) this.listeners = new Set();
    this.listeners.add(listener);
    return () => {
      this.listeners?.delete(listener);
      if (this.listeners?.size === 0) this.listeners = undefined;
    };
  }

  /** Runs one request; never throws: failures come back as Result{ok:false, error}. */
  async execute(request: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
    const started = performance.now();
    const delay = this.phone.delay();
    if (delay > 0) await sleep(delay);
    const body = bodyOf(request);
    const before = this.listeners === undefined ? undefined : this.snapshot();
    let result: droidhub.v1.IResult;
    try {
      if (this.maxRecorded > 0) this.record(request, body);
      if (body === undefined) throw invalidArgument("envelope carries no request body");
      result = await this.dispatch(body, request);
      if (ACTIONS.has(body)) this.phone.countAction();
    } catch (error) {
      result = errorResult(error);
    }
    result.durationMs = Math.round(performance.now() - started);
    if (before !== undefined) this.emitChanges(before);
    this.streamer?.changed();
    return result;
  }

  // ------------------------------------------------------------------ dispatch

  private async dispatch(body: RequestBody, r: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
    const phone = this.phone;
    switch (body) {
      case "getUi":
        return { ok: true, ui: getUi(phone, r.getUi?.allWindows === true) };
      case "screenshot":
        return { ok: true, image: await screenshot(phone, r.screenshot ?? {}) };
      case "tap":
        input.touch(phone, r.tap?.x ?? 0, r.tap?.y ?? 0, false);
        return { ok: true };
      case "longPress":
        input.touch(phone, r.longPress?.x ?? 0, r.longPress?.y ?? 0, true);
        await this.hold(r.longPress?.durationMs, LONG_PRESS_MS);
        return { ok: true };
      case "swipe":
        input.swipe(phone, r.swipe ?? {});
        await this.hold(r.swipe?.durationMs, SWIPE_MS);
        return { ok: true };
      case "scroll":
        input.scroll(phone, r.scroll ?? {});
        return { ok: true };
      case "inputText":
        input.inputText(phone, r.inputText ?? {});
        return { ok: true };
      case "pressKey":
        input.pressKey(phone, r.pressKey?.key ?? pb.Key.KEY_UNSPECIFIED);
        return { ok: true };
      case "launchApp":
        input.launchApp(phone, r.launchApp?.packageName ?? "", r.launchApp?.activity ?? "");
        return { ok: true };
      case "openUrl":
        input.openUrl(phone, r.openUrl?.url ?? "");
        return { ok: true };
      case "listApps":
        return { ok: true, apps: { apps: installedApps(r.listApps?.includeSystem === true) } };
      case "getState":
        return { ok: true, state: deviceState(phone) };
      case "streamStart":
        if (phone.knobs.screenshots === "none") throw notSupported("this phone cannot capture its screen");
        return { ok: true, stream: this.screenStreamer().start(r.streamStart ?? {}) };
      case "streamStop":
        this.streamer?.stop(r.streamStop?.streamId ?? 0);
        return { ok: true };
      case "stopApp":
        input.stopApp(phone, r.stopApp?.packageName ?? "");
        return { ok: true };
    }
  }

  /** A gesture's own time, when the knobs say the phone takes it (a real dispatchGesture does). */
  private async hold(durationMs: number | null | undefined, fallbackMs: number): Promise<void> {
    if (this.phone.knobs.holdGestures !== true) return;
    await sleep(Math.min(durationMs || fallbackMs, MAX_HOLD_MS));
  }

  // ------------------------------------------------------------------ screen streams

  /** Where stream frames go (the phone's link); undefined while it has no link. */
  onStreamFrame(sink: FrameSink | undefined): void {
    this.screenStreamer().setSink(sink);
  }

  /** StreamCredit from the hub. */
  streamCredit(credit: droidhub.v1.IStreamCredit): void {
    this.streamer?.credit(credit);
  }

  /** The link dropped: a portal's streams end with its connection, the hub starts them again. */
  stopStreams(): void {
    this.streamer?.stopAll();
  }

  private screenStreamer(): ScreenStreamer {
    const phone = this.phone;
    this.streamer ??= new ScreenStreamer(
      {
        width: phone.width,
        height: phone.height,
        paints: phone.knobs.paintPasswords !== false,
        key: () => phone.tree().key,
        renderer: () => streamRenderer(phone),
      },
      phone.now,
    );
    return this.streamer;
  }

  // ------------------------------------------------------------------ recording and events

  private record(request: droidhub.v1.IEnvelope, body: RequestBody | undefined): void {
    if (this.log === undefined) this.log = [];
    this.log.push({ requestId: Number(request.id ?? 0), kind: body ?? "none", detail: describe(body, request) });
    if (this.log.length > this.maxRecorded) this.log.shift();
  }

  private snapshot(): Snapshot {
    const view = this.phone.view();
    return { fg: view.base.app.pkg + view.base.screen.activity, key: stateKey(view), keyboard: view.keyboard };
  }

  private emitChanges(before: Snapshot): void {
    const after = this.snapshot();
    const atMs = this.phone.now();
    const view = this.phone.view();
    if (after.fg !== before.fg) {
      this.emit({ atMs, foreground: { packageName: view.base.app.pkg, activity: after.fg } });
    } else if (after.key !== before.key) {
      const window = view.popup ? 4 : view.dialog !== undefined ? 3 : 2;
      this.emit({ atMs, content: { windowId: window, packageName: view.base.app.pkg } });
    }
    if (after.keyboard !== before.keyboard) this.emit({ atMs, keyboard: { shown: after.keyboard } });
  }

  private emit(event: droidhub.v1.IDeviceEvent): void {
    for (const listener of this.listeners ?? []) {
      try {
        listener(event);
      } catch {
        // A failing listener must not break the device.
      }
    }
  }
}
