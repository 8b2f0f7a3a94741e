/**
 * droidhub requests → Portal JSON-RPC calls, and back. Checked against droidrun/droidrun-portal
 * 0.7.2 (commit 88b301c, ActionDispatcher / ApiHandler / GestureController):
 * - `tap {x, y}` and `swipe {startX, startY, endX, endY, duration}` return as soon as the gesture is
 *   dispatched (no completion callback), and a new gesture cancels one in progress, so the hub waits
 *   for the gesture to end before the next one and a settle delay before the next screen read;
 * - swipe durations are clamped to 10..5000 ms by the phone; long press = a swipe that stays put;
 * - `global {action}` uses AccessibilityService.GLOBAL_ACTION_* numbers;
 * - `keyboard/input {base64_text, clear}` (clear defaults to true on the phone: always sent);
 * - `keyboard/key {key_code}` takes Android KeyEvent codes;
 * - `app {package, activity?}`; `packages`; `version`; `state {filter}`; `screenshot {hideOverlay}`;
 * - there is no method to open a URL: refused with NOT_SUPPORTED.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { HubError } from "../errors/hub-error.js";
import { pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { boundedText, checkDeviceEvent } from "./device-limits.js";
import { resultValue } from "./mobilerun-frames.js";
import { decodeMobilerunPng, toImage } from "./mobilerun-image.js";
import { fromMobilerunPackages, fromMobilerunState, type MobilerunState } from "./mobilerun-tree.js";
import { directionNameOf, type KeyName, keyNameOf } from "./phone.js";
import type { DeviceInfo, DeviceRequest, DeviceResult } from "./types.js";
import { requestKind } from "./types.js";

export interface MobilerunOptions {
  /** Wait after a tap, gesture, key or launch before the next state read or screenshot. */
  settleMs: number;
  /** Minimum time between two screenshots taken on the phone (Android limits the rate). */
  screenshotIntervalMs: number;
  longPressMs: number;
  swipeMs: number;
  scrollMs: number;
}

export const DEFAULT_MOBILERUN_OPTIONS: Readonly<MobilerunOptions> = Object.freeze({
  settleMs: 500,
  screenshotIntervalMs: 1000,
  longPressMs: 600,
  swipeMs: 300,
  scrollMs: 400,
});

/** The phone clamps gesture durations to this (GestureController.MAX_SWIPE_DURATION_MS). */
export const MAX_GESTURE_MS = 5000;
const MIN_GESTURE_MS = 10;
const TAP_GESTURE_MS = 50;

/** AccessibilityService.GLOBAL_ACTION_* */
const GLOBAL_ACTIONS: Partial<Record<KeyName, number>> = {
  back: 1,
  home: 2,
  recents: 3,
  notifications: 4,
  quick_settings: 5,
  power_dialog: 6,
  lock_screen: 8,
};

/** android.view.KeyEvent codes for keys that are not global actions. */
const KEY_CODES: Partial<Record<KeyName, number>> = {
  enter: 66,
  delete: 67,
  tab: 61,
  search: 84,
};

/** What a Mobilerun phone can do through the hub; shown in /api/devices and read by the agent. */
export function mobilerunCapabilities(options: MobilerunOptions): string[] {
  return [
    "get_ui",
    "screenshot",
    "tap",
    "long_press",
    "swipe",
    "scroll",
    "input_text",
    "press_key",
    "launch_app",
    "list_apps",
    "get_state",
    "gestures",
    "set_text",
    "global_actions",
    "events",
    // Adapted, not native: both run as swipes.
    "long_press:swipe",
    "scroll:swipe",
    `screenshot_interval_ms:${options.screenshotIntervalMs}`,
    `settle_ms:${options.settleMs}`,
    `max_gesture_ms:${MAX_GESTURE_MS}`,
  ];
}

export type Rpc = (method: string, params: Record<string, unknown>) => Promise<unknown>;

interface Shot {
  png: Buffer;
  at: number;
  generation: number;
}

/** Per-phone pacing state and the translation of each request kind. */
export class MobilerunCommands {
  readonly #info: DeviceInfo;
  readonly #options: () => MobilerunOptions;
  /** performance.now() when the last dispatched gesture ends on the phone. */
  #gestureEndsAt = 0;
  /** performance.now() before which a screen read would see a screen still moving. */
  #settledAt = 0;
  /** Bumped on every action: a cached screenshot is valid only for its generation. */
  #generation = 0;
  #shot: Shot | undefined;
  #shotAt = Number.NEGATIVE_INFINITY;
  #tree: droidhub.v1.IUiTree | undefined;
  #battery: droidhub.v1.IBattery | undefined;
  #network: droidhub.v1.INetwork | undefined;

  constructor(info: DeviceInfo, options: () => MobilerunOptions) {
    this.#info = info;
    this.#options = options;
  }

  /** Battery and network arrive only as events; getState reports the latest. */
  noteEvent(event: droidhub.v1.IDeviceEvent): void {
    if (event.battery) this.#battery = event.battery;
    if (event.network) this.#network = event.network;
  }

  /** Learns the app version and the screen size; run once per connection. */
  async probe(rpc: Rpc, signal: AbortSignal): Promise<DeviceResult> {
    const version = resultValue(await rpc("version", {}));
    if (typeof version === "string" || typeof version === "number") {
      this.#info.portalVersion = boundedText("portalVersion", String(version));
    }
    const { state } = await this.#readState(rpc, signal);
    // The gateway keeps the foreground app in the registry: bounded like the same event.
    checkDeviceEvent({
      foreground: { packageName: state.foregroundPackage ?? null, activity: state.foregroundActivity ?? null },
    });
    return { ok: true, state };
  }

  async run(request: DeviceRequest, rpc: Rpc, signal: AbortSignal): Promise<DeviceResult> {
    // One body is set (DeviceRequest guarantees it); read it through the wide envelope type.
    const r: droidhub.v1.IEnvelope = request;
    if (r.getUi) return { ok: true, ui: (await this.#readState(rpc, signal)).tree };
    if (r.getState) return { ok: true, state: await this.#getState(rpc, signal) };
    if (r.screenshot) return { ok: true, image: await this.#screenshot(r.screenshot, rpc, signal) };
    if (r.tap) {
      // A double tap is refused, never carried out as one tap (the proto's rule for phones without "double_tap").
      if ((r.tap.count ?? 0) > 1) throw notSupported("a double tap");
      await this.#gesture(rpc, signal, TAP_GESTURE_MS, "tap", { x: r.tap.x ?? 0, y: r.tap.y ?? 0 });
      return { ok: true };
    }
    if (r.longPress) {
      const x = r.longPress.x ?? 0;
      const y = r.longPress.y ?? 0;
      await this.#swipe(rpc, signal, [x, y, x, y], r.longPress.durationMs || this.#options().longPressMs);
      return { ok: true };
    }
    if (r.swipe) {
      const s = r.swipe;
      const points: Points = [s.fromX ?? 0, s.fromY ?? 0, s.toX ?? 0, s.toY ?? 0];
      await this.#swipe(rpc, signal, points, s.durationMs || this.#options().swipeMs);
      return { ok: true };
    }
    if (r.scroll) {
      await this.#scroll(r.scroll, rpc, signal);
      return { ok: true };
    }
    if (r.inputText) {
      await this.#input(r.inputText, rpc, signal);
      return { ok: true };
    }
    if (r.pressKey) {
      await this.#key(r.pressKey.key ?? pb.Key.KEY_UNSPECIFIED, rpc);
      return { ok: true };
    }
    if (r.launchApp) {
      const params: Record<string, unknown> = { package: r.launchApp.packageName ?? "" };
      if (r.launchApp.activity) params["activity"] = r.launchApp.activity;
      await rpc("app", params);
      this.#changed(0);
      return { ok: true };
    }
    if (r.listApps) {
      const apps = fromMobilerunPackages(resultValue(await rpc("packages", {})), r.listApps.includeSystem === true);
      if (!apps) throw new HubError("PROTOCOL_ERROR", "packages answered without a list");
      return { ok: true, apps };
    }
    const kind = requestKind(request);
    throw new HubError("NOT_SUPPORTED", `${kind} is not available on Mobilerun-dialect phones`, {
      details: { kind, dialect: "mobilerun" },
    });
  }

  async #readState(rpc: Rpc, signal: AbortSignal): Promise<MobilerunState> {
    await this.#waitUntil(this.#settledAt, signal);
    const started = performance.now();
    const value = resultValue(await rpc("state", { filter: true }));
    const state = fromMobilerunState(value);
    if (!state) throw new HubError("PROTOCOL_ERROR", "state answered without an a11y_tree");
    state.tree.captureMs = Math.round(performance.now() - started);
    if (state.screen) Object.assign(this.#info.screen, state.screen);
    this.#tree = state.tree;
    return state;
  }

  async #getState(rpc: Rpc, signal: AbortSignal): Promise<droidhub.v1.IDeviceState> {
    const { state } = await this.#readState(rpc, signal);
    return {
      ...state,
      ...(this.#battery ? { battery: this.#battery } : {}),
      ...(this.#network ? { network: this.#network } : {}),
    };
  }

  async #screenshot(
    request: droidhub.v1.IScreenshotRequest,
    rpc: Rpc,
    signal: AbortSignal,
  ): Promise<droidhub.v1.IImage> {
    await this.#waitUntil(this.#settledAt, signal);
    const interval = this.#options().screenshotIntervalMs;
    const cached = this.#shot;
    let png: Buffer;
    if (cached && cached.generation === this.#generation && performance.now() - cached.at < interval) {
      png = cached.png;
    } else {
      png = await this.#capture(rpc, signal, interval);
    }
    return toImage(png, request);
  }

  /** One capture, paced; one retry when Android still finds it too soon. */
  async #capture(rpc: Rpc, signal: AbortSignal, interval: number): Promise<Buffer> {
    for (let attempt = 0; ; attempt++) {
      await this.#waitUntil(this.#shotAt + interval, signal);
      this.#shotAt = performance.now();
      const generation = this.#generation;
      try {
        const png = decodeMobilerunPng(resultValue(await rpc("screenshot", { hideOverlay: true })));
        this.#shot = { png, at: this.#shotAt, generation };
        return png;
      } catch (error) {
        if (attempt > 0 || !(error instanceof HubError) || !/interval too short/i.test(error.message)) throw error;
      }
    }
  }

  async #gesture(
    rpc: Rpc,
    signal: AbortSignal,
    durationMs: number,
    method: string,
    params: Record<string, unknown>,
  ): Promise<void> {
    // dispatchGesture cancels a gesture in progress: let the previous one finish first.
    await this.#waitUntil(this.#gestureEndsAt, signal);
    await rpc(method, params);
    this.#changed(durationMs);
  }

  async #swipe(rpc: Rpc, signal: AbortSignal, [x1, y1, x2, y2]: Points, durationMs: number): Promise<void> {
    if (durationMs > MAX_GESTURE_MS) {
      throw new HubError(
        "INVALID_BODY",
        `Mobilerun phones cap gestures at ${MAX_GESTURE_MS} ms (asked ${durationMs})`,
        {
          details: { field: "duration_ms", limit: MAX_GESTURE_MS },
        },
      );
    }
    const duration = Math.max(MIN_GESTURE_MS, Math.round(durationMs));
    await this.#gesture(rpc, signal, duration, "swipe", {
      startX: x1,
      startY: y1,
      endX: x2,
      endY: y2,
      duration,
    });
  }

  /** Scroll moves the content: DOWN reveals what is further down, so the finger moves up. */
  async #scroll(request: droidhub.v1.IScrollRequest, rpc: Rpc, signal: AbortSignal): Promise<void> {
    if (this.#info.screen.width === 0 || this.#info.screen.height === 0) await this.#readState(rpc, signal);
    const { width, height } = this.#info.screen;
    const node = request.hasNode ? this.#tree?.nodes?.[request.nodeIndex ?? -1] : undefined;
    if (request.hasNode && !node) throw nodeNotFound(request.nodeIndex ?? -1);
    const b = node?.bounds;
    // The whole screen minus the status and navigation bars when no node is given.
    const [left, top, right, bottom] = b
      ? [b.left ?? 0, b.top ?? 0, b.right ?? width, b.bottom ?? height]
      : [0, Math.round(height * 0.15), width, Math.round(height * 0.85)];
    const cx = Math.round((left + right) / 2);
    const cy = Math.round((top + bottom) / 2);
    const direction = directionNameOf(request.direction);
    const vertical = direction === "up" || direction === "down";
    const extent = vertical ? bottom - top : right - left;
    const amount = Math.min(request.amountPx || Math.round(extent * 0.6), Math.round(extent * 0.8));
    const half = Math.max(1, Math.round(amount / 2));
    let points: Points;
    switch (direction) {
      case "down":
        points = [cx, cy + half, cx, cy - half];
        break;
      case "up":
        points = [cx, cy - half, cx, cy + half];
        break;
      case "right":
        points = [cx + half, cy, cx - half, cy];
        break;
      case "left":
        points = [cx - half, cy, cx + half, cy];
        break;
      default:
        throw new HubError("INVALID_BODY", "scroll needs a direction", { details: { field: "direction" } });
    }
    await this.#swipe(rpc, signal, points, this.#options().scrollMs);
  }

  async #input(request: droidhub.v1.IInputTextRequest, rpc: Rpc, signal: AbortSignal): Promise<void> {
    if (request.hasNode) {
      // The Mobilerun app types into the focused field only: focus the target with a tap first.
      const node = this.#tree?.nodes?.[request.nodeIndex ?? -1];
      if (!node?.bounds) throw nodeNotFound(request.nodeIndex ?? -1);
      const b = node.bounds;
      const x = Math.round(((b.left ?? 0) + (b.right ?? 0)) / 2);
      const y = Math.round(((b.top ?? 0) + (b.bottom ?? 0)) / 2);
      await this.#gesture(rpc, signal, TAP_GESTURE_MS, "tap", { x, y });
      await this.#waitUntil(this.#settledAt, signal);
    }
    const text = request.text ?? "";
    await rpc("keyboard/input", {
      base64_text: Buffer.from(text, "utf8").toString("base64"),
      clear: request.clearFirst === true,
    });
    this.#changed(0);
    if (request.submit) await this.#key(pb.Key.KEY_ENTER, rpc);
  }

  async #key(key: number, rpc: Rpc): Promise<void> {
    const name = keyNameOf(key);
    const action = name && GLOBAL_ACTIONS[name];
    if (action !== undefined) {
      await rpc("global", { action });
    } else {
      const code = name && KEY_CODES[name];
      if (code === undefined) {
        throw new HubError("NOT_SUPPORTED", `key ${pb.Key[key] ?? key} is not available on Mobilerun-dialect phones`, {
          details: { key: pb.Key[key] ?? key, dialect: "mobilerun" },
        });
      }
      await rpc("keyboard/key", { key_code: code });
    }
    this.#changed(0);
  }

  /** Something on screen will change: invalidate the screenshot cache and start the settle clock. */
  #changed(gestureMs: number): void {
    const now = performance.now();
    this.#generation++;
    if (gestureMs > 0) this.#gestureEndsAt = now + gestureMs;
    this.#settledAt = now + gestureMs + this.#options().settleMs;
  }

  async #waitUntil(at: number, signal: AbortSignal): Promise<void> {
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait, undefined, { signal });
  }
}

type Points = [number, number, number, number];

function notSupported(what: string): HubError {
  return new HubError("NOT_SUPPORTED", `${what} is not available on Mobilerun-dialect phones`, {
    details: { kind: what, dialect: "mobilerun" },
  });
}

function nodeNotFound(index: number): HubError {
  return new HubError("INVALID_BODY", `node ${index} is not in the last UI tree`, {
    details: { field: "node_index", deviceCode: "ERROR_CODE_NODE_NOT_FOUND" },
  });
}
