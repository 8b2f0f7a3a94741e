/**
 * Compaction: a snapshot → the element list the model sees. Keeps visible interactive nodes and
 * informative text, drops invisible, zero-size, off-screen nodes and layout wrappers, labels
 * unlabeled clickables from their content, and flags screens the tree cannot describe.
 */
import { listElements } from "./compact-elements.js";
import { isIme, visibleRect, type Walk, walkNodes } from "./compact-walk.js";
import type { UiElement } from "./element.js";
import { area, sameRect, screenRect } from "./geometry.js";
import type { Rect, ScreenSize, SnapshotSource, UiSnapshot } from "./snapshot.js";

export { isInteractive, visibleRect } from "./compact-walk.js";

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

const OVERLAY_PACKAGES = /^com\.android\.systemui$|inputmethod|keyboard|honeyboard|swiftkey|\.ime$/i;
const FLAT_SOURCES: ReadonlySet<SnapshotSource> = new Set(["mobilerun-tree", "mobilerun-elements"]);

function titleWithin(elements: readonly UiElement[], bounds: Rect): string {
  for (const e of elements) {
    if (!e.label) continue;
    if (e.cx >= bounds[0] && e.cx < bounds[2] && e.cy >= bounds[1] && e.cy < bounds[3]) {
      if (!e.meta.interactive || /alertTitle|title/i.test(e.resourceId)) return e.label;
    }
  }
  return "";
}

/**
 * The element list the model sees, in three phases: walk the nodes into drafts and texts
 * (compact-walk.ts), number and label them (compact-elements.ts), then judge what the list cannot
 * say (vision reasons, dialogs, windows).
 */
export function compact(snapshot: UiSnapshot, options: CompactOptions = {}): CompactSnapshot {
  const screen = screenRect(snapshot.screen);
  const walk = walkNodes(snapshot, options, screen);
  const elements = listElements(walk, snapshot.nodes, screen, options.maxLabel ?? 80);
  const canvas = isCanvas(snapshot, elements);
  const reasons = visionReasons(snapshot, elements, walk, canvas);
  return {
    source: snapshot.source,
    package: snapshot.package,
    activity: snapshot.activity,
    screen: snapshot.screen,
    elements,
    flags: { webview: walk.webviewSeen, opaqueWebView: walk.opaqueWebView, canvas },
    needsVision: reasons.length > 0,
    visionReasons: reasons,
    // Flat Mobilerun lists have no windows: their roots are elements, not dialogs.
    dialogs: FLAT_SOURCES.has(snapshot.source) ? [] : findDialogs(snapshot, elements, screen),
    windows: snapshot.nodes.filter((n) => n.parent === -1).map((n) => n.packageName),
    keyboardShown: snapshot.keyboardShown || snapshot.nodes.some((n) => n.parent === -1 && isIme(snapshot, n)),
    truncated: snapshot.truncated,
  };
}

/** Why the element list may not describe the screen; empty when it does. */
function visionReasons(snapshot: UiSnapshot, elements: readonly UiElement[], walk: Walk, canvas: boolean): string[] {
  const reasons: string[] = [];
  if (elements.length === 0) reasons.push("empty tree");
  if (walk.opaqueWebView) reasons.push("opaque WebView");
  if (canvas) reasons.push("canvas-like screen");
  // The missing part may hold the target; the screenshot still shows it.
  if (snapshot.truncated) reasons.push("truncated tree");
  return reasons;
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
