/** Shared geometry (reference 1080 × 2400 screen) and node builders for the app definitions. */
import type { Action, NodeSpec, Rect } from "./types.js";

export const REF_WIDTH = 1080;
export const REF_HEIGHT = 2400;
export const STATUS_BAR_HEIGHT = 96;
export const APP_BAR_BOTTOM = 264;
export const KEYBOARD_TOP = 1560;

export const FULL_SCREEN: Rect = [0, 0, REF_WIDTH, REF_HEIGHT];

const TEXT = "android.widget.TextView";

export function root(children: readonly NodeSpec[]): NodeSpec {
  return { cls: "android.widget.FrameLayout", id: "android:id/content", bounds: FULL_SCREEN, children };
}

/** A Material top app bar with a title and, for screens below the first, a "Navigate up" button. */
export function appBar(title: string, up: boolean): NodeSpec {
  const children: NodeSpec[] = [];
  if (up) {
    children.push({
      cls: "android.widget.ImageButton",
      desc: "Navigate up",
      bounds: [0, STATUS_BAR_HEIGHT, 168, APP_BAR_BOTTOM],
      clickable: true,
      focusable: true,
      onTap: { kind: "back" },
    });
  }
  children.push({ cls: TEXT, id: "toolbar_title", text: title, bounds: [up ? 180 : 48, 136, 1000, 224] });
  return {
    cls: "android.view.ViewGroup",
    id: "toolbar",
    bounds: [0, STATUS_BAR_HEIGHT, REF_WIDTH, APP_BAR_BOTTOM],
    children,
  };
}

export function text(id: string | undefined, value: string, bounds: Rect, onTap?: Action): NodeSpec {
  const node: NodeSpec = { cls: TEXT, text: value, bounds };
  return {
    ...node,
    ...(id === undefined ? {} : { id }),
    ...(onTap === undefined ? {} : { onTap, clickable: true, focusable: true }),
  };
}

export function button(id: string, label: string, bounds: Rect, onTap: Action, primary = false): NodeSpec {
  return { cls: "android.widget.Button", id, text: label, bounds, clickable: true, focusable: true, onTap, primary };
}

export function field(id: string, name: string, hint: string, bounds: Rect, password = false): NodeSpec {
  return {
    cls: "android.widget.EditText",
    id,
    field: name,
    hint,
    bounds,
    clickable: true,
    focusable: true,
    longClickable: true,
    password,
  };
}

/** An AlertDialog card centred on screen: title, message and text buttons on the right. */
export function dialog(
  title: string,
  message: string,
  buttons: readonly { id: string; label: string; onTap: Action }[],
): NodeSpec {
  const top = 940;
  const bottom = 1460;
  let right = 944;
  const buttonNodes: NodeSpec[] = [];
  for (const b of buttons) {
    const width = Math.max(180, 40 * b.label.length + 60);
    buttonNodes.unshift(button(b.id, b.label, [right - width, bottom - 140, right, bottom - 40], b.onTap));
    right -= width + 24;
  }
  return {
    cls: "android.widget.FrameLayout",
    id: "android:id/content",
    bounds: [96, top, REF_WIDTH - 96, bottom],
    children: [
      { cls: TEXT, id: "android:id/alertTitle", text: title, bounds: [160, top + 64, 920, top + 150] },
      { cls: TEXT, id: "android:id/message", text: message, bounds: [160, top + 180, 920, top + 320] },
      ...buttonNodes,
    ],
  };
}
