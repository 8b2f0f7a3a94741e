/**
 * Mobilerun JSON answers → droidhub.v1 messages, so the rest of the hub sees one shape whatever the
 * dialect. Shapes matched against droidrun/droidrun-portal 0.7.2 (commit 88b301c):
 * - `state` → {a11y_tree, phone_state, device_context} (ApiHandler.getStateFull): a11y_tree is the
 *   active window's root object (AccessibilityTreeBuilder: boundsInScreen {left,top,right,bottom},
 *   isClickable…isVisibleToUser, windowId, children); older builds sent an array of roots with
 *   "l, t, r, b" bounds strings, which is accepted too;
 * - phone_state {currentApp, packageName, activityName, keyboardVisible, isEditable, focusedElement};
 * - device_context {screen_bounds {width, height}, display_metrics {densityDpi, …}};
 * - `packages` → [{packageName, label, versionName, versionCode, isSystemApp}];
 * - `events/device` params {type, timestamp, payload} (docs/triggers.md payload keys).
 * Tree nodes are read by perception/mobilerun-nodes.ts, the reader `droidhub ui` uses on a dump.
 */

import { int, isObject, readMobilerunNodes, str } from "../perception/mobilerun-nodes.js";
import { pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import type { ScreenInfo } from "./types.js";

export interface MobilerunState {
  tree: droidhub.v1.IUiTree;
  state: droidhub.v1.IDeviceState;
  /** Screen facts from device_context, when the phone sent them. */
  screen: ScreenInfo | undefined;
}

export const MAX_TREE_NODES = 20_000;

function screenOf(context: unknown): ScreenInfo | undefined {
  if (!isObject(context)) return undefined;
  const sb = isObject(context["screen_bounds"]) ? context["screen_bounds"] : {};
  const dm = isObject(context["display_metrics"]) ? context["display_metrics"] : {};
  const width = int(sb["width"]) || int(dm["widthPixels"]);
  const height = int(sb["height"]) || int(dm["heightPixels"]);
  if (width <= 0 || height <= 0) return undefined;
  return { width, height, densityDpi: int(dm["densityDpi"]), rotation: width > height ? 1 : 0 };
}

/** `state` result → UiTree + DeviceState; undefined when the value is not a Mobilerun state. */
export function fromMobilerunState(value: unknown, nowMs: number = Date.now()): MobilerunState | undefined {
  if (!isObject(value) || !("a11y_tree" in value)) return undefined;
  const raw = value["a11y_tree"];
  const nodes = readMobilerunNodes(Array.isArray(raw) ? raw : [raw], MAX_TREE_NODES);
  const phone = isObject(value["phone_state"]) ? value["phone_state"] : {};
  const screen = screenOf(value["device_context"]);
  const foregroundPackage = str(phone, "packageName") || (nodes[0]?.packageName ?? "");
  const foregroundActivity = str(phone, "activityName");
  const keyboard: droidhub.v1.IKeyboardState = { shown: phone["keyboardVisible"] === true };
  const root = nodes[0];
  const windows: droidhub.v1.IWindow[] = root
    ? [
        {
          id: root.windowId ?? 0,
          type: pb.WindowType.WINDOW_TYPE_APPLICATION,
          active: true,
          focused: true,
          bounds: root.bounds ?? null,
          packageName: root.packageName ?? "",
        },
      ]
    : [];
  const screenMessage = screen
    ? { width: screen.width, height: screen.height, densityDpi: screen.densityDpi, rotation: screen.rotation }
    : null;
  return {
    tree: {
      windows,
      nodes,
      foregroundPackage,
      foregroundActivity,
      keyboard,
      screen: screenMessage,
      capturedAtMs: nowMs,
    },
    state: {
      foregroundPackage,
      foregroundActivity,
      keyboard,
      // The phone answered `state`, so its accessibility service is running and the screen is readable.
      accessibilityEnabled: true,
      screenOn: true,
      screen: screenMessage,
    },
    screen,
  };
}

/** `packages` result → AppList; system apps only when asked for. */
export function fromMobilerunPackages(value: unknown, includeSystem: boolean): droidhub.v1.IAppList | undefined {
  if (!Array.isArray(value)) return undefined;
  const apps: droidhub.v1.IApp[] = [];
  for (const item of value) {
    if (!isObject(item)) continue;
    const system = item["isSystemApp"] === true;
    if (system && !includeSystem) continue;
    apps.push({
      packageName: str(item, "packageName", "package"),
      label: str(item, "label"),
      versionName: str(item, "versionName"),
      system,
    });
  }
  return { apps };
}

const NETWORK_TYPES: Record<string, number> = {
  NONE: pb.NetworkType.NETWORK_TYPE_NONE,
  WIFI: pb.NetworkType.NETWORK_TYPE_WIFI,
  CELLULAR: pb.NetworkType.NETWORK_TYPE_CELLULAR,
  ETHERNET: pb.NetworkType.NETWORK_TYPE_ETHERNET,
};

/** `events/device` params → a DeviceEvent the hub understands; undefined for the rest. */
export function fromMobilerunEvent(params: unknown): droidhub.v1.IDeviceEvent | undefined {
  if (!isObject(params)) return undefined;
  const type = str(params, "type");
  const atMs = int(params["timestamp"]);
  const payload = isObject(params["payload"]) ? params["payload"] : {};
  switch (type) {
    case "APP_ENTERED":
      return { atMs, foreground: { packageName: str(payload, "package"), activity: "" } };
    case "BATTERY_LEVEL_CHANGED":
    case "BATTERY_LOW":
    case "BATTERY_OKAY":
    case "POWER_CONNECTED":
    case "POWER_DISCONNECTED": {
      const charging = type === "POWER_CONNECTED" || (type !== "POWER_DISCONNECTED" && payload["is_charging"] === true);
      return { atMs, battery: { level: int(payload["battery_level"]), charging } };
    }
    case "NETWORK_CONNECTED":
    case "NETWORK_TYPE_CHANGED": {
      const name = str(payload, "network_type").toUpperCase();
      return { atMs, network: { type: NETWORK_TYPES[name] ?? pb.NetworkType.NETWORK_TYPE_OTHER } };
    }
    case "USER_PRESENT":
      return { atMs, screen: { on: true } };
    default:
      return undefined;
  }
}
