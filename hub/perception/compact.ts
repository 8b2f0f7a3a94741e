/**
 * Compaction: a snapshot → the element list the model sees. Keeps visible interactive nodes and
 * informative text, drops invisible, zero-size, off-screen nodes and layout wrappers, labels
 * unlabeled clickables from their content, and flags screens the tree cannot describe.
 */
import type { ElementMeta, UiElement } from "./element.js";
import { fingerprintOf } from "./fingerprint.js";
import { area, center, intersect, isEmpty, sameRect, screenRect } from "./geometry.js";
import type { Rect, ScreenSize, SnapshotSource, UiNodeData, UiSnapshot } from "./snapshot.js";
import { tagFor } from "./tags.js";
import { resourceName, truncate } from "./text.js";

export interface CompactOptions {
  /** Longest label in code points (default 80). */
  maxLabel?: number;
  /** Keep non-interactive text (default true). */
  includeText?: boolean;
  /** Drop elements of these packages — default none. */
  excludePackages?: readonly string[];
  /**
   * List every key of an on-screen keyboard (default false: the IME window becomes one "Keyboard"
   * element; agents type with the input action, and 40 keys cost ~1,000 tokens).
   */
  keyboardKeys?: boolean;
  /** Keep status-bar text (clock, battery) when another app is in front (default false). */
  statusBarText?: boolean;
}

export interface VisionFlags {
  /** Some elements sit inside a WebView (their tree may be partial). */
  webview: boolean;
  /** A visible WebView exposes no content (NAF or no children). */
  opaqueWebView: boolean;
  /** Near-empty tree over a big surface: a game, a canvas, a video. */
  canvas: boolean;
}

export interface DialogInfo {
  title: string;
  bounds: Rect;
}

export interface CompactSnapshot {
  source: SnapshotSource;
  package: string;
  activity: string;
  screen: ScreenSize;
  elements: UiElement[];
  flags: VisionFlags;
  /** True when the agent should ask a vision model for elements (see vision.ts). */
  needsVision: boolean;
  visionReasons: string[];
  /** Dialogs and popups: window roots not covering the screen, alert panels. */
  dialogs: DialogInfo[];
  /** Window roots by package, for change detection. */
  windows: string[];
  keyboardShown: boolean;
  /** The phone cut the tree at its limits: the element list is incomplete (see TRUNCATED_TREE_NOTE). */
  truncated: boolean;
}

/** What prompts say about a truncated tree, next to the element list. */
export const TRUNCATED_TREE_NOTE = "tree truncated by the phone: some elements are missing";

const SAME_BOUNDS_TOLERANCE = 2;
const INPUT_CLASSES = /EditText|Spinner|SeekBar|Slider|AutoComplete/;
const OVERLAY_PACKAGES = /^com\.android\.systemui$|inputmethod|keyboard|honeyboard|swiftkey|\.ime$/i;
const STATUS_BAR_PACKAGE = "com.android.systemui";
const IME_PACKAGES = /inputmethod|keyboard|honeyboard|swiftkey|\.ime$/i;
const FLAT_SOURCES: ReadonlySet<SnapshotSource> = new Set(["mobilerun-tree", "mobilerun-elements"]);

function isIme(snapshot: UiSnapshot, n: UiNodeData): boolean {
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

interface Draft {
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

function ownLabel(n: UiNodeData): string {
  return n.text || n.contentDesc;
}

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
    const rid = nodes[n.parent]!.resourceId;
    out.push(rid && !/^view_\d+$/.test(rid) ? [resourceName(rid), ...above.slice(0, 2)] : above);
  }
  return out;
}

function titleWithin(elements: readonly UiElement[], bounds: Rect): string {
  for (const e of elements) {
    if (!e.label) continue;
    if (e.cx >= bounds[0] && e.cx < bounds[2] && e.cy >= bounds[1] && e.cy < bounds[3]) {
      if (!e.meta.interactive || /alertTitle|title/i.test(e.resourceId)) return e.label;
    }
  }
  return "";
}

export function compact(snapshot: UiSnapshot, options: CompactOptions = {}): CompactSnapshot {
  const maxLabel = options.maxLabel ?? 80;
  const includeText = options.includeText ?? true;
  const excluded = new Set(options.excludePackages ?? []);
  const screen = screenRect(snapshot.screen);
  const nodes = snapshot.nodes;
  // owner[i]: index into `drafts` of the element that absorbs node i's text (self or ancestor).
  const owner = new Int32Array(nodes.length).fill(-1);
  const inWebView = new Uint8Array(nodes.length);
  const hidden = new Uint8Array(nodes.length);
  const drafts: Draft[] = [];
  const order: Array<{ draft: number } | { text: number } | { keyboard: number }> = [];
  const keyboardKeys = options.keyboardKeys ?? false;
  // Clock, battery and signal text says nothing about the app; kept only when systemui is the screen.
  const statusBarHidden = !(options.statusBarText ?? false) && snapshot.package !== STATUS_BAR_PACKAGE;
  let opaqueWebView = false;
  let webviewSeen = false;

  for (const n of nodes) {
    const i = n.index;
    const p = n.parent;
    if (p >= 0) {
      owner[i] = owner[p]!;
      inWebView[i] = inWebView[p]!;
      hidden[i] = hidden[p]!;
    }
    if (excluded.has(n.packageName)) hidden[i] = 1;
    if (p === -1 && !keyboardKeys && !hidden[i] && isIme(snapshot, n)) {
      if (visibleRect(n, screen)) order.push({ keyboard: i });
      hidden[i] = 1;
      continue;
    }
    const isWebView = /WebView$/.test(n.className);
    const rect = hidden[i] ? undefined : visibleRect(n, screen);
    if (isWebView && rect) {
      webviewSeen = true;
      if ((n.childCount === 0 || n.naf) && area(rect) > 0.2 * area(screen)) opaqueWebView = true;
    }
    if (!rect) continue;
    const interactive = isInteractive(n) || (isWebView && n.childCount === 0);
    if (interactive) {
      const o = owner[i]!;
      const parentDraft = o >= 0 ? drafts[o] : undefined;
      // A clickable wrapper around a clickable child of the same size is one target, not two.
      if (parentDraft && sameRect(parentDraft.rect, rect, SAME_BOUNDS_TOLERANCE) && !n.editable && !n.scrollable) {
        parentDraft.clickable ||= n.clickable;
        parentDraft.longClickable ||= n.longClickable;
        parentDraft.checkable ||= n.checkable;
        parentDraft.checked ||= n.checked;
        parentDraft.focused ||= n.focused;
        parentDraft.selected ||= n.selected;
        if (!parentDraft.node.text && !parentDraft.node.contentDesc && ownLabel(n) && parentDraft.innerLength === 0) {
          parentDraft.inner.push(ownLabel(n));
          parentDraft.innerLength += ownLabel(n).length;
        }
        continue;
      }
      const d: Draft = {
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
        webview: inWebView[i] === 1,
        inner: [],
        innerLength: 0,
      };
      // Scrollable containers do not swallow their content's text: rows are what the model reads.
      owner[i] = n.scrollable && !n.clickable ? -1 : drafts.length;
      drafts.push(d);
      order.push({ draft: drafts.length - 1 });
    } else {
      const label = ownLabel(n);
      if (label) {
        const o = owner[i]!;
        const od = o >= 0 ? drafts[o] : undefined;
        if (od) {
          if (od.innerLength < maxLabel * 2 && !od.inner.includes(label) && label !== ownLabel(od.node)) {
            od.inner.push(label);
            od.innerLength += label.length + 1;
          }
        } else if (includeText && !(statusBarHidden && n.packageName === STATUS_BAR_PACKAGE)) {
          order.push({ text: i });
        }
      }
    }
    if (isWebView) inWebView[i] = 1;
  }

  const elements: UiElement[] = [];
  const ancestry = ancestries(nodes);
  let lastText = "";
  let lastTextRect: Rect = [0, 0, 0, 0];
  for (const item of order) {
    const id = elements.length + 1;
    if ("draft" in item) {
      const d = drafts[item.draft]!;
      elements.push(elementFromDraft(d, ancestry[d.node.index] ?? NO_ANCESTRY, id, maxLabel));
    } else if ("keyboard" in item) {
      elements.push(keyboardElement(nodes[item.keyboard]!, intersect(nodes[item.keyboard]!.bounds, screen), id));
    } else {
      const n = nodes[item.text]!;
      const rect = intersect(n.bounds, screen);
      const label = truncate(ownLabel(n), maxLabel);
      // Compose and some toolkits repeat one text on nested nodes with the same box.
      if (label === lastText && sameRect(rect, lastTextRect, 8)) continue;
      lastText = label;
      lastTextRect = rect;
      elements.push(textElement(n, ancestry[n.index] ?? NO_ANCESTRY, rect, label, id, inWebView[n.index] === 1));
    }
  }

  const canvas = isCanvas(snapshot, elements);
  const reasons: string[] = [];
  if (elements.length === 0) reasons.push("empty tree");
  if (opaqueWebView) reasons.push("opaque WebView");
  if (canvas) reasons.push("canvas-like screen");
  // The missing part may hold the target; the screenshot still shows it.
  if (snapshot.truncated) reasons.push("truncated tree");
  return {
    source: snapshot.source,
    package: snapshot.package,
    activity: snapshot.activity,
    screen: snapshot.screen,
    elements,
    flags: { webview: webviewSeen, opaqueWebView, canvas },
    needsVision: reasons.length > 0,
    visionReasons: reasons,
    // Flat Mobilerun lists have no windows: their roots are elements, not dialogs.
    dialogs: FLAT_SOURCES.has(snapshot.source) ? [] : findDialogs(snapshot, elements, screen),
    windows: nodes.filter((n) => n.parent === -1).map((n) => n.packageName),
    keyboardShown: snapshot.keyboardShown || nodes.some((n) => n.parent === -1 && isIme(snapshot, n)),
    truncated: snapshot.truncated,
  };
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

/** A few nodes, no text, one surface covering most of the screen: the tree says nothing. */
function isCanvas(snapshot: UiSnapshot, elements: readonly UiElement[]): boolean {
  const appNodes = snapshot.nodes.filter((n) => !OVERLAY_PACKAGES.test(n.packageName));
  if (appNodes.length === 0) return false;
  const labelled = elements.filter((e) => e.label && !OVERLAY_PACKAGES.test(e.meta.packageName)).length;
  return appNodes.length <= 12 && labelled <= 1;
}

function findDialogs(snapshot: UiSnapshot, elements: readonly UiElement[], screen: Rect): DialogInfo[] {
  const out: DialogInfo[] = [];
  const screenArea = area(screen);
  for (const n of snapshot.nodes) {
    const isRoot = n.parent === -1;
    const panel = /:id\/(parentPanel|alertTitle|dialog_container)$|^android:id\/parentPanel$/.test(n.resourceId);
    const dialogClass = /Dialog/.test(n.className);
    if (!isRoot && !panel && !dialogClass) continue;
    if (OVERLAY_PACKAGES.test(n.packageName)) continue;
    const rect = visibleRect(n, screen);
    if (!rect) continue;
    if (isRoot && area(rect) >= 0.9 * screenArea) continue;
    if (
      out.some(
        (d) =>
          sameRect(d.bounds, rect, 4) ||
          (d.bounds[0] <= rect[0] && d.bounds[2] >= rect[2] && d.bounds[1] <= rect[1] && d.bounds[3] >= rect[3]),
      )
    )
      continue;
    out.push({ title: titleWithin(elements, rect), bounds: rect });
  }
  return out;
}
