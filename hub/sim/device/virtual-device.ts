/**
 * A virtual Android phone: executes droidhub.v1 requests against data-defined apps and answers
 * with Results, exactly as the portal would. Per-device state is a handful of fields (back stack of
 * shared frames, field values, counters); trees and screenshots are shared through caches.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { pb, REQUEST_BODIES, type RequestBody } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { APPS, findApp, KEYBOARD_PACKAGE, LAUNCHER_APP, SYSTEMUI_PACKAGE } from "../apps/index.js";
import type { Action, AppSpec, ScreenSpec, Vars } from "../apps/types.js";
import { renderScreenshot, renderSecureScreenshot } from "../render/screenshot.js";
import type { SvgStyle } from "../render/svg.js";
import { appNotFound, errorResult, invalidArgument, nodeNotFound, notSupported, SimError } from "./errors.js";
import { hashSeed, nextRandom } from "./rng.js";
import { type FrameSink, ScreenStreamer } from "./screen-streamer.js";
import {
  type BuiltTree,
  clockText,
  type Frame,
  fillTemplate,
  listOf,
  paramsOf,
  screenOf,
  stateKey,
  type TreeView,
  treeFor,
  type ViewState,
} from "./tree.js";

export interface SimKnobs {
  /** Added to every execute() (awaited timer); default 0. */
  latencyMs?: number;
  /** Uniform random extra delay in [0, jitterMs); default 0. */
  jitterMs?: number;
  /** getUi returns the previously returned tree with this probability (seeded). */
  staleTreeProbability?: number;
  /** A modal "Rate this app" popup appears after this many actions, until dismissed. */
  popupAfterActions?: number;
  /** The screen's primary button moves (different bounds) after this many actions. */
  moveButtonAfterActions?: number;
  /** Seeds jitter and staleness; default: derived from the device id. */
  seed?: number;
  /**
   * getUi keeps at most this many nodes and says `truncated`, as the portal does at its node limit;
   * default: no limit.
   */
  maxUiNodes?: number;
  /**
   * "none": a phone that cannot take screenshots (no `screenshot` capability; the request is refused
   * as not supported); "secure": every screen is a FLAG_SECURE window (black frames marked secure).
   * Default: screenshots of the rendered screen.
   */
  screenshots?: "none" | "secure";
}

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

const NO_KNOBS: SimKnobs = Object.freeze({});
const NO_RECORDS: readonly ExecutedAction[] = Object.freeze([]);
const ACTIONS: ReadonlySet<string> = new Set([
  "tap",
  "longPress",
  "swipe",
  "scroll",
  "inputText",
  "pressKey",
  "launchApp",
  "openUrl",
]);
const POPUP_NONE = 0;
const POPUP_SHOWING = 1;
const POPUP_DISMISSED = 2;
const PORTAL_VERSION = "sim-0.1.0";

const appColors = new Map<string, string>(APPS.map((a) => [a.pkg, a.color]));
const iconColors = new Map<string, string>(APPS.map((a) => [a.label, a.color]));
const RENDER_STYLE: SvgStyle = { accentOf: (pkg) => appColors.get(pkg), iconColorOf: (label) => iconColors.get(label) };

/** Start frames (argument "", no scroll) are shared by every device. */
const startFrames = new Map<ScreenSpec, Frame>();
function frameOf(app: AppSpec, screen: ScreenSpec, arg = ""): Frame {
  if (arg !== "") return { app, screen, arg, scroll: 0 };
  let frame = startFrames.get(screen);
  if (frame === undefined) {
    frame = Object.freeze({ app, screen, arg: "", scroll: 0 });
    startFrames.set(screen, frame);
  }
  return frame;
}

function screenOfApp(app: AppSpec, id: string): ScreenSpec {
  const screen = app.screens[id];
  if (screen === undefined) throw new SimError(pb.ErrorCode.ERROR_CODE_INTERNAL, `app ${app.id} has no screen ${id}`);
  return screen;
}

/** The request body of an envelope, from the oneof name or from the first set request field. */
function bodyOf(request: droidhub.v1.IEnvelope): RequestBody | undefined {
  const named = (request as { body?: string }).body;
  if (named !== undefined)
    return (REQUEST_BODIES as readonly string[]).includes(named) ? (named as RequestBody) : undefined;
  return REQUEST_BODIES.find((name) => request[name] !== undefined && request[name] !== null);
}

export class VirtualDevice {
  readonly deviceId: string;
  private readonly width: number;
  private readonly height: number;
  private readonly knobs: SimKnobs;
  private readonly now: () => number;
  private readonly maxRecorded: number;
  private stack: Frame[];
  private vars: Map<string, string> | undefined;
  private focus: string | undefined;
  private imeHidden = false;
  private popup = POPUP_NONE;
  private actions = 0;
  private rng: number;
  private lastView: TreeView | undefined;
  private listeners: Set<Listener> | undefined;
  private log: ExecutedAction[] | undefined;
  private streamer: ScreenStreamer | undefined;

  constructor(opts: VirtualDeviceOptions) {
    this.deviceId = opts.deviceId;
    this.width = opts.width ?? 1080;
    this.height = opts.height ?? 2400;
    if (!(this.width > 0 && this.height > 0)) throw new RangeError("width and height must be positive");
    this.knobs = opts.knobs ?? NO_KNOBS;
    this.now = opts.now ?? Date.now;
    this.maxRecorded = opts.record === false ? 0 : (opts.maxRecorded ?? 10_000);
    this.rng = this.knobs.seed ?? hashSeed(opts.deviceId);
    const app = findApp(opts.app ?? "launcher");
    if (app === undefined) throw new RangeError(`unknown app ${opts.app}`);
    this.stack = [frameOf(LAUNCHER_APP, screenOfApp(LAUNCHER_APP, LAUNCHER_APP.start))];
    if (app !== LAUNCHER_APP) this.launch(app);
  }

  /** The first frame a portal sends (the client adds resume token and cached ids). */
  hello(): droidhub.v1.IHello {
    return {
      deviceId: this.deviceId,
      portalVersion: PORTAL_VERSION,
      protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1,
      manufacturer: "droidhub",
      model: "Virtual Phone",
      sdkInt: 34,
      screen: screenOf(this.width, this.height),
      capabilities: [
        ...(this.knobs.screenshots === "none" ? [] : ["screenshot"]),
        "gestures",
        "set_text",
        "all_windows",
        "events",
        "stop_app",
        ...(this.knobs.screenshots === "none" ? [] : ["stream"]),
      ],
    };
  }

  /** Every request executed, in order (empty when recording is off). */
  get executed(): readonly ExecutedAction[] {
    return this.log ?? NO_RECORDS;
  }

  /** Package and activity in the foreground. */
  get foreground(): { packageName: string; activity: string } {
    const base = this.view().base;
    return { packageName: base.app.pkg, activity: base.app.pkg + base.screen.activity };
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
    const delay = this.delay();
    if (delay > 0) await sleep(delay);
    const body = bodyOf(request);
    const before = this.listeners === undefined ? undefined : this.snapshot();
    let result: droidhub.v1.IResult;
    try {
      if (this.maxRecorded > 0) this.record(request, body);
      if (body === undefined) throw invalidArgument("envelope carries no request body");
      result = await this.dispatch(body, request);
      if (ACTIONS.has(body)) this.countAction();
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
    switch (body) {
      case "getUi":
        return { ok: true, ui: this.getUi(r.getUi?.allWindows === true) };
      case "screenshot":
        return { ok: true, image: await this.screenshot(r.screenshot ?? {}) };
      case "tap":
        this.touch(r.tap?.x ?? 0, r.tap?.y ?? 0, false);
        return { ok: true };
      case "longPress":
        this.touch(r.longPress?.x ?? 0, r.longPress?.y ?? 0, true);
        return { ok: true };
      case "swipe":
        this.swipe(r.swipe ?? {});
        return { ok: true };
      case "scroll":
        this.scroll(r.scroll ?? {});
        return { ok: true };
      case "inputText":
        this.inputText(r.inputText ?? {});
        return { ok: true };
      case "pressKey":
        this.pressKey(r.pressKey?.key ?? pb.Key.KEY_UNSPECIFIED);
        return { ok: true };
      case "launchApp":
        this.launchApp(r.launchApp?.packageName ?? "", r.launchApp?.activity ?? "");
        return { ok: true };
      case "openUrl":
        this.openUrl(r.openUrl?.url ?? "");
        return { ok: true };
      case "listApps":
        return { ok: true, apps: { apps: this.apps(r.listApps?.includeSystem === true) } };
      case "getState":
        return { ok: true, state: this.state() };
      case "streamStart":
        if (this.knobs.screenshots === "none") throw notSupported("this phone cannot capture its screen");
        return { ok: true, stream: this.screenStreamer().start(r.streamStart ?? {}) };
      case "streamStop":
        this.streamer?.stop(r.streamStop?.streamId ?? 0);
        return { ok: true };
      case "stopApp":
        this.stopApp(r.stopApp?.packageName ?? "");
        return { ok: true };
    }
  }

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
    this.streamer ??= new ScreenStreamer(
      {
        width: this.width,
        height: this.height,
        key: () => this.tree().key,
        render: (maxSide, quality) => this.screenshot({ format: pb.ImageFormat.IMAGE_FORMAT_JPEG, quality, maxSide }),
      },
      this.now,
    );
    return this.streamer;
  }

  /** The app leaves the screen and its process (its field values) is gone, as Android's force stop. */
  private stopApp(pkg: string): void {
    if (pkg === "") throw invalidArgument("stopApp needs a package name");
    const app = findApp(pkg);
    if (app === undefined || app.pkg !== pkg) throw appNotFound(`no app with package ${pkg}`);
    if (this.stack.some((frame) => frame.app === app)) this.home();
    this.clearVars(app);
  }

  private getUi(allWindows: boolean): droidhub.v1.IUiTree {
    const started = performance.now();
    const tree = this.tree();
    let view = allWindows ? tree.full : tree.active();
    const p = this.knobs.staleTreeProbability ?? 0;
    if (p > 0 && this.lastView !== undefined && this.random() < p) view = this.lastView;
    this.lastView = view;
    const ui = { ...view.ui, capturedAtMs: this.now(), captureMs: Math.round(performance.now() - started) };
    const max = this.knobs.maxUiNodes;
    const nodes = view.ui.nodes ?? [];
    // Pre-order with parents first: a prefix is a valid tree, and node indexes stay the same.
    if (max !== undefined && nodes.length > max) return { ...ui, nodes: nodes.slice(0, max), truncated: true };
    return ui;
  }

  private screenshot(req: droidhub.v1.IScreenshotRequest): Promise<droidhub.v1.IImage> {
    const format = req.format ?? pb.ImageFormat.IMAGE_FORMAT_UNSPECIFIED;
    if (!(format in pb.ImageFormat) || typeof format !== "number")
      throw invalidArgument(`unknown image format ${format}`);
    const quality = req.quality ?? 0;
    if (quality < 0 || quality > 100) throw invalidArgument(`quality ${quality} is outside 1..100`);
    if (this.knobs.screenshots === "none") throw notSupported("this phone cannot take screenshots");
    const tree = this.tree();
    const options = { format, quality, maxSide: req.maxSide ?? 0 };
    if (this.knobs.screenshots === "secure") return renderSecureScreenshot(tree.full.ui, options);
    return renderScreenshot(tree.key, tree.full.ui, options, RENDER_STYLE);
  }

  private touch(x: number, y: number, long: boolean): void {
    this.checkPoint(x, y, long ? "longPress" : "tap");
    const hit = this.tree().hitTest(x, y);
    if (hit === undefined) return;
    const action = long ? hit.ref.longAction : hit.ref.action;
    if (action !== undefined) this.apply(action);
    else if (hit.ref.field !== undefined) this.focusField(hit.ref.field);
  }

  private swipe(s: droidhub.v1.ISwipeRequest): void {
    const fromX = s.fromX ?? 0;
    const fromY = s.fromY ?? 0;
    this.checkPoint(fromX, fromY, "swipe start");
    this.checkPoint(s.toX ?? 0, s.toY ?? 0, "swipe end");
    const dy = fromY - (s.toY ?? 0);
    if (Math.abs(dy) <= Math.abs(fromX - (s.toX ?? 0))) return;
    const view = this.view();
    if (view.dialog !== undefined || view.popup) return;
    const list = listOf(view.base.screen);
    if (list === undefined) return;
    const [l, t, r, b] = list.bounds;
    const sx = this.width / 1080;
    const sy = this.height / 2400;
    if (fromX < l * sx || fromX >= r * sx || fromY < t * sy || fromY >= b * sy) return;
    this.scrollBy(dy / sy);
  }

  private scroll(s: droidhub.v1.IScrollRequest): void {
    const direction = s.direction ?? pb.Direction.DIRECTION_UNSPECIFIED;
    if (direction < pb.Direction.DIRECTION_UP || direction > pb.Direction.DIRECTION_RIGHT) {
      throw invalidArgument(`scroll needs a direction, got ${direction}`);
    }
    const view = this.view();
    if (s.hasNode === true) {
      const index = s.nodeIndex ?? -1;
      const last = this.lastView;
      if (last === undefined || index < 0 || index >= (last.ui.nodes?.length ?? 0)) {
        throw nodeNotFound(`node ${index} is not in the last UI tree`);
      }
      let i = index;
      while (i >= 0 && last.refs[i]?.list !== true) i = last.ui.nodes![i]!.parent ?? -1;
      if (i < 0) throw invalidArgument(`node ${index} is not scrollable and has no scrollable parent`);
      if (listOf(view.base.screen) === undefined || view.dialog !== undefined) {
        throw nodeNotFound(`node ${index} is no longer on screen`);
      }
    } else if (view.dialog !== undefined || view.popup) {
      return;
    }
    const list = listOf(view.base.screen);
    if (list === undefined) return;
    const viewport = list.bounds[3] - list.bounds[1];
    const sy = this.height / 2400;
    const amount = (s.amountPx ?? 0) > 0 ? (s.amountPx ?? 0) / sy : viewport * 0.8;
    if (direction === pb.Direction.DIRECTION_DOWN) this.scrollBy(amount);
    else if (direction === pb.Direction.DIRECTION_UP) this.scrollBy(-amount);
  }

  private inputText(req: droidhub.v1.IInputTextRequest): void {
    let target = this.focus;
    if (req.hasNode === true) {
      const index = req.nodeIndex ?? -1;
      const last = this.lastView;
      if (last === undefined || index < 0 || index >= (last.ui.nodes?.length ?? 0)) {
        throw nodeNotFound(`node ${index} is not in the last UI tree`);
      }
      const field = last.refs[index]?.field;
      if (field === undefined) throw invalidArgument(`node ${index} is not editable`);
      if (!this.tree().full.refs.some((ref) => ref?.field === field))
        throw nodeNotFound(`node ${index} is no longer on screen`);
      target = field;
    }
    if (target === undefined) throw nodeNotFound("no focused editable field; pass a node");
    this.focusField(target);
    const old = req.clearFirst === true ? "" : (this.vars?.get(target) ?? "");
    this.setVar(target, old + (req.text ?? ""));
    if (req.submit === true) this.enter();
  }

  private pressKey(key: droidhub.v1.Key): void {
    const K = pb.Key;
    switch (key) {
      case K.KEY_BACK:
        this.back();

        return;
      case K.KEY_HOME:
        this.home();

        return;
      case K.KEY_ENTER:
        this.enter();

        return;
      case K.KEY_DELETE:
        this.deleteChar();

        return;
      case K.KEY_TAB:
        this.focusNext();

        return;
      case K.KEY_SEARCH:
        return;
      case K.KEY_RECENTS:
      case K.KEY_NOTIFICATIONS:
      case K.KEY_QUICK_SETTINGS:
      case K.KEY_POWER_DIALOG:
      case K.KEY_LOCK_SCREEN:
        throw notSupported(`key ${K[key]} is not supported by the virtual phone`);
      default:
        throw invalidArgument(`unknown key ${key}`);
    }
  }

  private launchApp(pkg: string, activity: string): void {
    if (pkg === "") throw invalidArgument("launchApp needs a package name");
    const app = findApp(pkg);
    if (app === undefined) throw appNotFound(`no app with package ${pkg}`);
    let screen: ScreenSpec | undefined;
    if (activity !== "") {
      const short = activity.startsWith(app.pkg) ? activity.slice(app.pkg.length) : activity;
      screen = Object.values(app.screens).find(
        (s) => s.modal !== true && (s.activity === short || s.activity === `.${short}`),
      );
      if (screen === undefined) throw appNotFound(`${app.pkg} has no activity ${activity}`);
    }
    this.launch(app, screen);
  }

  private openUrl(url: string): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidArgument(`not a URL: ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw appNotFound(`no app handles ${parsed.protocol} URLs`);
    }
    const browser = findApp("browser")!;
    this.push(browser, screenOfApp(browser, "page"), parsed.href);
  }

  private apps(includeSystem: boolean): droidhub.v1.IApp[] {
    const apps: droidhub.v1.IApp[] = APPS.filter((a) => includeSystem || !a.system).map((a) => ({
      packageName: a.pkg,
      label: a.label,
      versionName: a.version,
      system: a.system,
    }));
    if (includeSystem) {
      apps.push({ packageName: SYSTEMUI_PACKAGE, label: "System UI", versionName: "14", system: true });
      apps.push({ packageName: KEYBOARD_PACKAGE, label: "Keyboard", versionName: "1.0", system: true });
    }
    return apps;
  }

  /** The device's current state without executing (and recording) a request. */
  currentState(): droidhub.v1.IDeviceState {
    return this.state();
  }

  private state(): droidhub.v1.IDeviceState {
    const ui = this.tree().full.ui;
    return {
      // Only the fields the tree has: IDeviceState takes no explicit undefined (exactOptionalPropertyTypes).
      ...(ui.foregroundPackage !== undefined && { foregroundPackage: ui.foregroundPackage }),
      ...(ui.foregroundActivity !== undefined && { foregroundActivity: ui.foregroundActivity }),
      ...(ui.keyboard !== undefined && { keyboard: ui.keyboard }),
      screenOn: true,
      battery: { level: 87, charging: false, temperatureC: 31 },
      network: { type: pb.NetworkType.NETWORK_TYPE_WIFI, metered: false },
      accessibilityEnabled: true,
      screen: screenOf(this.width, this.height),
    };
  }

  // ------------------------------------------------------------------ state changes

  private apply(action: Action, depth = 0): void {
    const top = this.top();
    switch (action.kind) {
      case "push":
      case "replace": {
        const ctxArg = fillTemplate(action.arg, top.arg, paramsOf(top), this.vars);
        if (action.kind === "replace") {
          if (action.clear === true) this.clearVars(top.app);
          this.stack.pop();
        }
        this.setVars(action.set, top);
        this.push(top.app, screenOfApp(top.app, action.screen), ctxArg);
        return;
      }
      case "back":
        this.popFrame();

        return;
      case "launch": {
        const app = findApp(action.app);
        if (app === undefined) throw appNotFound(`no app ${action.app}`);
        this.launch(app);

        return;
      }
      case "submit": {
        const next = top.screen.onSubmit?.({ get: (name) => this.vars?.get(name) ?? "", arg: top.arg });
        if (next !== undefined && depth < 4) this.apply(next, depth + 1);
        return;
      }
      case "toggle":
        this.setVar(action.key, this.vars?.get(action.key) === "1" ? "0" : "1");

        return;
      case "type":
        if (this.focus !== undefined) this.setVar(this.focus, (this.vars?.get(this.focus) ?? "") + action.text);
        return;
      case "key":
        action.key === "enter" ? this.enter() : this.deleteChar();

        return;
      case "dismiss":
        this.popup = POPUP_DISMISSED;
        return;
      case "none":
        return;
    }
  }

  private launch(app: AppSpec, screen: ScreenSpec = screenOfApp(app, app.start)): void {
    this.clearVars(app);
    this.stack = [this.stack[0]!];
    this.focus = undefined;
    if (app !== LAUNCHER_APP || screen.id !== LAUNCHER_APP.start) this.push(app, screen, "");
  }

  private push(app: AppSpec, screen: ScreenSpec, arg: string): void {
    this.stack.push(frameOf(app, screen, arg));
    this.enterTop(screen.modal !== true);
  }

  private popFrame(): void {
    if (this.stack.length <= 1) return;
    const popped = this.stack.pop()!;
    this.enterTop(popped.screen.modal !== true);
  }

  private enterTop(runOnEnter: boolean): void {
    const top = this.top();
    if (runOnEnter && top.screen.onEnter !== undefined) this.setVars(top.screen.onEnter(top.arg), top);
    this.focus = undefined;
    this.imeHidden = false;
  }

  private back(): void {
    const view = this.view();
    if (view.keyboard) this.imeHidden = true;
    else if (view.popup) this.popup = POPUP_DISMISSED;
    else this.popFrame();
  }

  private home(): void {
    this.stack = [this.stack[0]!];
    this.focus = undefined;
    this.imeHidden = false;
  }

  private enter(): void {
    if (this.focus !== undefined) this.apply({ kind: "submit" });
  }

  private deleteChar(): void {
    if (this.focus === undefined) return;
    const value = this.vars?.get(this.focus) ?? "";
    if (value !== "") this.setVar(this.focus, [...value].slice(0, -1).join(""));
  }

  private focusNext(): void {
    const fields = this.tree()
      .full.refs.map((ref) => ref?.field)
      .filter((f): f is string => f !== undefined);
    if (fields.length === 0) return;
    const at = this.focus === undefined ? -1 : fields.indexOf(this.focus);
    this.focusField(fields[(at + 1) % fields.length]!);
  }

  private focusField(field: string): void {
    this.focus = field;
    this.imeHidden = false;
  }

  private scrollBy(delta: number): void {
    const top = this.top();
    const list = listOf(top.screen)?.list;
    const node = listOf(top.screen);
    if (list === undefined || node === undefined) return;
    const max = Math.max(0, list.rows.length * list.rowHeight - (node.bounds[3] - node.bounds[1]));
    const scroll = Math.round(Math.min(max, Math.max(0, top.scroll + delta)));
    if (scroll !== top.scroll) this.stack[this.stack.length - 1] = { ...top, scroll };
  }

  private setVars(values: Vars | undefined, frame: Frame): void {
    if (values === undefined) return;
    for (const [name, template] of Object.entries(values)) {
      this.setVar(name, fillTemplate(template, frame.arg, paramsOf(frame), this.vars));
    }
  }

  private setVar(name: string, value: string): void {
    if (this.vars === undefined) this.vars = new Map();
    if (value === "") this.vars.delete(name);
    else this.vars.set(name, value);
  }

  private clearVars(app: AppSpec): void {
    if (this.vars === undefined) return;
    const prefix = `${app.id}.`;
    for (const name of [...this.vars.keys()]) if (name.startsWith(prefix)) this.vars.delete(name);
    if (this.vars.size === 0) this.vars = undefined;
  }

  private countAction(): void {
    this.actions++;
    const after = this.knobs.popupAfterActions;
    if (after !== undefined && this.popup === POPUP_NONE && this.actions >= after) this.popup = POPUP_SHOWING;
  }

  // ------------------------------------------------------------------ views

  private top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private view(): ViewState {
    const top = this.top();
    let base = top;
    let dialog: Frame | undefined;
    if (top.screen.modal === true) {
      dialog = top;
      for (let i = this.stack.length - 2; i >= 0; i--) {
        const frame = this.stack[i]!;
        if (frame.screen.modal !== true) {
          base = frame;
          break;
        }
      }
    }
    const popup = this.popup === POPUP_SHOWING;
    const moveAfter = this.knobs.moveButtonAfterActions;
    return {
      width: this.width,
      height: this.height,
      base,
      dialog,
      vars: this.vars,
      focus: this.focus,
      keyboard: this.focus !== undefined && !this.imeHidden && dialog === undefined && !popup,
      popup,
      moved: moveAfter !== undefined && this.actions >= moveAfter,
      clock: clockText(this.now()),
    };
  }

  private tree(): BuiltTree {
    return treeFor(this.view());
  }

  private checkPoint(x: number, y: number, what: string): void {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height) {
      throw invalidArgument(`${what} at (${x}, ${y}) is outside the ${this.width}x${this.height} screen`);
    }
  }

  private random(): number {
    const [state, value] = nextRandom(this.rng);
    this.rng = state;
    return value;
  }

  private delay(): number {
    const latency = this.knobs.latencyMs ?? 0;
    const jitter = this.knobs.jitterMs ?? 0;
    return latency + (jitter > 0 ? this.random() * jitter : 0);
  }

  // ------------------------------------------------------------------ recording and events

  private record(request: droidhub.v1.IEnvelope, body: RequestBody | undefined): void {
    if (this.log === undefined) this.log = [];
    this.log.push({ requestId: Number(request.id ?? 0), kind: body ?? "none", detail: describe(body, request) });
    if (this.log.length > this.maxRecorded) this.log.shift();
  }

  private snapshot(): { fg: string; key: string; keyboard: boolean } {
    const view = this.view();
    return { fg: view.base.app.pkg + view.base.screen.activity, key: stateKey(view), keyboard: view.keyboard };
  }

  private emitChanges(before: { fg: string; key: string; keyboard: boolean }): void {
    const after = this.snapshot();
    const atMs = this.now();
    const view = this.view();
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

function describe(body: RequestBody | undefined, r: droidhub.v1.IEnvelope): string {
  switch (body) {
    case "tap":
      return `${r.tap?.x ?? 0},${r.tap?.y ?? 0}`;
    case "longPress":
      return `${r.longPress?.x ?? 0},${r.longPress?.y ?? 0}`;
    case "swipe":
      return `${r.swipe?.fromX ?? 0},${r.swipe?.fromY ?? 0}->${r.swipe?.toX ?? 0},${r.swipe?.toY ?? 0}`;
    case "scroll":
      return `direction=${r.scroll?.direction ?? 0}${r.scroll?.hasNode === true ? ` node=${r.scroll.nodeIndex ?? 0}` : ""}`;
    case "inputText":
      return JSON.stringify(r.inputText?.text ?? "");
    case "pressKey":
      return pb.Key[r.pressKey?.key ?? 0] ?? String(r.pressKey?.key);
    case "launchApp":
      return r.launchApp?.packageName ?? "";
    case "openUrl":
      return r.openUrl?.url ?? "";
    default:
      return "";
  }
}
