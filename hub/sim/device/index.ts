/** The virtual phone's brain: a device that executes droidhub.v1 requests against data-defined apps. */

export { CORRECT_PASSWORD, LAUNCHER_PACKAGE, listApps } from "../apps/index.js";
export { SimError } from "./errors.js";
export {
  type ExecutedAction,
  type SimKnobs,
  VirtualDevice,
  type VirtualDeviceOptions,
} from "./virtual-device.js";
