/**
 * The phone's input requests (tap, long press, swipe, scroll, text, keys, launch, open URL, stop):
 * each checks its arguments as the portal does, then changes the phone's state.
 */
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { findApp } from "../apps/index.js";
import type { ScreenSpec } from "../apps/types.js";
import { appNotFound, invalidArgument, nodeNotFound, notSupported, SimError } from "./errors.js";
import { type PhoneState, screenOfApp } from "./phone-state.js";
import { listOf, type TreeView } from "./tree.js";

export function touch(phone: PhoneState, x: number, y: number, long: boolean): void {
  phone.checkPoint(x, y, long ? "longPress" : "tap");
  const hit = phone.tree().hitTest(x, y);
  if (hit === undefined) return;
  const action = long ? hit.ref.longAction : hit.ref.action;
  if (action !== undefined) phone.apply(action);
  else if (hit.ref.field !== undefined) phone.focusField(hit.ref.field);
}

export function swipe(phone: PhoneState, s: droidhub.v1.ISwipeRequest): void {
  const fromX = s.fromX ?? 0;
  const fromY = s.fromY ?? 0;
  phone.checkPoint(fromX, fromY, "swipe start");
  phone.checkPoint(s.toX ?? 0, s.toY ?? 0, "swipe end");
  const dy = fromY - (s.toY ?? 0);
  if (Math.abs(dy) <= Math.abs(fromX - (s.toX ?? 0))) return;
  const view = phone.view();
  if (view.dialog !== undefined || view.popup) return;
  const list = listOf(view.base.screen);
  if (list === undefined) return;
  const [l, t, r, b] = list.bounds;
  const sx = phone.width / 1080;
  const sy = phone.height / 2400;
  if (fromX < l * sx || fromX >= r * sx || fromY < t * sy || fromY >= b * sy) return;
  phone.scrollBy(dy / sy);
}

/** The last getUi tree when `index` is one of its nodes, else NODE_NOT_FOUND. */
function lastTreeWith(phone: PhoneState, index: number): TreeView {
  const last = phone.lastView;
  if (last === undefined || index < 0 || index >= (last.ui.nodes?.length ?? 0)) {
    throw nodeNotFound(`node ${index} is not in the last UI tree`);
  }
  return last;
}

/** A scroll aimed at a node needs that node (or a parent) to be a list still on screen. */
function checkScrollTarget(phone: PhoneState, index: number): void {
  const last = lastTreeWith(phone, index);
  let i = index;
  while (i >= 0 && last.refs[i]?.list !== true) i = last.ui.nodes?.[i]?.parent ?? -1;
  if (i < 0) throw invalidArgument(`node ${index} is not scrollable and has no scrollable parent`);
  const view = phone.view();
  if (listOf(view.base.screen) === undefined || view.dialog !== undefined) {
    throw nodeNotFound(`node ${index} is no longer on screen`);
  }
}

export function scroll(phone: PhoneState, s: droidhub.v1.IScrollRequest): void {
  const direction = s.direction ?? pb.Direction.DIRECTION_UNSPECIFIED;
  if (direction < pb.Direction.DIRECTION_UP || direction > pb.Direction.DIRECTION_RIGHT) {
    throw invalidArgument(`scroll needs a direction, got ${direction}`);
  }
  const view = phone.view();
  if (s.hasNode === true) checkScrollTarget(phone, s.nodeIndex ?? -1);
  else if (view.dialog !== undefined || view.popup) return;
  const list = listOf(view.base.screen);
  if (list === undefined) return;
  const viewport = list.bounds[3] - list.bounds[1];
  const sy = phone.height / 2400;
  const amount = (s.amountPx ?? 0) > 0 ? (s.amountPx ?? 0) / sy : viewport * 0.8;
  if (direction === pb.Direction.DIRECTION_DOWN) phone.scrollBy(amount);
  else if (direction === pb.Direction.DIRECTION_UP) phone.scrollBy(-amount);
}

/** The editable field a node of the last getUi tree stands for, if it is still on screen. */
function fieldAt(phone: PhoneState, index: number): string {
  const field = lastTreeWith(phone, index).refs[index]?.field;
  if (field === undefined) throw invalidArgument(`node ${index} is not editable`);
  if (!phone.tree().full.refs.some((ref) => ref?.field === field))
    throw nodeNotFound(`node ${index} is no longer on screen`);
  return field;
}

export function inputText(phone: PhoneState, req: droidhub.v1.IInputTextRequest): void {
  const target = req.hasNode === true ? fieldAt(phone, req.nodeIndex ?? -1) : phone.focus;
  if (target === undefined) throw nodeNotFound("no focused editable field; pass a node");
  phone.focusField(target);
  const old = req.clearFirst === true ? "" : (phone.vars?.get(target) ?? "");
  phone.setVar(target, old + (req.text ?? ""));
  if (req.submit === true) phone.enter();
}

export function pressKey(phone: PhoneState, key: droidhub.v1.Key): void {
  const K = pb.Key;
  switch (key) {
    case K.KEY_BACK:
      phone.back();

      return;
    case K.KEY_HOME:
      phone.home();

      return;
    case K.KEY_ENTER:
      phone.enter();

      return;
    case K.KEY_DELETE:
      phone.deleteChar();

      return;
    case K.KEY_TAB:
      phone.focusNext();

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

export function launchApp(phone: PhoneState, pkg: string, activity: string): void {
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
  phone.launch(app, screen);
}

export function openUrl(phone: PhoneState, url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidArgument(`not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw appNotFound(`no app handles ${parsed.protocol} URLs`);
  }
  const browser = findApp("browser");
  if (browser === undefined) throw new SimError(pb.ErrorCode.ERROR_CODE_INTERNAL, "the sim has no browser app");
  phone.push(browser, screenOfApp(browser, "page"), parsed.href);
}

/** The app leaves the screen and its process (its field values) is gone, as Android's force stop. */
export function stopApp(phone: PhoneState, pkg: string): void {
  if (pkg === "") throw invalidArgument("stopApp needs a package name");
  const app = findApp(pkg);
  if (app === undefined || app.pkg !== pkg) throw appNotFound(`no app with package ${pkg}`);
  if (phone.showing(app)) phone.home();
  phone.clearVars(app);
}
