/**
 * One virtual phone's state and its transitions: the back stack of shared frames, field values,
 * focus, the keyboard, the "Rate this app" popup and the action counter. Requests (`input.ts`,
 * `screen.ts`) read and change it; `VirtualDevice` owns one and adds the wire around it.
 */
import { pb } from "../../protocol/codec.js";
import { findApp, LAUNCHER_APP } from "../apps/index.js";
import type { Action, AppSpec, ScreenSpec, Vars } from "../apps/types.js";
import { appNotFound, invalidArgument, SimError } from "./errors.js";
import type { SimKnobs } from "./knobs.js";
import { hashSeed, nextRandom } from "./rng.js";
import {
  type BuiltTree,
  clockText,
  type Frame,
  fillTemplate,
  listOf,
  paramsOf,
  type TreeView,
  treeFor,
  type ViewState,
} from "./tree.js";

const POPUP_NONE = 0;
const POPUP_SHOWING = 1;
const POPUP_DISMISSED = 2;

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

export function screenOfApp(app: AppSpec, id: string): ScreenSpec {
  const screen = app.screens[id];
  if (screen === undefined) throw new SimError(pb.ErrorCode.ERROR_CODE_INTERNAL, `app ${app.id} has no screen ${id}`);
  return screen;
}

/** A stack that lost its launcher frame is a bug in the sim, not a caller's mistake. */
function emptyStack(): SimError {
  return new SimError(pb.ErrorCode.ERROR_CODE_INTERNAL, "the back stack is empty");
}

export class PhoneState {
  vars: Map<string, string> | undefined;
  focus: string | undefined;
  /** The tree getUi returned last: node indexes in requests refer to it. */
  lastView: TreeView | undefined;
  private stack: Frame[];
  private imeHidden = false;
  private popup = POPUP_NONE;
  private actions = 0;
  private rng: number;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly knobs: SimKnobs,
    readonly now: () => number,
    deviceId: string,
    startApp: AppSpec,
  ) {
    this.rng = knobs.seed ?? hashSeed(deviceId);
    this.stack = [frameOf(LAUNCHER_APP, screenOfApp(LAUNCHER_APP, LAUNCHER_APP.start))];
    if (startApp !== LAUNCHER_APP) this.launch(startApp);
  }

  // ------------------------------------------------------------------ state changes

  apply(action: Action, depth = 0): void {
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

  launch(app: AppSpec, screen: ScreenSpec = screenOfApp(app, app.start)): void {
    this.clearVars(app);
    this.stack = [this.bottom()];
    this.focus = undefined;
    if (app !== LAUNCHER_APP || screen.id !== LAUNCHER_APP.start) this.push(app, screen, "");
  }

  push(app: AppSpec, screen: ScreenSpec, arg: string): void {
    this.stack.push(frameOf(app, screen, arg));
    this.enterTop(screen.modal !== true);
  }

  /** True when a frame of `app` is on the back stack. */
  showing(app: AppSpec): boolean {
    return this.stack.some((frame) => frame.app === app);
  }

  private popFrame(): void {
    if (this.stack.length <= 1) return;
    const popped = this.stack.pop();
    if (popped === undefined) throw emptyStack();
    this.enterTop(popped.screen.modal !== true);
  }

  private enterTop(runOnEnter: boolean): void {
    const top = this.top();
    if (runOnEnter && top.screen.onEnter !== undefined) this.setVars(top.screen.onEnter(top.arg), top);
    this.focus = undefined;
    this.imeHidden = false;
  }

  back(): void {
    const view = this.view();
    if (view.keyboard) this.imeHidden = true;
    else if (view.popup) this.popup = POPUP_DISMISSED;
    else this.popFrame();
  }

  home(): void {
    this.stack = [this.bottom()];
    this.focus = undefined;
    this.imeHidden = false;
  }

  enter(): void {
    if (this.focus !== undefined) this.apply({ kind: "submit" });
  }

  deleteChar(): void {
    if (this.focus === undefined) return;
    const value = this.vars?.get(this.focus) ?? "";
    if (value !== "") this.setVar(this.focus, [...value].slice(0, -1).join(""));
  }

  focusNext(): void {
    const fields = this.tree()
      .full.refs.map((ref) => ref?.field)
      .filter((f): f is string => f !== undefined);
    const at = this.focus === undefined ? -1 : fields.indexOf(this.focus);
    const next = fields[(at + 1) % fields.length];
    if (next !== undefined) this.focusField(next);
  }

  focusField(field: string): void {
    this.focus = field;
    this.imeHidden = false;
  }

  scrollBy(delta: number): void {
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

  setVar(name: string, value: string): void {
    if (this.vars === undefined) this.vars = new Map();
    if (value === "") this.vars.delete(name);
    else this.vars.set(name, value);
  }

  clearVars(app: AppSpec): void {
    if (this.vars === undefined) return;
    const prefix = `${app.id}.`;
    for (const name of [...this.vars.keys()]) if (name.startsWith(prefix)) this.vars.delete(name);
    if (this.vars.size === 0) this.vars = undefined;
  }

  countAction(): void {
    this.actions++;
    const after = this.knobs.popupAfterActions;
    if (after !== undefined && this.popup === POPUP_NONE && this.actions >= after) this.popup = POPUP_SHOWING;
  }

  // ------------------------------------------------------------------ views

  private top(): Frame {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) throw emptyStack();
    return top;
  }

  private bottom(): Frame {
    const bottom = this.stack[0];
    if (bottom === undefined) throw emptyStack();
    return bottom;
  }

  view(): ViewState {
    const top = this.top();
    let base = top;
    let dialog: Frame | undefined;
    if (top.screen.modal === true) {
      dialog = top;
      base = this.stack.findLast((frame) => frame.screen.modal !== true) ?? top;
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

  tree(): BuiltTree {
    return treeFor(this.view());
  }

  checkPoint(x: number, y: number, what: string): void {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height) {
      throw invalidArgument(`${what} at (${x}, ${y}) is outside the ${this.width}x${this.height} screen`);
    }
  }

  random(): number {
    const [state, value] = nextRandom(this.rng);
    this.rng = state;
    return value;
  }

  delay(): number {
    const latency = this.knobs.latencyMs ?? 0;
    const jitter = this.knobs.jitterMs ?? 0;
    return latency + (jitter > 0 ? this.random() * jitter : 0);
  }
}
