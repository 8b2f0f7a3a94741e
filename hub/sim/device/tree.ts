/**
 * Turns a device's tiny view state into a droidhub.v1 UiTree (flat pre-order nodes with parent
 * indexes) plus a parallel table of what each node does. Trees are cached by state key, so a
 * thousand devices on the same screen share one tree object.
 */

import { defined, itemAt } from "../../errors/invariant.js";
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { KEYBOARD_PACKAGE, SYSTEMUI_PACKAGE } from "../apps/index.js";
import { REF_HEIGHT, REF_WIDTH, STATUS_BAR_HEIGHT } from "../apps/layout.js";
import { BATTERY_LEVEL, KEYBOARD, RATE_POPUP, STATUS_BAR } from "../apps/system.js";
import type { Rect } from "../apps/types.js";
import { type EmitContext, NO_PARAMS, screenContext, TreeWriter } from "./tree-writer.js";
import { type Layer, type NodeRef, type TreeView, type ViewState, WINDOW } from "./view-state.js";

export { clockText, fillTemplate, listOf, paramsOf } from "./tree-writer.js";
export { type Frame, type NodeRef, type TreeView, type ViewState, WINDOW } from "./view-state.js";

/** A built screen: the full tree, its active-window view (lazily) and hit-testing. */
export class BuiltTree {
  private activeView: TreeView | undefined;

  constructor(
    readonly key: string,
    readonly full: TreeView,
    private readonly layers: readonly Layer[],
    private readonly activeWindow: number,
  ) {}

  /** The tree restricted to the active application window (GetUi with all_windows = false). */
  active(): TreeView {
    if (this.activeView === undefined) {
      const layer = defined(
        this.layers.find((l) => l.id === this.activeWindow),
        "active window",
      );
      const nodes = (this.full.ui.nodes ?? []).slice(layer.start, layer.end).map((n) => ({
        ...n,
        parent: (n.parent ?? -1) < 0 ? -1 : (n.parent ?? 0) - layer.start,
      }));
      const ui: droidhub.v1.IUiTree = {
        ...this.full.ui,
        windows: (this.full.ui.windows ?? []).filter((w) => w.id === this.activeWindow),
        nodes,
      };
      this.activeView = { ui, refs: this.full.refs.slice(layer.start, layer.end) };
    }
    return this.activeView;
  }

  /** The node a touch at (x, y) lands on: topmost window first, then the last (deepest, frontmost) match. */
  hitTest(x: number, y: number): { index: number; ref: NodeRef } | undefined {
    const nodes = this.full.ui.nodes ?? [];
    for (let l = this.layers.length - 1; l >= 0; l--) {
      const layer = itemAt(this.layers, l, "layer");
      const inside = contains(layer.bounds, x, y);
      if (!inside && !layer.modal) continue;
      for (let i = layer.end - 1; i >= layer.start; i--) {
        const ref = this.full.refs[i];
        const node = itemAt(nodes, i, "node");
        if (ref === undefined || node.enabled === false) continue;
        if (ref.action === undefined && ref.longAction === undefined && ref.field === undefined) continue;
        if (node.bounds && contains(node.bounds, x, y)) return { index: i, ref };
      }
      return undefined;
    }
    return undefined;
  }

  /** Whether the app window can take touches (no dialog or popup over it). */
  get appBlocked(): boolean {
    return this.layers.some((l) => l.modal);
  }
}

function contains(b: droidhub.v1.IBounds, x: number, y: number): boolean {
  return x >= (b.left ?? 0) && x < (b.right ?? 0) && y >= (b.top ?? 0) && y < (b.bottom ?? 0);
}

/** A key for everything a tree depends on except the clock (used for "content changed" events). */
export function stateKey(s: ViewState): string {
  const parts: unknown[] = [s.width, s.height, s.base.app.id, s.base.screen.id, s.base.arg, s.base.scroll];
  if (s.dialog !== undefined) parts.push(s.dialog.screen.id, s.dialog.arg);
  parts.push(s.focus ?? "", s.keyboard, s.popup, s.moved);
  if (s.vars !== undefined && s.vars.size > 0) parts.push([...s.vars].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  return JSON.stringify(parts);
}

const MAX_CACHED_TREES = 512;
const treeCache = new Map<string, BuiltTree>();

/** The tree for a view state, from the shared cache when another device was already there. */
export function treeFor(s: ViewState, key: string = stateKey(s)): BuiltTree {
  const full = `${key}|${s.clock}`;
  const hit = treeCache.get(full);
  if (hit !== undefined) {
    treeCache.delete(full);
    treeCache.set(full, hit);
    return hit;
  }
  const tree = buildTree(s, full);
  treeCache.set(full, tree);
  if (treeCache.size > MAX_CACHED_TREES) {
    const oldest = treeCache.keys().next();
    if (oldest.done !== true) treeCache.delete(oldest.value);
  }
  return tree;
}

export function clearTreeCache(): void {
  treeCache.clear();
}

const FULL: Rect = [0, 0, REF_WIDTH, REF_HEIGHT];

/** The app's windows, bottom-most first: its screen, then a dialog and the rate popup over it; returns the active one. */
function writeAppWindows(s: ViewState, w: TreeWriter): number {
  const WT = pb.WindowType;
  const base = s.base;
  w.window(WINDOW.app, WT.WINDOW_TYPE_APPLICATION, base.app.label, base.app.pkg, FULL, false, () =>
    w.emit(base.screen.root, -1, 0, screenContext(base, WINDOW.app)),
  );
  let active: number = WINDOW.app;
  const dialog = s.dialog;
  if (dialog !== undefined) {
    w.window(
      WINDOW.dialog,
      WT.WINDOW_TYPE_APPLICATION,
      base.app.label,
      dialog.app.pkg,
      dialog.screen.root.bounds,
      true,
      () => w.emit(dialog.screen.root, -1, 0, screenContext(dialog, WINDOW.dialog)),
    );
    active = WINDOW.dialog;
  }
  if (s.popup) {
    const ctx: EmitContext = {
      window: WINDOW.popup,
      pkg: base.app.pkg,
      params: { appLabel: base.app.label },
      arg: "",
      scroll: 0,
    };
    w.window(WINDOW.popup, WT.WINDOW_TYPE_APPLICATION, "Rate this app", base.app.pkg, RATE_POPUP.bounds, true, () =>
      w.emit(RATE_POPUP, -1, 0, ctx),
    );
    active = WINDOW.popup;
  }
  return active;
}

/** The system's windows over the app: the keyboard when shown, and the status bar on top. */
function writeSystemWindows(s: ViewState, w: TreeWriter): void {
  const WT = pb.WindowType;
  if (s.keyboard) {
    const ctx: EmitContext = { window: WINDOW.ime, pkg: KEYBOARD_PACKAGE, params: NO_PARAMS, arg: "", scroll: 0 };
    w.window(WINDOW.ime, WT.WINDOW_TYPE_INPUT_METHOD, "Keyboard", KEYBOARD_PACKAGE, KEYBOARD.bounds, false, () =>
      w.emit(KEYBOARD, -1, 0, ctx),
    );
  }
  const statusCtx: EmitContext = {
    window: WINDOW.status,
    pkg: SYSTEMUI_PACKAGE,
    params: { clock: s.clock, battery: String(BATTERY_LEVEL) },
    arg: "",
    scroll: 0,
  };
  w.window(
    WINDOW.status,
    WT.WINDOW_TYPE_SYSTEM,
    "Status bar",
    SYSTEMUI_PACKAGE,
    [0, 0, REF_WIDTH, STATUS_BAR_HEIGHT],
    false,
    () => w.emit(STATUS_BAR, -1, 0, statusCtx),
  );
}

/** The whole tree of a view state: its windows in z-order, which one is active, the keyboard and screen. */
function buildTree(s: ViewState, key: string): BuiltTree {
  const w = new TreeWriter(s);
  const base = s.base;
  const active = writeAppWindows(s, w);
  writeSystemWindows(s, w);
  for (const win of w.windows) {
    win.active = win.id === active;
    win.focused = win.id === active;
  }
  // Top-most window first, as AccessibilityService.getWindows() reports them.
  const windows = [...w.windows].reverse();
  const ui: droidhub.v1.IUiTree = {
    windows,
    nodes: w.nodes,
    foregroundPackage: base.app.pkg,
    foregroundActivity: base.app.pkg + base.screen.activity,
    keyboard: keyboardState(s, w),
    screen: screenOf(s.width, s.height),
    capturedAtMs: 0,
    captureMs: 0,
    truncated: false,
  };
  return new BuiltTree(key, { ui, refs: w.refs }, w.layers, active);
}

function keyboardState(s: ViewState, w: TreeWriter): droidhub.v1.IKeyboardState {
  return s.keyboard
    ? { shown: true, imePackage: KEYBOARD_PACKAGE, bounds: w.bounds(KEYBOARD.bounds) }
    : { shown: false, imePackage: KEYBOARD_PACKAGE };
}

export function screenOf(width: number, height: number): droidhub.v1.IScreen {
  return { width, height, densityDpi: Math.round((420 * width) / REF_WIDTH), rotation: 0 };
}
