/**
 * The one reader of Mobilerun/droidrun Portal accessibility nodes, shared by the Mobilerun adapter
 * (devices/mobilerun-tree.ts turns a live `state` answer into a droidhub.v1 UiTree) and by perception
 * (parse-mobilerun.ts reads a Portal JSON dump). Both see the same node for the same JSON: the key
 * aliases of every Portal build, the `type` flag of the older elements list, and one bounds rule.
 *
 * Node shapes, from droidrun/droidrun-portal 0.7.2 (commit 88b301c, AccessibilityTreeBuilder): the
 * full tree has `boundsInScreen {left,top,right,bottom}` and `isClickable`-style flags; the filtered
 * tree has `className`, "l, t, r, b" `bounds` strings and plain flags; the older flat elements list has
 * `text`, `className`, `bounds` "l,t,r,b" and a `type` ("clickable", "input", …).
 */
import type { droidhub } from "../protocol/generated/droidhub.js";
import { parseBounds } from "./geometry.js";
import { shortClass } from "./text.js";

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The first string among `keys`; "" when none is a string. */
export function str(o: Json, ...keys: string[]): string {
  for (const key of keys) {
    const value = o[key];
    if (typeof value === "string") return value;
  }
  return "";
}

/** Largest magnitude a screen number may have: int32 on the wire, far beyond any real screen. */
const INT32_MAX = 2_147_483_647;

/** A number for an int32 wire field: 0 when it is not a finite number, clamped otherwise. */
export function int(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return 0;
  // A phone that lies (1e300) must not reach int32 fields, perception or a tap as a huge number.
  return Math.max(-INT32_MAX, Math.min(INT32_MAX, Math.round(value)));
}

function flag(o: Json, ...keys: string[]): boolean {
  return keys.some((key) => o[key] === true);
}

/**
 * `boundsInScreen` first, then `bounds`. Coordinates beyond int32 make bounds unreadable (zero), as
 * in every other dump (geometry.parseBounds): a clamped lie would still be a rectangle to tap.
 */
function bounds(o: Json): droidhub.v1.IBounds {
  const rect = parseBounds(o["boundsInScreen"]) ?? parseBounds(o["bounds"]);
  if (!rect) return { left: 0, top: 0, right: 0, bottom: 0 };
  const [left, top, right, bottom] = rect.map(Math.round) as [number, number, number, number];
  return { left, top, right, bottom };
}

function readNode(o: Json, parent: number, depth: number): droidhub.v1.IUiNode {
  const className = str(o, "className", "class");
  let text = str(o, "text");
  // The filtered tree and the older elements list repeat the class name as text when a node has none.
  if (text === className || text.trim() === shortClass(className)) text = "";
  const type = str(o, "type");
  return {
    parent,
    depth,
    windowId: int(o["windowId"]),
    packageName: str(o, "packageName", "package"),
    className,
    text,
    contentDesc: str(o, "contentDescription", "contentDesc", "content-desc"),
    hint: str(o, "hint", "hintText"),
    resourceId: str(o, "resourceId", "resource-id", "viewIdResourceName"),
    bounds: bounds(o),
    clickable: flag(o, "isClickable", "clickable") || type === "clickable",
    longClickable: flag(o, "isLongClickable", "longClickable", "long-clickable"),
    focusable: flag(o, "isFocusable", "focusable") || type === "focusable",
    focused: flag(o, "isFocused", "focused"),
    editable: flag(o, "isEditable", "editable") || type === "input" || /EditText/.test(className),
    checkable: flag(o, "isCheckable", "checkable") || type === "checkable",
    checked: flag(o, "isChecked", "checked"),
    scrollable: flag(o, "isScrollable", "scrollable") || type === "scrollable",
    enabled: o["isEnabled"] !== false && o["enabled"] !== false,
    selected: flag(o, "isSelected", "selected"),
    password: flag(o, "isPassword", "password"),
    visible: o["isVisibleToUser"] !== false && o["visible"] !== false,
  };
}

/**
 * Portal node roots → the wire's flat pre-order list with parent indexes, at most `maxNodes` long.
 * Depth-first without recursion, so a deep tree cannot blow the stack; non-objects are skipped.
 */
export function readMobilerunNodes(roots: readonly unknown[], maxNodes: number): droidhub.v1.IUiNode[] {
  const nodes: droidhub.v1.IUiNode[] = [];
  const stack: { o: unknown; parent: number; depth: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ o: roots[i], parent: -1, depth: 0 });
  for (let top = stack.pop(); top && nodes.length < maxNodes; top = stack.pop()) {
    const { o, parent, depth } = top;
    if (!isObject(o)) continue;
    const index = nodes.length;
    nodes.push(readNode(o, parent, depth));
    const children = o["children"];
    if (Array.isArray(children)) {
      for (let i = children.length - 1; i >= 0; i--) stack.push({ o: children[i], parent: index, depth: depth + 1 });
    }
  }
  return nodes;
}
