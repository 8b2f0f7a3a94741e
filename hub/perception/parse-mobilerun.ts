/**
 * Mobilerun/droidrun Portal JSON → UiSnapshot. Three shapes are accepted:
 * - `state`: `{a11y_tree, phone_state, device_context}` where tree nodes carry `boundsInScreen`
 *   objects and `isClickable`-style flags (or the filtered form with "l, t, r, b" strings);
 * - a bare `a11y_tree` array (filtered form: `className`, `bounds`, boolean flags, `children`);
 * - the older flat `elements` list (`text`, `className`, `bounds` "l,t,r,b", `type`, `children`).
 * Nodes are read by mobilerun-nodes.ts, the same reader the Mobilerun adapter uses on a live phone.
 */
import { HubError } from "../errors/hub-error.js";
import { finishSnapshot } from "./finish.js";
import { isObject, type Json, readMobilerunNodes, str } from "./mobilerun-nodes.js";
import { draftsFromWire } from "./parse-proto.js";
import type { NodeDraft, ScreenSize, SnapshotSource, UiSnapshot } from "./snapshot.js";

function bool(o: Json, ...keys: string[]): boolean {
  return keys.some((k) => o[k] === true);
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** The Mobilerun app wraps answers as {status, data: "<json>"} or {result: …}; unwrap either. */
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

/** A dump has no node limit of its own: parse.ts bounds its size before any JSON is read. */
function walk(roots: unknown[], nodes: NodeDraft[]): void {
  // A Portal node says visible unless it says otherwise, so its visibility is always trusted.
  for (const draft of draftsFromWire(readMobilerunNodes(roots, Number.POSITIVE_INFINITY), true)) nodes.push(draft);
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

/** True when a parsed JSON value is one of the Mobilerun shapes this parser understands. */
export function isMobilerunJson(value: unknown): boolean {
  const v = unwrap(value);
  if (Array.isArray(v)) return v.length === 0 || looksLikeElement(v[0]);
  return isObject(v) && ("a11y_tree" in v || "elements" in v || looksLikeElement(v));
}

export function parseMobilerunJson(value: unknown): UiSnapshot {
  const v = unwrap(value);
  const nodes: NodeDraft[] = [];
  let source: SnapshotSource;
  let pkg = "";
  let activity = "";
  let keyboardShown = false;
  let screen: ScreenSize | undefined;
  if (Array.isArray(v)) {
    source = v.some((e) => isObject(e) && typeof e["type"] === "string") ? "mobilerun-elements" : "mobilerun-tree";
    walk(v, nodes);
  } else if (isObject(v) && ("a11y_tree" in v || "elements" in v)) {
    const tree = v["a11y_tree"] ?? v["elements"];
    source = "a11y_tree" in v ? "mobilerun-state" : "mobilerun-elements";
    walk(Array.isArray(tree) ? tree : [tree], nodes);
    const phone = v["phone_state"];
    if (isObject(phone)) {
      pkg = str(phone, "packageName", "package");
      activity = str(phone, "activityName", "activity");
      keyboardShown = bool(phone, "keyboardVisible", "keyboardShown");
    }
    screen = screenFrom(v["device_context"]) ?? screenFrom(v);
  } else if (looksLikeElement(v)) {
    source = "mobilerun-tree";
    walk([v], nodes);
  } else {
    throw new HubError("PARSE_ERROR", "JSON is not a Mobilerun state, a11y_tree or elements list", {
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
