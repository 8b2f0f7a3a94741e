/**
 * Mobilerun/droidrun Portal JSON → UiSnapshot. Three shapes are accepted:
 * - `state`: `{a11y_tree, phone_state, device_context}` where tree nodes carry `boundsInScreen`
 *   objects and `isClickable`-style flags (or the filtered form with "l, t, r, b" strings);
 * - a bare `a11y_tree` array (filtered form: `className`, `bounds`, boolean flags, `children`);
 * - the older flat `elements` list (`text`, `className`, `bounds` "l,t,r,b", `type`, `children`).
 */
import { HubError } from "../errors/hub-error.js";
import { finishSnapshot } from "./finish.js";
import { parseBounds } from "./geometry.js";
import { emptyNode, type NodeDraft, type ScreenSize, type SnapshotSource, type UiSnapshot } from "./snapshot.js";
import { cleanText, shortClass } from "./text.js";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function str(o: Json, ...keys: string[]): string {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string") return v;
  }
  return "";
}

function bool(o: Json, ...keys: string[]): boolean {
  for (const k of keys) if (o[k] === true) return true;
  return false;
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** The Portal wraps answers as {status, data: "<json>"} or {result: …}; unwrap either. */
function unwrap(value: unknown): unknown {
  let v = value;
  for (let i = 0; i < 3 && isObject(v); i++) {
    if (typeof v["data"] === "string") {
      try {
        v = JSON.parse(v["data"]);
        continue;
      } catch {
        return v;
      }
    }
    if (isObject(v["data"]) || Array.isArray(v["data"])) v = v["data"];
    else if (isObject(v["result"]) || Array.isArray(v["result"])) v = v["result"];
    else break;
  }
  return v;
}

function fillNode(node: NodeDraft, o: Json): void {
  node.className = str(o, "className", "class");
  node.packageName = str(o, "packageName", "package");
  const text = cleanText(str(o, "text"));
  // The filtered tree puts the class name into `text` when a node has none.
  node.text = text === node.className || text === shortClass(node.className) ? "" : text;
  node.contentDesc = cleanText(str(o, "contentDescription", "contentDesc", "content-desc"));
  node.hint = cleanText(str(o, "hint", "hintText"));
  node.resourceId = str(o, "resourceId", "resource-id", "viewIdResourceName");
  node.bounds = parseBounds(o["boundsInScreen"]) ?? parseBounds(o["bounds"]) ?? [0, 0, 0, 0];
  const type = str(o, "type");
  node.clickable = bool(o, "isClickable", "clickable") || type === "clickable";
  node.longClickable = bool(o, "isLongClickable", "longClickable", "long-clickable");
  node.focusable = bool(o, "isFocusable", "focusable") || type === "focusable";
  node.focused = bool(o, "isFocused", "focused");
  node.editable = bool(o, "isEditable", "editable") || type === "input" || /EditText/.test(node.className);
  node.checkable = bool(o, "isCheckable", "checkable") || type === "checkable";
  node.checked = bool(o, "isChecked", "checked");
  node.scrollable = bool(o, "isScrollable", "scrollable") || type === "scrollable";
  node.enabled = o["isEnabled"] !== false && o["enabled"] !== false;
  node.selected = bool(o, "isSelected", "selected");
  node.password = bool(o, "isPassword", "password");
  node.visible = o["isVisibleToUser"] !== false && o["visible"] !== false;
  node.windowId = num(o["windowId"]);
  if (node.hint && node.hint === node.text) node.text = "";
}

function walk(roots: unknown[], nodes: NodeDraft[]): void {
  const stack: Array<{ o: unknown; parent: number; depth: number }> = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ o: roots[i], parent: -1, depth: 0 });
  while (stack.length > 0) {
    const { o, parent, depth } = stack.pop()!;
    if (!isObject(o)) continue;
    const node = emptyNode(nodes.length, parent, depth);
    fillNode(node, o);
    nodes.push(node);
    const children = o["children"];
    if (Array.isArray(children)) {
      for (let i = children.length - 1; i >= 0; i--)
        stack.push({ o: children[i], parent: node.index, depth: depth + 1 });
    }
  }
}

function screenFrom(context: unknown): ScreenSize | undefined {
  if (!isObject(context)) return undefined;
  for (const key of ["screen_bounds", "screenBounds", "screen", "display", "display_metrics"]) {
    const s = context[key];
    if (!isObject(s)) continue;
    const w = num(s["width"]) || num(s["w"]) || num(s["widthPixels"]);
    const h = num(s["height"]) || num(s["h"]) || num(s["heightPixels"]);
    if (w > 0 && h > 0) return { w, h };
  }
  return undefined;
}

function looksLikeElement(v: unknown): boolean {
  return isObject(v) && ("className" in v || "class" in v || "bounds" in v || "boundsInScreen" in v);
}

/** True when a parsed JSON value is one of the Portal shapes this parser understands. */
export function isPortalJson(value: unknown): boolean {
  const v = unwrap(value);
  if (Array.isArray(v)) return v.length === 0 || looksLikeElement(v[0]);
  return isObject(v) && ("a11y_tree" in v || "elements" in v || looksLikeElement(v));
}

export function parsePortalJson(value: unknown): UiSnapshot {
  const v = unwrap(value);
  const nodes: NodeDraft[] = [];
  let source: SnapshotSource;
  let pkg = "";
  let activity = "";
  let keyboardShown = false;
  let screen: ScreenSize | undefined;
  if (Array.isArray(v)) {
    source = v.some((e) => isObject(e) && typeof e["type"] === "string") ? "portal-elements" : "portal-tree";
    walk(v, nodes);
  } else if (isObject(v) && ("a11y_tree" in v || "elements" in v)) {
    const tree = v["a11y_tree"] ?? v["elements"];
    source = "a11y_tree" in v ? "portal-state" : "portal-elements";
    walk(Array.isArray(tree) ? tree : [tree], nodes);
    const phone = v["phone_state"];
    if (isObject(phone)) {
      pkg = str(phone, "packageName", "package");
      activity = str(phone, "activityName", "activity");
      keyboardShown = bool(phone, "keyboardVisible", "keyboardShown");
    }
    screen = screenFrom(v["device_context"]) ?? screenFrom(v);
  } else if (looksLikeElement(v)) {
    source = "portal-tree";
    walk([v], nodes);
  } else {
    throw new HubError("PARSE_ERROR", "JSON is not a Portal state, a11y_tree or elements list", {
      details: { format: "json" },
    });
  }
  return finishSnapshot(nodes, {
    source,
    package: pkg,
    activity,
    keyboardShown,
    ...(screen ? { screen } : {}),
  });
}
