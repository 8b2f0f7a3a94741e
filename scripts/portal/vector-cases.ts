/**
 * Conformance vectors for the portal: one Envelope per body and per Result payload / event kind,
 * encoded by the hub's own codec. The Kotlin tests decode these bytes and compare them with
 * `expect` (a flat path → value map); they also write vectors of their own that the vitest suite
 * decodes here. Shared by scripts/portal/vectors.ts (writer) and tests/unit/protocol/vectors.test.ts.
 */
import { type EnvelopeInit, encodeEnvelope, pb } from "../../hub/protocol/codec.js";

export interface VectorCase {
  name: string;
  envelope: EnvelopeInit;
}

export type Flat = Record<string, string | number | boolean>;

export interface ManifestEntry {
  name: string;
  file: string;
  body: string;
  expect: Flat;
}

export interface Manifest {
  comment: string;
  vectors: ManifestEntry[];
}

const bounds = { left: 0, top: 84, right: 1080, bottom: 252 };
const screen = { width: 1080, height: 2400, densityDpi: 420, rotation: 1 };

/** Every message type the wire carries, with values that catch sign, width and UTF-8 mistakes. */
export const VECTOR_CASES: readonly VectorCase[] = [
  {
    name: "hello",
    envelope: {
      id: 1,
      hello: {
        deviceId: "c0ffee00-1234-4abc-8def-0123456789ab",
        portalVersion: "0.1.0",
        protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1,
        manufacturer: "Google",
        model: "Pixel 8",
        sdkInt: 34,
        screen,
        capabilities: ["gestures", "set_text", "screenshot"],
        resumeToken: "rt-1",
        cachedResultIds: [7, 4_294_967_296, 9_007_199_254_740_991],
      },
    },
  },
  {
    name: "welcome",
    envelope: {
      id: 2,
      welcome: {
        sessionId: "s-42",
        deviceSecret: "ds_secret-Ünïcode",
        resumeToken: "rt-2",
        heartbeatIntervalMs: 20_000,
        limits: { maxFrameBytes: 16_777_216, maxInFlight: 8, maxMessagesPerSecond: 50 },
        screenshotDefaults: { format: pb.ImageFormat.IMAGE_FORMAT_WEBP, quality: 70, maxSide: 1280 },
        resumed: true,
      },
    },
  },
  { name: "get_ui", envelope: { id: 100, getUi: { allWindows: true } } },
  {
    name: "screenshot",
    envelope: { id: 101, screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_PNG, quality: 90, maxSide: 720 } },
  },
  { name: "tap", envelope: { id: 102, tap: { x: 540, y: 1200 } } },
  { name: "long_press", envelope: { id: 103, longPress: { x: 10, y: 20, durationMs: 900 } } },
  { name: "swipe", envelope: { id: 104, swipe: { fromX: 540, fromY: 1800, toX: 540, toY: 600, durationMs: 250 } } },
  {
    name: "scroll",
    envelope: {
      id: 105,
      scroll: { direction: pb.Direction.DIRECTION_DOWN, amountPx: 800, nodeIndex: 3, hasNode: true },
    },
  },
  {
    name: "input_text",
    envelope: {
      id: 106,
      inputText: { text: "Привет, 世界 👋🏽", nodeIndex: 2, hasNode: true, clearFirst: true, submit: true },
    },
  },
  { name: "press_key", envelope: { id: 107, pressKey: { key: pb.Key.KEY_QUICK_SETTINGS } } },
  {
    name: "launch_app",
    envelope: { id: 108, launchApp: { packageName: "com.android.settings", activity: ".Settings" } },
  },
  { name: "open_url", envelope: { id: 109, openUrl: { url: "https://example.com/путь?q=1" } } },
  { name: "list_apps", envelope: { id: 110, listApps: { includeSystem: true } } },
  { name: "get_state", envelope: { id: 4_294_967_297, getState: {} } },
  {
    name: "result_ui",
    envelope: {
      replyTo: 100,
      result: {
        ok: true,
        durationMs: 37,
        ui: {
          windows: [
            {
              id: 12,
              type: pb.WindowType.WINDOW_TYPE_APPLICATION,
              title: "Settings",
              layer: 3,
              active: true,
              focused: true,
              bounds,
              packageName: "com.android.settings",
            },
          ],
          nodes: [
            { parent: -1, windowId: 12, className: "android.widget.FrameLayout", bounds, visible: true, enabled: true },
            {
              parent: 0,
              windowId: 12,
              packageName: "com.android.settings",
              className: "android.widget.Button",
              text: "Войти",
              contentDesc: "log in",
              hint: "",
              resourceId: "com.android.settings:id/login",
              bounds: { left: -5, top: 100, right: 300, bottom: 200 },
              clickable: true,
              longClickable: true,
              focusable: true,
              focused: true,
              editable: false,
              checkable: true,
              checked: true,
              scrollable: true,
              enabled: true,
              selected: true,
              password: true,
              visible: true,
              depth: 1,
            },
          ],
          foregroundPackage: "com.android.settings",
          foregroundActivity: "com.android.settings.Settings",
          keyboard: { shown: true, imePackage: "com.google.android.inputmethod.latin", bounds },
          screen,
          capturedAtMs: 1_767_225_600_123,
          captureMs: 41,
          truncated: true,
        },
      },
    },
  },
  {
    name: "result_image",
    envelope: {
      replyTo: 101,
      result: {
        ok: true,
        durationMs: 120,
        image: {
          format: pb.ImageFormat.IMAGE_FORMAT_JPEG,
          data: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x80, 0xff, 0xd9]),
          width: 540,
          height: 1200,
          sourceWidth: 1080,
          sourceHeight: 2400,
          secure: true,
        },
      },
    },
  },
  {
    name: "result_apps",
    envelope: {
      replyTo: 110,
      result: {
        ok: true,
        apps: {
          apps: [
            { packageName: "com.android.settings", label: "Настройки", versionName: "14", system: true },
            { packageName: "org.example.notes", label: "ノート", versionName: "2.1.0-beta" },
          ],
        },
      },
    },
  },
  {
    name: "result_state",
    envelope: {
      replyTo: 4_294_967_297,
      result: {
        ok: true,
        durationMs: 3,
        state: {
          foregroundPackage: "com.android.launcher3",
          foregroundActivity: "com.android.launcher3.Launcher",
          keyboard: { shown: false },
          screenOn: true,
          battery: { level: 87, charging: true, temperatureC: 31.5 },
          network: { type: pb.NetworkType.NETWORK_TYPE_CELLULAR, metered: true },
          accessibilityEnabled: true,
          screen,
        },
      },
    },
  },
  {
    name: "result_error",
    envelope: {
      replyTo: 102,
      result: {
        ok: false,
        durationMs: 5,
        error: { code: pb.ErrorCode.ERROR_CODE_GESTURE_CANCELLED, message: "gesture was cancelled" },
      },
    },
  },
  { name: "result_ok", envelope: { replyTo: 107, result: { ok: true, durationMs: 12 } } },
  { name: "result_ack", envelope: { id: 0, resultAck: { ids: [100, 4_294_967_297, 9_007_199_254_740_991] } } },
  // A request carrying acknowledgements (Envelope.acked_result_ids), as the hub sends a busy phone.
  { name: "tap_acked", envelope: { id: 108, tap: { x: 10, y: 20 }, ackedResultIds: [100, 4_294_967_297] } },
  {
    name: "event_foreground",
    envelope: {
      id: 9,
      event: { atMs: 1_767_225_600_000, foreground: { packageName: "com.whatsapp", activity: ".Main" } },
    },
  },
  { name: "event_content", envelope: { event: { atMs: 5, content: { windowId: 12, packageName: "com.whatsapp" } } } },
  { name: "event_keyboard", envelope: { event: { atMs: 6, keyboard: { shown: true } } } },
  { name: "event_screen", envelope: { event: { atMs: 7, screen: { on: true } } } },
  {
    name: "event_battery",
    envelope: { event: { atMs: 8, battery: { level: 15, charging: false, temperatureC: 40.25 } } },
  },
  {
    name: "event_network",
    envelope: { event: { atMs: 9, network: { type: pb.NetworkType.NETWORK_TYPE_WIFI, metered: false } } },
  },
  { name: "event_accessibility", envelope: { event: { atMs: 10, accessibility: { enabled: false } } } },
  { name: "tap_double", envelope: { id: 111, tap: { x: 1079, y: 2399, count: 2 } } },
  { name: "stop_app", envelope: { id: 112, stopApp: { packageName: "com.whatsapp" } } },
  {
    name: "stream_start",
    envelope: { id: 113, streamStart: { streamId: 7, maxFps: 12, maxWidth: 720, quality: 70, credits: 4 } },
  },
  { name: "stream_stop", envelope: { id: 114, streamStop: { streamId: 7 } } },
  { name: "stream_credit", envelope: { id: 0, streamCredit: { streamId: 7, credits: 4_294_967_295 } } },
  {
    name: "result_stream",
    envelope: {
      replyTo: 113,
      result: {
        ok: true,
        durationMs: 3,
        stream: {
          streamId: 7,
          source: pb.StreamSource.STREAM_SOURCE_PROJECTION,
          maxFps: 12,
          width: 720,
          height: 1600,
          paints: true,
        },
      },
    },
  },
  {
    name: "stream_frame",
    envelope: {
      id: 0,
      streamFrame: {
        streamId: 7,
        seq: 9_007_199_254_740_991,
        capturedAtMs: 1_767_225_600_123,
        image: {
          format: pb.ImageFormat.IMAGE_FORMAT_JPEG,
          data: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0xff, 0xd9]),
          width: 720,
          height: 1600,
          sourceWidth: 1080,
          sourceHeight: 2400,
        },
        painted: [
          { left: 64, top: 704, right: 1016, bottom: 844 },
          { left: 0, top: 2300, right: 1080, bottom: 2400 },
        ],
      },
    },
  },
  {
    name: "event_stream_stopped",
    envelope: { event: { atMs: 11, streamStopped: { streamId: 7, reason: "projection consent revoked — écran" } } },
  },
];

/**
 * Long ids as decimal strings, enums by name, bytes as base64: the forms Kotlin compares against.
 * Without [defaults], zero values are left out, as they are on the wire.
 */
export function toPlain(bytes: Uint8Array, defaults = false): Record<string, unknown> {
  const message = pb.Envelope.decode(bytes);
  return pb.Envelope.toObject(message, { longs: String, enums: String, bytes: String, defaults, oneofs: false });
}

/** Flattens nested objects and arrays into "a.b.0.c" paths; leaves are strings, numbers or booleans. */
export function flatten(value: unknown, prefix = "", out: Flat = {}): Flat {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      flatten(v, prefix ? `${prefix}.${i}` : String(i), out);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out[prefix] = value;
  }
  return out;
}

export function bodyOf(bytes: Uint8Array): string {
  return pb.Envelope.decode(bytes).body ?? "";
}

export function buildVectors(): { files: Map<string, Uint8Array>; manifest: Manifest } {
  const files = new Map<string, Uint8Array>();
  const vectors: ManifestEntry[] = [];
  for (const c of VECTOR_CASES) {
    const bytes = encodeEnvelope(c.envelope);
    const file = `${c.name}.bin`;
    files.set(file, bytes);
    vectors.push({ name: c.name, file, body: bodyOf(bytes), expect: flatten(toPlain(bytes)) });
  }
  return {
    files,
    manifest: {
      comment: "Written by `npm run portal:vectors` (scripts/portal/vectors.ts); do not edit by hand.",
      vectors,
    },
  };
}
