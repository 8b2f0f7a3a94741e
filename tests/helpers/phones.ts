/** Virtual phones joined to a test hub. */
import { VirtualDevice, type VirtualDeviceOptions } from "../../hub/sim/device/index.js";
import { SimPhone, type SimPhoneOptions } from "../../hub/sim/sim-phone.js";
import { FLEET_KEY, type TestHub } from "./hub.js";

export async function joinPhone(
  hub: TestHub,
  deviceId: string,
  device: Partial<VirtualDeviceOptions> = {},
  options: Partial<SimPhoneOptions> = {},
): Promise<SimPhone> {
  const phone = new SimPhone(new VirtualDevice({ deviceId, app: "login", ...device }), {
    url: `${hub.wsUrl}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
    reconnectBaseMs: 20,
    reconnectCapMs: 200,
    ...options,
  });
  await phone.start();
  return phone;
}
