/**
 * Compaction's first phase: one pass over the snapshot's nodes (parents first) that decides which
 * nodes become elements (drafts), which text is folded into the element that owns it, and which is
 * listed on its own, in screen-reading order. Also notes what the tree cannot describe (WebViews).
 */
import type { CompactOptions } from "./compact.js";
import { area, intersect, isEmpty, sameRect } from "./geometry.js";
import type { Rect, UiNodeData, UiSnapshot } from "./snapshot.js";

const SAME_BOUNDS_TOLERANCE = 2;
const INPUT_CLASSES = /EditText|Spinner|SeekBar|Slider|AutoComplete/;
export const STATUS_BAR_PACKAGE = "com.android.systemui";
const IME_PACKAGES = /inputmethod|keyboard|honeyboard|swiftkey|\.ime$/i;

export function isIme(snapshot: UiSnapshot, n: UiNodeData): boolean {
  return n.packageName !== "" && (n.packageName === snapshot.imePackage || IME_PACKAGES.test(n.packageName));
}

export function isInteractive(n: UiNodeData): boolean {
  return (
    n.clickable ||
    n.longClickable ||
    n.editable ||
    n.checkable ||
    n.scrollable ||
    (n.focusable && INPUT_CLASSES.test(n.className))
  );
}

/** The part of a node the user can see; empty when invisible, zero-size or off-screen. */
export function visibleRect(n: UiNodeData, screen: Rect): Rect | undefined {
  if (!n.visible || isEmpty(n.bounds)) return undefined;
  const r = intersect(n.bounds, screen);
  return isEmpty(r) ? undefined : r;
}

export interface Draft {
  node: UiNodeData;
  rect: Rect;
  interactive: boolean;
  clickable: boolean;
  longClickable: boolean;
  editable: boolean;
  scrollable: boolean;
  checkable: boolean;
  checked: boolean;
  focused: boolean;
  selected: boolean;
  password: boolean;
  enabled: boolean;
  webview: boolean;
  /** Text gathered from descendants that have no element of their own. */
  inner: string[];
  innerLength: number;
}

export function ownLabel(n: UiNodeData): string {
  return n.text || n.contentDesc;
}

/** One entry of the element list, in order: an element draft, a text node, or a keyboard window. */
export type Listed = { draft: number } | { text: number } | { keyboard: number };

export interface Walk {
  drafts: Draft[];
  order: Listed[];
  /** inWebView[i] is 1 when node i sits inside a WebView. */
  inWebView: Uint8Array;
  webviewSeen: boolean;
  opaqueWebView: boolean;
}

/** A clickable wrapper around a clickable child of the same size is one target, not two. */
function mergeIntoWrapper(wrapper: Draft, n: UiNodeData): void {
  wrapper.clickable ||= n.clickable;
  wrapper.longClickable ||= n.longClickable;
  wrapper.checkable ||= n.checkable;
  wrapper.checked ||= n.checked;
  wrapper.focused ||= n.focused;
  wrapper.selected ||= n.selected;
  const label = ownLabel(n);
  if (!wrapper.node.text && !wrapper.node.contentDesc && label && wrapper.innerLength === 0) {
    wrapper.inner.push(label);
    wrapper.innerLength += label.length;
  }
}

/** Text without an element of its own becomes part of its owner's label, up to twice the label limit. */
function absorbLabel(owner: Draft, label: string, maxLabel: number): void {
  if (owner.innerLength < maxLabel * 2 && !owner.inner.includes(label) && label !== ownLabel(owner.node)) {
    owner.inner.push(label);
    owner.innerLength += label.length + 1;
  }
}

function newDraft(n: UiNodeData, rect: Rect, webview: boolean): Draft {
  return {
    node: n,
    rect,
    interactive: true,
    clickable: n.clickable,
    longClickable: n.longClickable,
    editable: n.editable,
    scrollable: n.scrollable,
    checkable: n.checkable,
    checked: n.checked,
    focused: n.focused,
    selected: n.selected,
    password: n.password,
    enabled: n.enabled,
    webview,
    inner: [],
    innerLength: 0,
  };
}

/** A visible WebView that exposes no content over a fifth of the screen is opaque to the tree. */
function noteWebView(walk: Walk, n: UiNodeData, rect: Rect, screen: Rect): void {
  walk.webviewSeen = true;
  if ((n.childCount === 0 || n.naf) && area(rect) > 0.2 * area(screen)) walk.opaqueWebView = true;
}

/** Walks the nodes once; `screen` is the screen's rectangle. */
export function walkNodes(snapshot: UiSnapshot, options: CompactOptions, screen: Rect): Walk {
  const maxLabel = options.maxLabel ?? 80;
  const includeText = options.includeText ?? true;
  const excluded = new Set(options.excludePackages ?? []);
  const keyboardKeys = options.keyboardKeys ?? false;
  // Clock, battery and signal text says nothing about the app; kept only when systemui is the screen.
  const statusBarHidden = !(options.statusBarText ?? false) && snapshot.package !== STATUS_BAR_PACKAGE;
  const nodes = snapshot.nodes;
  // owner[i]: index into `drafts` of the element that absorbs node i's text (self or ancestor).
  const owner = new Int32Array(nodes.length).fill(-1);
  const hidden = new Uint8Array(nodes.length);
  const walk: Walk = {
    drafts: [],
    order: [],
    inWebView: new Uint8Array(nodes.length),
    webviewSeen: false,
    opaqueWebView: false,
  };
  const { drafts, order, inWebView } = walk;

  for (const n of nodes) {
    const i = n.index;
    const p = n.parent;
    if (p >= 0) {
      owner[i] = owner[p] ?? -1;
      inWebView[i] = inWebView[p] ?? 0;
      hidden[i] = hidden[p] ?? 0;
    }
    if (excluded.has(n.packageName)) hidden[i] = 1;
    if (p === -1 && !keyboardKeys && !hidden[i] && isIme(snapshot, n)) {
      if (visibleRect(n, screen)) order.push({ keyboard: i });
      hidden[i] = 1;
      continue;
    }
    const isWebView = /WebView$/.test(n.className);
    const rect = hidden[i] ? undefined : visibleRect(n, screen);
    if (isWebView && rect) noteWebView(walk, n, rect, screen);
    if (!rect) continue;
    const o = owner[i] ?? -1;
    const ownerDraft = o >= 0 ? drafts[o] : undefined;
    if (isInteractive(n) || (isWebView && n.childCount === 0)) {
      if (ownerDraft && sameRect(ownerDraft.rect, rect, SAME_BOUNDS_TOLERANCE) && !n.editable && !n.scrollable) {
        mergeIntoWrapper(ownerDraft, n);
        continue;
      }
      // Scrollable containers do not swallow their content's text: rows are what the model reads.
      owner[i] = n.scrollable && !n.clickable ? -1 : drafts.length;
      drafts.push(newDraft(n, rect, inWebView[i] === 1));
      order.push({ draft: drafts.length - 1 });
    } else {
      const label = ownLabel(n);
      if (label && ownerDraft) absorbLabel(ownerDraft, label, maxLabel);
      else if (label && includeText && !(statusBarHidden && n.packageName === STATUS_BAR_PACKAGE)) {
        order.push({ text: i });
      }
    }
    if (isWebView) inWebView[i] = 1;
  }
  return walk;
}
