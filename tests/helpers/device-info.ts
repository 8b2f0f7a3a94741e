/** A plain droidhub-dialect phone's DeviceInfo, for unit tests that build sessions by hand. */
import type { DeviceInfo } from "../../hub/devices/types.js";

export const PIXEL_INFO: DeviceInfo = {
  dialect: "droidhub",
  portalVersion: "1.0.0",
  protocolVersion: 1,
  manufacturer: "Google",
  model: "Pixel",
  sdkInt: 34,
  screen: { width: 1080, height: 2400, densityDpi: 420, rotation: 0 },
  capabilities: [],
};
