/**
 * What the phone reports about itself: its Hello, the UI tree, screenshots, device state and the
 * installed apps. Reads the phone's state; only getUi remembers what it returned.
 */
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { APPS, KEYBOARD_PACKAGE, SYSTEMUI_PACKAGE } from "../apps/index.js";
import { renderScreenshot, renderSecureScreenshot } from "../render/screenshot.js";
import { invalidArgument, notSupported } from "./errors.js";
import type { SimKnobs } from "./knobs.js";
import type { PhoneState } from "./phone-state.js";
import { RENDER_STYLE } from "./render-style.js";
import { threadRenderer } from "./render-thread.js";
import type { FrameRenderer } from "./screen-streamer.js";
import { screenOf } from "./tree.js";

const PORTAL_VERSION = "sim-0.1.0";

/** The first frame a portal sends (the client adds resume token and cached ids). */
export function helloOf(deviceId: string, width: number, height: number, knobs: SimKnobs): droidhub.v1.IHello {
  const screenshots = knobs.screenshots === "none" ? [] : ["screenshot"];
  return {
    deviceId,
    portalVersion: PORTAL_VERSION,
    protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1,
    manufacturer: "droidhub",
    model: "Virtual Phone",
    sdkInt: 34,
    screen: screenOf(width, height),
    capabilities: [
      ...screenshots,
      "gestures",
      "set_text",
      "all_windows",
      "events",
      "stop_app",
      ...(knobs.screenshots === "none" ? [] : ["stream"]),
    ],
  };
}

export function getUi(phone: PhoneState, allWindows: boolean): droidhub.v1.IUiTree {
  const started = performance.now();
  const tree = phone.tree();
  let view = allWindows ? tree.full : tree.active();
  const p = phone.knobs.staleTreeProbability ?? 0;
  if (p > 0 && phone.lastView !== undefined && phone.random() < p) view = phone.lastView;
  phone.lastView = view;
  const ui = { ...view.ui, capturedAtMs: phone.now(), captureMs: Math.round(performance.now() - started) };
  const max = phone.knobs.maxUiNodes;
  const nodes = view.ui.nodes ?? [];
  // Pre-order with parents first: a prefix is a valid tree, and node indexes stay the same.
  if (max !== undefined && nodes.length > max) return { ...ui, nodes: nodes.slice(0, max), truncated: true };
  return ui;
}

export function screenshot(phone: PhoneState, req: droidhub.v1.IScreenshotRequest): Promise<droidhub.v1.IImage> {
  const format = req.format ?? pb.ImageFormat.IMAGE_FORMAT_UNSPECIFIED;
  if (!(format in pb.ImageFormat) || typeof format !== "number")
    throw invalidArgument(`unknown image format ${format}`);
  const quality = req.quality ?? 0;
  if (quality < 0 || quality > 100) throw invalidArgument(`quality ${quality} is outside 1..100`);
  if (phone.knobs.screenshots === "none") throw notSupported("this phone cannot take screenshots");
  const tree = phone.tree();
  const options = { format, quality, maxSide: req.maxSide ?? 0 };
  if (phone.knobs.screenshots === "secure") return renderSecureScreenshot(tree.full.ui, options);
  return renderScreenshot(tree.key, tree.full.ui, options, RENDER_STYLE);
}

/**
 * A renderer for one screen stream: frames drawn at the stream's size, each from the last one where
 * only some nodes changed (stream-renderer.ts), on the render thread (render-thread.ts) so commands
 * never wait behind a frame. A secure screen is black, as its screenshots are.
 */
export function streamRenderer(phone: PhoneState): FrameRenderer {
  const thread = threadRenderer({ paintPasswords: phone.knobs.paintPasswords !== false });
  return {
    async render(width, height, quality) {
      const ui = phone.tree().full.ui;
      if (phone.knobs.screenshots === "secure") {
        const options = { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, quality, maxSide: Math.max(width, height) };
        return { image: await renderSecureScreenshot(ui, options), painted: [] };
      }
      return thread.render(ui, width, height, quality);
    },
    close: () => thread.close(),
  };
}

export function deviceState(phone: PhoneState): droidhub.v1.IDeviceState {
  const ui = phone.tree().full.ui;
  return {
    // Only the fields the tree has: IDeviceState takes no explicit undefined (exactOptionalPropertyTypes).
    ...(ui.foregroundPackage !== undefined && { foregroundPackage: ui.foregroundPackage }),
    ...(ui.foregroundActivity !== undefined && { foregroundActivity: ui.foregroundActivity }),
    ...(ui.keyboard !== undefined && { keyboard: ui.keyboard }),
    screenOn: true,
    battery: { level: 87, charging: false, temperatureC: 31 },
    network: { type: pb.NetworkType.NETWORK_TYPE_WIFI, metered: false },
    accessibilityEnabled: true,
    screen: screenOf(phone.width, phone.height),
  };
}

export function installedApps(includeSystem: boolean): droidhub.v1.IApp[] {
  const apps: droidhub.v1.IApp[] = APPS.filter((a) => includeSystem || !a.system).map((a) => ({
    packageName: a.pkg,
    label: a.label,
    versionName: a.version,
    system: a.system,
  }));
  if (includeSystem) {
    apps.push({ packageName: SYSTEMUI_PACKAGE, label: "System UI", versionName: "14", system: true });
    apps.push({ packageName: KEYBOARD_PACKAGE, label: "Keyboard", versionName: "1.0", system: true });
  }
  return apps;
}
