/**
 * Turns a device's tiny view state into a droidhub.v1 UiTree (flat pre-order nodes with parent
 * indexes) plus a parallel table of what each node does. Trees are cached by state key, so a
 * thousand devices on the same screen share one tree object.
 */

import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { KEYBOARD_PACKAGE, SYSTEMUI_PACKAGE } from "../apps/index.js";
import { REF_HEIGHT, REF_WIDTH, STATUS_BAR_HEIGHT } from "../apps/layout.js";
import { BATTERY_LEVEL, KEYBOARD, RATE_POPUP, STATUS_BAR } from "../apps/system.js";
import type { Action, AppSpec, ListSpec, NodeSpec, Rect, ScreenSpec, Vars } from "../apps/types.js";

/** One entry of a device's back stack. Immutable: a scroll replaces the frame. */
export interface Frame {
  readonly app: AppSpec;
  readonly screen: ScreenSpec;
  readonly arg: string;
  /** List scroll offset in reference pixels. */
  readonly scroll: number;
}

/** Everything the screen shows, derived from a device's state. */
export interface ViewState {
  readonly width: number;
  readonly height: number;
  /** Topmost full-screen frame (gives the foreground activity). */
  readonly base: Frame;
  /** A modal dialog frame drawn over `base`. */
  readonly dialog: Frame | undefined;
  readonly vars: ReadonlyMap<string, string> | undefined;
  readonly focus: string | undefined;
  readonly keyboard: boolean;
  readonly popup: boolean;
  readonly moved: boolean;
  /** "HH:MM" shown in the status bar. */
  readonly clock: string;
}

export const WINDOW = { status: 1, app: 2, dialog: 3, popup: 4, ime: 5 } as const;

/** What a node does when touched, next to the protobuf node at the same index. */
export interface NodeRef {
  readonly window: number;
  readonly action: Action | undefined;
  readonly longAction: Action | undefined;
  readonly field: string | undefined;
  readonly list: boolean;
}

export interface TreeView {
  readonly ui: droidhub.v1.IUiTree;
  readonly refs: readonly (NodeRef | undefined)[];
}

interface Layer {
  readonly id: number;
  readonly bounds: droidhub.v1.IBounds;
  /** Swallows every touch that is not on it or above it (dialogs, popups). */
  readonly modal: boolean;
  readonly start: number;
  readonly end: number;
}

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
      const layer = this.layers.find((l) => l.id === this.activeWindow)!;
      const nodes = this.full.ui.nodes!.slice(layer.start, layer.end).map((n) => ({
        ...n,
        parent: (n.parent ?? -1) < 0 ? -1 : (n.parent ?? 0) - layer.start,
      }));
      const ui: droidhub.v1.IUiTree = {
        ...this.full.ui,
        windows: this.full.ui.windows!.filter((w) => w.id === this.activeWindow),
        nodes,
      };
      this.activeView = { ui, refs: this.full.refs.slice(layer.start, layer.end) };
    }
    return this.activeView;
  }

  /** The node a touch at (x, y) lands on: topmost window first, then the last (deepest, frontmost) match. */
  hitTest(x: number, y: number): { index: number; ref: NodeRef } | undefined {
    const nodes = this.full.ui.nodes!;
    for (let l = this.layers.length - 1; l >= 0; l--) {
      const layer = this.layers[l]!;
      const inside = contains(layer.bounds, x, y);
      if (!inside && !layer.modal) continue;
      for (let i = layer.end - 1; i >= layer.start; i--) {
        const ref = this.full.refs[i];
        const node = nodes[i]!;
        if (ref === undefined || node.enabled === false) continue;
        if (ref.action === undefined && ref.longAction === undefined && ref.field === undefined) continue;
        if (contains(node.bounds!, x, y)) return { index: i, ref };
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
  if (treeCache.size > MAX_CACHED_TREES) treeCache.delete(treeCache.keys().next().value!);
  return tree;
}

export function clearTreeCache(): void {
  treeCache.clear();
}

const MOVE_OFFSET = 320;
const NO_PARAMS: Vars = Object.freeze({});

interface EmitContext {
  readonly window: number;
  readonly pkg: string;
  readonly params: Vars;
  readonly arg: string;
  readonly scroll: number;
}

class TreeWriter {
  readonly nodes: droidhub.v1.IUiNode[] = [];
  readonly refs: (NodeRef | undefined)[] = [];
  readonly layers: Layer[] = [];
  readonly windows: droidhub.v1.IWindow[] = [];
  private readonly sx: number;
  private readonly sy: number;

  constructor(private readonly s: ViewState) {
    this.sx = s.width / REF_WIDTH;
    this.sy = s.height / REF_HEIGHT;
  }

  bounds(r: Rect): droidhub.v1.IBounds {
    return {
      left: Math.round(r[0] * this.sx),
      top: Math.round(r[1] * this.sy),
      right: Math.round(r[2] * this.sx),
      bottom: Math.round(r[3] * this.sy),
    };
  }

  window(
    id: number,
    type: droidhub.v1.WindowType,
    title: string,
    pkg: string,
    rect: Rect,
    modal: boolean,
    fill: () => void,
  ): void {
    const start = this.nodes.length;
    fill();
    const bounds = this.bounds(rect);
    this.layers.push({ id, bounds, modal, start, end: this.nodes.length });
    this.windows.push({
      id,
      type,
      title,
      layer: this.layers.length,
      active: false,
      focused: false,
      bounds,
      packageName: pkg,
    });
  }

  resolve(template: string | undefined, ctx: EmitContext): string {
    return fillTemplate(template, ctx.arg, ctx.params, this.s.vars);
  }

  emit(spec: NodeSpec, parent: number, depth: number, ctx: EmitContext): void {
    let rect = spec.bounds;
    if (spec.primary === true && this.s.moved) {
      const dy = rect[3] + MOVE_OFFSET <= REF_HEIGHT - 120 ? MOVE_OFFSET : -MOVE_OFFSET;
      rect = [rect[0], rect[1] + dy, rect[2], rect[3] + dy];
    }
    const value = spec.field === undefined ? undefined : (this.s.vars?.get(spec.field) ?? "");
    const text =
      value === undefined ? this.resolve(spec.text, ctx) : spec.password === true ? "•".repeat(value.length) : value;
    const index = this.push(spec, parent, depth, ctx, this.bounds(rect), text);
    if (spec.list !== undefined) this.emitRows(spec.list, spec.bounds, index, depth + 1, ctx);
    for (const child of spec.children ?? []) this.emit(child, index, depth + 1, ctx);
  }

  private push(
    spec: NodeSpec,
    parent: number,
    depth: number,
    ctx: EmitContext,
    bounds: droidhub.v1.IBounds,
    text: string,
  ): number {
    const editable = spec.field !== undefined;
    const id = spec.id === undefined ? "" : spec.id.includes(":") ? spec.id : `${ctx.pkg}:id/${spec.id}`;
    const node: droidhub.v1.IUiNode = {
      parent,
      windowId: ctx.window,
      packageName: ctx.pkg,
      className: spec.cls,
      text,
      contentDesc: this.resolve(spec.desc, ctx),
      hint: spec.hint ?? "",
      resourceId: id,
      bounds,
      clickable: spec.clickable === true,
      longClickable: spec.longClickable === true,
      focusable: spec.focusable === true || editable,
      focused: editable && this.s.focus === spec.field,
      editable,
      checkable: spec.checkedVar !== undefined,
      checked: spec.checkedVar !== undefined && this.s.vars?.get(spec.checkedVar) === "1",
      scrollable: spec.list !== undefined,
      enabled: spec.enabled !== false,
      selected: spec.selected === true,
      password: spec.password === true,
      visible: true,
      depth,
    };
    this.nodes.push(node);
    const interactive =
      spec.onTap !== undefined || spec.onLongPress !== undefined || editable || spec.list !== undefined;
    this.refs.push(
      interactive
        ? {
            window: ctx.window,
            action: spec.onTap,
            longAction: spec.onLongPress,
            field: spec.field,
            list: spec.list !== undefined,
          }
        : undefined,
    );
    return this.nodes.length - 1;
  }

  /** Only rows that intersect the viewport, with bounds clipped to it, like a RecyclerView. */
  private emitRows(list: ListSpec, viewport: Rect, parent: number, depth: number, ctx: EmitContext): void {
    const [left, vTop, right, vBottom] = viewport;
    const first = Math.max(0, Math.floor(ctx.scroll / list.rowHeight));
    for (let i = first; i < list.rows.length; i++) {
      const row = list.rows[i]!;
      const top = vTop + i * list.rowHeight - ctx.scroll;
      if (top >= vBottom) break;
      const bottom = top + list.rowHeight;
      if (bottom <= vTop) continue;
      const clip = (r: Rect): Rect | undefined => {
        const t = Math.max(r[1], vTop);
        const b = Math.min(r[3], vBottom);
        return b > t ? [r[0], t, r[2], b] : undefined;
      };
      const action: Action | undefined = row.toggle !== undefined ? { kind: "toggle", key: row.toggle } : row.onTap;
      const rowSpec: NodeSpec = {
        cls: "android.widget.LinearLayout",
        bounds: clip([left, top, right, bottom])!,
        clickable: true,
        focusable: true,
        ...(action === undefined ? {} : { onTap: action }),
      };
      const rowIndex = this.push(rowSpec, parent, depth, ctx, this.bounds(rowSpec.bounds), "");
      const children: NodeSpec[] = [
        {
          cls: "android.widget.TextView",
          id: "android:id/title",
          text: row.title,
          bounds: [left + 64, top + 40, right - 220, top + 104],
        },
      ];
      if (row.summary !== undefined) {
        children.push({
          cls: "android.widget.TextView",
          id: "android:id/summary",
          text: row.summary,
          bounds: [left + 64, top + 112, right - 220, top + 164],
        });
      }
      if (row.toggle !== undefined) {
        children.push({
          cls: "android.widget.Switch",
          id: "android:id/switch_widget",
          checkedVar: row.toggle,
          bounds: [right - 200, top + 60, right - 56, top + 140],
        });
      }
      for (const child of children) {
        const clipped = clip(child.bounds);
        if (clipped === undefined) continue;
        const text = this.resolve(child.text, ctx);
        this.push({ ...child, bounds: clipped }, rowIndex, depth + 1, ctx, this.bounds(clipped), text);
      }
    }
  }
}

function screenContext(frame: Frame, window: number): EmitContext {
  return {
    window,
    pkg: frame.app.pkg,
    params: paramsOf(frame),
    arg: frame.arg,
    scroll: frame.scroll,
  };
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** "HH:MM" for the status bar. */
export function clockText(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

const FULL: Rect = [0, 0, REF_WIDTH, REF_HEIGHT];

function buildTree(s: ViewState, key: string): BuiltTree {
  const w = new TreeWriter(s);
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

/** Replaces `{name}` by the screen argument, a screen param or a field value ("" when unknown). */
export function fillTemplate(
  template: string | undefined,
  arg: string,
  params: Vars,
  vars: ReadonlyMap<string, string> | undefined,
): string {
  if (template === undefined) return "";
  if (!template.includes("{")) return template;
  return template.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    if (name === "arg") return arg;
    return params[name] ?? vars?.get(name) ?? "";
  });
}

export function paramsOf(frame: Frame): Vars {
  return frame.screen.params?.(frame.arg) ?? NO_PARAMS;
}

const lists = new WeakMap<ScreenSpec, NodeSpec | null>();

/** The list node of a screen, if it has one (for scrolling without a tree at hand). */
export function listOf(screen: ScreenSpec): NodeSpec | undefined {
  let found = lists.get(screen);
  if (found === undefined) {
    found = null;
    const stack: NodeSpec[] = [screen.root];
    while (stack.length > 0 && found === null) {
      const node = stack.pop()!;
      if (node.list !== undefined) found = node;
      for (const child of node.children ?? []) stack.push(child);
    }
    lists.set(screen, found);
  }
  return found ?? undefined;
}
