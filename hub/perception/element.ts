/** The compact element: what the model sees and may act on (format fixed in DESIGN.md). */
import type { Rect } from "./snapshot.js";

export interface UiElement {
  /** Stable within one snapshot: order of appearance, from 1. */
  id: number;
  tag: string;
  label: string;
  cx: number;
  cy: number;
  bounds: [number, number, number, number];
  resourceId: string;
  clickable: boolean;
  editable: boolean;
  scrollable: boolean;
  checkable: boolean;
  checked: boolean;
  focused: boolean;
  // Optional facts, rendered only when true / non-empty.
  longClickable?: boolean;
  selected?: boolean;
  disabled?: boolean;
  password?: boolean;
  hint?: string;
  /** Current text of an editable field, when it differs from its label. */
  value?: string;
  /** Inside a WebView subtree. */
  webview?: boolean;
  /** Produced by a vision detector, not by the accessibility tree. */
  virtual?: boolean;
  /** Not rendered: matching and diff keys. */
  meta: ElementMeta;
}

export interface ElementMeta {
  /** Short stable key; see fingerprint.ts. */
  fingerprint: string;
  packageName: string;
  className: string;
  /** Resource ids of the nearest ancestors that have one, nearest first. */
  ancestry: string[];
  /** Label without state (editable value, checked state), used for matching. */
  key: string;
  /** Index of the source node in the snapshot, -1 for virtual elements. */
  node: number;
  /** Interactive element (true) or informative text/image (false). */
  interactive: boolean;
}

/** The fields of DESIGN.md's element JSON, in that order, plus optional ones when set. */
export function toJsonElement(e: UiElement): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: e.id,
    tag: e.tag,
    label: e.label,
    cx: e.cx,
    cy: e.cy,
    bounds: e.bounds,
    resourceId: e.resourceId,
    clickable: e.clickable,
    editable: e.editable,
    scrollable: e.scrollable,
    checkable: e.checkable,
    checked: e.checked,
    focused: e.focused,
  };
  if (e.longClickable) out["longClickable"] = true;
  if (e.selected) out["selected"] = true;
  if (e.disabled) out["disabled"] = true;
  if (e.password) out["password"] = true;
  if (e.hint) out["hint"] = e.hint;
  if (e.value) out["value"] = e.value;
  if (e.webview) out["webview"] = true;
  if (e.virtual) out["virtual"] = true;
  return out;
}

export function rectOf(e: UiElement): Rect {
  return e.bounds;
}
