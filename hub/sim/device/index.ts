/** The virtual phone's brain: a device that executes droidhub.v1 requests against data-defined apps. */

export { CAPTCHA_TEXT, CORRECT_PASSWORD, LAUNCHER_PACKAGE, listApps, OTP_CODE } from "../apps/index.js";
export { SimError } from "./errors.js";
export {
  type ExecutedAction,
  type SimKnobs,
  VirtualDevice,
  type VirtualDeviceOptions,
} from "./virtual-device.js";
