/**
 * The one phone vocabulary: typed verbs (tap, long press, swipe, type, …) over a DeviceSession. The
 * operator API, every agent mode and the fleet talk to a phone through these verbs, so the wire
 * request, its enums, the package-name and URL rules and the gesture timings live here once and
 * nowhere above `devices/`. A verb runs one command and resolves with the phone's answer and the round
 * trip; a refusal is the session's HubError, unchanged.
 */
import { HubError } from "../errors/hub-error.js";
import { pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import type { CallOptions, DeviceInfo, DeviceRequest, DeviceSession } from "./types.js";

/** An Android package name: two or more dot-separated Java identifiers ("com.example.app"). */
export const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/;
/** An absolute URL with a scheme ("https://…", "myapp://…"): what an intent can open. */
export const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/**
 * A long press the caller gives no duration for: well past Android's 500 ms long-press timeout, so a
 * loaded phone still sees a long press and not a tap.
 */
export const LONG_PRESS_MS = 700;

const KEYS = {
  back: pb.Key.KEY_BACK,
  home: pb.Key.KEY_HOME,
  recents: pb.Key.KEY_RECENTS,
  enter: pb.Key.KEY_ENTER,
  delete: pb.Key.KEY_DELETE,
  notifications: pb.Key.KEY_NOTIFICATIONS,
  quick_settings: pb.Key.KEY_QUICK_SETTINGS,
  power_dialog: pb.Key.KEY_POWER_DIALOG,
  lock_screen: pb.Key.KEY_LOCK_SCREEN,
  tab: pb.Key.KEY_TAB,
  search: pb.Key.KEY_SEARCH,
} as const;

export type KeyName = keyof typeof KEYS;
/** Every key a phone can be asked to press, by name. */
export const KEY_NAMES = Object.keys(KEYS) as [KeyName, ...KeyName[]];

const DIRECTIONS = {
  up: pb.Direction.DIRECTION_UP,
  down: pb.Direction.DIRECTION_DOWN,
  left: pb.Direction.DIRECTION_LEFT,
  right: pb.Direction.DIRECTION_RIGHT,
} as const;

/** Which way the content moves: "down" reveals what is further down (the finger moves up). */
export type DirectionName = keyof typeof DIRECTIONS;
export const DIRECTION_NAMES = Object.keys(DIRECTIONS) as [DirectionName, ...DirectionName[]];

const IMAGE_FORMATS = {
  jpeg: pb.ImageFormat.IMAGE_FORMAT_JPEG,
  webp: pb.ImageFormat.IMAGE_FORMAT_WEBP,
  png: pb.ImageFormat.IMAGE_FORMAT_PNG,
} as const;

export type ImageFormatName = keyof typeof IMAGE_FORMATS;

/** The accessibility tree a phone reports (perception parses it). */
export type UiTree = droidhub.v1.IUiTree;
/** A screenshot as the phone sends it. */
export type DeviceImage = droidhub.v1.IImage;

export function isKeyName(name: string): name is KeyName {
  return Object.hasOwn(KEYS, name);
}

export function isPackageName(text: string): boolean {
  return PACKAGE_NAME.test(text);
}

export function isAbsoluteUrl(text: string): boolean {
  return ABSOLUTE_URL.test(text);
}

/** The name of a wire key ("back"), for adapters that translate requests into another dialect. */
export function keyNameOf(key: number | null | undefined): KeyName | undefined {
  return (Object.keys(KEYS) as KeyName[]).find((name) => KEYS[name] === key);
}

/** The name of a wire direction ("down"), for adapters that translate requests into another dialect. */
export function directionNameOf(direction: number | null | undefined): DirectionName | undefined {
  return (Object.keys(DIRECTIONS) as DirectionName[]).find((name) => DIRECTIONS[name] === direction);
}

/** The content type of a screenshot's wire format (an unspecified format is the phone's default, JPEG). */
export function imageMime(format: number | null | undefined): string | undefined {
  if (format === IMAGE_FORMATS.webp) return "image/webp";
  if (format === IMAGE_FORMATS.png) return "image/png";
  if (format === IMAGE_FORMATS.jpeg || !format) return "image/jpeg";
  return undefined;
}

export interface Point {
  x: number;
  y: number;
}

export interface ScrollOptions {
  /** How far, in pixels; absent or 0: the phone's own page. */
  amountPx?: number;
  /** The tree index of the scrollable node to scroll; absent: the screen's main scrollable. */
  node?: number;
}

export interface TypeOptions {
  /** Empty the focused field first. */
  clear: boolean;
  /** Press enter after typing. */
  submit: boolean;
}

export interface ScreenshotOptions {
  format?: ImageFormatName;
  /** 1..100; absent: the phone's default. */
  quality?: number;
  /** Longest side after scaling; absent: full size. */
  maxSide?: number;
}

/** A phone in verbs. Wraps a session; holds no state of its own, so one may be made per call. */
export class Phone {
  readonly #session: DeviceSession;

  constructor(session: DeviceSession) {
    this.#session = session;
  }

  get deviceId(): string {
    return this.#session.deviceId;
  }

  get info(): DeviceInfo {
    return this.#session.info;
  }

  tap(at: Point, options?: CallOptions) {
    return this.#call({ tap: { x: at.x, y: at.y } }, options);
  }

  /** Two taps in a row at one point (capability "double_tap"; others answer NOT_SUPPORTED, never one tap). */
  doubleTap(at: Point, options?: CallOptions) {
    return this.#call({ tap: { x: at.x, y: at.y, count: 2 } }, options);
  }

  longPress(at: Point, durationMs: number = LONG_PRESS_MS, options?: CallOptions) {
    return this.#call({ longPress: { x: at.x, y: at.y, durationMs } }, options);
  }

  /** A finger from `from` to `to`; `durationMs` absent or 0: the phone's default speed. */
  swipe(from: Point, to: Point, durationMs = 0, options?: CallOptions) {
    return this.#call({ swipe: { fromX: from.x, fromY: from.y, toX: to.x, toY: to.y, durationMs } }, options);
  }

  scroll(direction: DirectionName, scroll: ScrollOptions = {}, options?: CallOptions) {
    const node = scroll.node !== undefined && scroll.node >= 0 ? { nodeIndex: scroll.node, hasNode: true } : {};
    const amount = scroll.amountPx !== undefined ? { amountPx: Math.max(0, Math.round(scroll.amountPx)) } : {};
    return this.#call({ scroll: { direction: DIRECTIONS[direction], ...amount, ...node } }, options);
  }

  /** Types into the focused field. The text is sent as given: substitute secrets before, never log it. */
  type(text: string, how: TypeOptions, options?: CallOptions) {
    return this.#call({ inputText: { text, clearFirst: how.clear, submit: how.submit } }, options);
  }

  pressKey(key: KeyName, options?: CallOptions) {
    return this.#call({ pressKey: { key: KEYS[key] } }, options);
  }

  /** Starts (or brings to front) an app; `activity` absent: its launcher activity. */
  launch(packageName: string, activity?: string, options?: CallOptions) {
    checkPackage(packageName);
    const launchApp = activity === undefined ? { packageName } : { packageName, activity };
    return this.#call({ launchApp }, options);
  }

  stopApp(packageName: string, options?: CallOptions) {
    checkPackage(packageName);
    return this.#call({ stopApp: { packageName } }, options);
  }

  openUrl(url: string, options?: CallOptions) {
    if (!isAbsoluteUrl(url)) throw new HubError("INVALID_BODY", `not an absolute URL: "${url}"`);
    return this.#call({ openUrl: { url } }, options);
  }

  /** The screen's accessibility tree (every window); a phone that answers without one breaks the protocol. */
  async getUi(options?: CallOptions): Promise<{ tree: UiTree; ms: number }> {
    const { tree, ms } = await this.readUi(options);
    if (!tree) throw new HubError("PROTOCOL_ERROR", "getUi answered without a tree");
    return { tree, ms };
  }

  /** getUi for callers that can do without a tree (they fall back on an earlier read). */
  async readUi(options?: CallOptions): Promise<{ tree: UiTree | undefined; ms: number }> {
    const { result, ms } = await this.#call({ getUi: { allWindows: true } }, options);
    return { tree: result.ui ?? undefined, ms };
  }

  /** The screen as an image; `image` is absent or empty when the phone sent none. */
  async screenshot(
    shot: ScreenshotOptions = {},
    options?: CallOptions,
  ): Promise<{ image: DeviceImage | undefined; ms: number }> {
    const screenshot = {
      ...(shot.format ? { format: IMAGE_FORMATS[shot.format] } : {}),
      ...(shot.quality !== undefined ? { quality: shot.quality } : {}),
      ...(shot.maxSide !== undefined ? { maxSide: shot.maxSide } : {}),
    };
    const { result, ms } = await this.#call({ screenshot }, options);
    return { image: result.image ?? undefined, ms };
  }

  /** The installed apps' package names. */
  async listApps(includeSystem: boolean, options?: CallOptions): Promise<string[]> {
    const { result } = await this.#call({ listApps: { includeSystem } }, options);
    return (result.apps?.apps ?? []).map((a) => a.packageName ?? "").filter(Boolean);
  }

  #call(request: DeviceRequest, options: CallOptions | undefined) {
    return options === undefined ? this.#session.call(request) : this.#session.call(request, options);
  }
}

function checkPackage(packageName: string): void {
  if (!isPackageName(packageName)) throw new HubError("INVALID_BODY", `not a package name: "${packageName}"`);
}
