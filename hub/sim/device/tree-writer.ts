/**
 * Writes one view state's nodes: the apps' screen specs → flat pre-order droidhub.v1 nodes with a
 * parallel table of what each node does, window by window (status bar, app, dialog, popup, IME).
 */
import { defined, itemAt } from "../../errors/invariant.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { REF_HEIGHT, REF_WIDTH } from "../apps/layout.js";
import type { Action, ListSpec, NodeSpec, Rect, ScreenSpec, Vars } from "../apps/types.js";
import type { Frame, Layer, NodeRef, ViewState } from "./view-state.js";

const MOVE_OFFSET = 320;
export const NO_PARAMS: Vars = Object.freeze({});

export interface EmitContext {
  readonly window: number;
  readonly pkg: string;
  readonly params: Vars;
  readonly arg: string;
  readonly scroll: number;
}

export class TreeWriter {
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
      const row = itemAt(list.rows, i, "list row");
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
        bounds: defined(clip([left, top, right, bottom]), "visible row bounds"),
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

export function screenContext(frame: Frame, window: number): EmitContext {
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
      const node = defined(stack.pop(), "node");
      if (node.list !== undefined) found = node;
      for (const child of node.children ?? []) stack.push(child);
    }
    lists.set(screen, found);
  }
  return found ?? undefined;
}
