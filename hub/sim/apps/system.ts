/** System windows every device shows: the status bar, the on-screen keyboard and the "rate" popup. */
import { dialog, KEYBOARD_TOP, REF_HEIGHT, REF_WIDTH, STATUS_BAR_HEIGHT } from "./layout.js";
import type { Action, NodeSpec } from "./types.js";

export const SYSTEMUI_PACKAGE = "com.android.systemui";
export const KEYBOARD_PACKAGE = "com.droidhub.keyboard";
export const BATTERY_LEVEL = 87;

export const STATUS_BAR: NodeSpec = {
  cls: "android.widget.FrameLayout",
  id: "status_bar",
  bounds: [0, 0, REF_WIDTH, STATUS_BAR_HEIGHT],
  children: [
    { cls: "android.widget.TextView", id: "clock", text: "{clock}", bounds: [48, 18, 240, 78] },
    { cls: "android.widget.ImageView", id: "wifi_combo", desc: "Wi‑Fi signal full.", bounds: [800, 24, 860, 72] },
    {
      cls: "android.widget.TextView",
      id: "battery",
      text: "{battery}%",
      desc: "Battery {battery} percent.",
      bounds: [880, 18, 1040, 78],
    },
  ],
};

function key(label: string, bounds: readonly [number, number, number, number], action: Action, desc = label): NodeSpec {
  return { cls: "android.view.View", id: "key", text: label, desc, bounds, clickable: true, onTap: action };
}

function buildKeyboard(): NodeSpec {
  const rowHeight = 190;
  const top = KEYBOARD_TOP + 40;
  const keys: NodeSpec[] = [];
  const letters = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
  letters.forEach((row, r) => {
    const width = 108;
    const offset = (REF_WIDTH - row.length * width) / 2;
    [...row].forEach((ch, i) => {
      const left = offset + i * width;
      keys.push(
        key(ch, [left + 6, top + r * rowHeight + 10, left + width - 6, top + (r + 1) * rowHeight - 10], {
          kind: "type",
          text: ch,
        }),
      );
    });
  });
  const r2 = top + 2 * rowHeight;
  keys.push(key("⌫", [924, r2 + 10, 1074, r2 + rowHeight - 10], { kind: "key", key: "delete" }, "Delete"));
  const r3 = top + 3 * rowHeight;
  keys.push(key("@", [6, r3 + 10, 156, r3 + rowHeight - 10], { kind: "type", text: "@" }));
  keys.push(key(" ", [168, r3 + 10, 744, r3 + rowHeight - 10], { kind: "type", text: " " }, "Space"));
  keys.push(key(".", [756, r3 + 10, 900, r3 + rowHeight - 10], { kind: "type", text: "." }));
  keys.push(key("⏎", [912, r3 + 10, 1074, r3 + rowHeight - 10], { kind: "key", key: "enter" }, "Enter"));
  return {
    cls: "android.widget.FrameLayout",
    id: "keyboard_view",
    bounds: [0, KEYBOARD_TOP, REF_WIDTH, REF_HEIGHT],
    children: keys,
  };
}

export const KEYBOARD: NodeSpec = buildKeyboard();

/** The popup the "popupAfterActions" knob raises over the foreground app. */
export const RATE_POPUP: NodeSpec = dialog("Rate this app", "Enjoying {appLabel}? Tell us what you think.", [
  { id: "not_now", label: "Not now", onTap: { kind: "dismiss" } },
  { id: "rate", label: "Rate", onTap: { kind: "dismiss" } },
]);
