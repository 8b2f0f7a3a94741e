/**
 * Compaction's second phase: the walk's drafts, texts and keyboard windows → numbered UiElements,
 * each labelled, tagged and fingerprinted (element.ts says what the model sees).
 */
import { itemAt } from "../errors/invariant.js";
import type { Draft, Walk } from "./compact-walk.js";
import { ownLabel } from "./compact-walk.js";
import type { ElementMeta, UiElement } from "./element.js";
import { fingerprintOf } from "./fingerprint.js";
import { center, intersect, sameRect } from "./geometry.js";
import type { Rect, UiNodeData } from "./snapshot.js";
import { tagFor } from "./tags.js";
import { resourceName, truncate } from "./text.js";

const NO_ANCESTRY: readonly string[] = [];

/**
 * For each node, the names of its nearest (up to 3) ancestors that have a resource id. One pass, since
 * parents come first: walking up from every element cost O(depth) each, and a phone that sends a
 * chain 20,000 nodes deep made that seconds of work per screen.
 */
function ancestries(nodes: readonly UiNodeData[]): (readonly string[])[] {
  const out: (readonly string[])[] = [];
  for (const n of nodes) {
    const above = n.parent >= 0 ? out[n.parent] : undefined;
    if (above === undefined) {
      out.push(NO_ANCESTRY);
      continue;
    }
    const rid = itemAt(nodes, n.parent, "parent node").resourceId;
    out.push(rid && !/^view_\d+$/.test(rid) ? [resourceName(rid), ...above.slice(0, 2)] : above);
  }
  return out;
}

/** The element list in the walk's order; ids count from 1. */
export function listElements(walk: Walk, nodes: readonly UiNodeData[], screen: Rect, maxLabel: number): UiElement[] {
  const elements: UiElement[] = [];
  const ancestry = ancestries(nodes);
  let lastText = "";
  let lastTextRect: Rect = [0, 0, 0, 0];
  for (const item of walk.order) {
    const id = elements.length + 1;
    if ("draft" in item) {
      const d = itemAt(walk.drafts, item.draft, "draft");
      elements.push(elementFromDraft(d, ancestry[d.node.index] ?? NO_ANCESTRY, id, maxLabel));
    } else if ("keyboard" in item) {
      const keyboard = itemAt(nodes, item.keyboard, "keyboard node");
      elements.push(keyboardElement(keyboard, intersect(keyboard.bounds, screen), id));
    } else {
      const n = itemAt(nodes, item.text, "text node");
      const rect = intersect(n.bounds, screen);
      const label = truncate(ownLabel(n), maxLabel);
      // Compose and some toolkits repeat one text on nested nodes with the same box.
      if (label === lastText && sameRect(rect, lastTextRect, 8)) continue;
      lastText = label;
      lastTextRect = rect;
      elements.push(textElement(n, ancestry[n.index] ?? NO_ANCESTRY, rect, label, id, walk.inWebView[n.index] === 1));
    }
  }
  return elements;
}

function elementFromDraft(d: Draft, ancestry: readonly string[], id: number, maxLabel: number): UiElement {
  const n = d.node;
  const ridName = resourceName(n.resourceId);
  const inner = d.inner.join(" ");
  let label: string;
  let key: string;
  let value: string | undefined;
  if (d.editable) {
    // A field is named by its hint or description; what was typed is its value.
    label = n.hint || n.contentDesc || inner || ridName || n.text;
    key = n.hint || n.contentDesc || ridName;
    if (n.text && n.text !== label) value = truncate(n.text, maxLabel);
  } else {
    label = n.text || n.contentDesc || inner || n.hint || ridName;
    key = d.scrollable && !d.clickable ? ridName : truncate(label, 40);
  }
  const c = center(d.rect);
  const tag = tagFor({
    className: n.className,
    editable: d.editable,
    checkable: d.checkable,
    scrollable: d.scrollable,
    clickable: d.clickable,
  });
  const meta: ElementMeta = {
    fingerprint: "",
    packageName: n.packageName,
    className: n.className,
    ancestry: [...ancestry],
    key,
    node: n.index,
    interactive: true,
  };
  meta.fingerprint = fingerprintOf({ ...meta, resourceId: n.resourceId });
  const e: UiElement = {
    id,
    tag,
    label: truncate(label, maxLabel),
    cx: c.x,
    cy: c.y,
    bounds: [d.rect[0], d.rect[1], d.rect[2], d.rect[3]],
    resourceId: n.resourceId,
    clickable: d.clickable || d.longClickable,
    editable: d.editable,
    scrollable: d.scrollable,
    checkable: d.checkable,
    checked: d.checked,
    focused: d.focused,
    meta,
  };
  if (d.longClickable) e.longClickable = true;
  if (d.selected) e.selected = true;
  if (!d.enabled) e.disabled = true;
  if (d.password) e.password = true;
  if (d.editable && n.hint && n.hint !== e.label) e.hint = n.hint;
  if (value) e.value = value;
  if (d.webview) e.webview = true;
  return e;
}

function textElement(
  n: UiNodeData,
  ancestry: readonly string[],
  rect: Rect,
  label: string,
  id: number,
  webview: boolean,
): UiElement {
  const c = center(rect);
  const meta: ElementMeta = {
    fingerprint: "",
    packageName: n.packageName,
    className: n.className,
    ancestry: [...ancestry],
    key: truncate(label, 40),
    node: n.index,
    interactive: false,
  };
  meta.fingerprint = fingerprintOf({ ...meta, resourceId: n.resourceId });
  const tag = /Image/.test(n.className) && !n.text ? "Image" : "Text";
  const e: UiElement = {
    id,
    tag,
    label,
    cx: c.x,
    cy: c.y,
    bounds: [rect[0], rect[1], rect[2], rect[3]],
    resourceId: n.resourceId,
    clickable: false,
    editable: false,
    scrollable: false,
    checkable: false,
    checked: n.checked,
    focused: n.focused,
    meta,
  };
  if (n.selected) e.selected = true;
  if (webview) e.webview = true;
  return e;
}

function keyboardElement(n: UiNodeData, rect: Rect, id: number): UiElement {
  const c = center(rect);
  const meta: ElementMeta = {
    fingerprint: "",
    packageName: n.packageName,
    className: "Keyboard",
    ancestry: [],
    key: "keyboard",
    node: n.index,
    interactive: true,
  };
  meta.fingerprint = fingerprintOf({ ...meta, resourceId: "" });
  return {
    id,
    tag: "Keyboard",
    label: "on-screen keyboard",
    cx: c.x,
    cy: c.y,
    bounds: [rect[0], rect[1], rect[2], rect[3]],
    resourceId: "",
    clickable: true,
    editable: false,
    scrollable: false,
    checkable: false,
    checked: false,
    focused: false,
    meta,
  };
}
