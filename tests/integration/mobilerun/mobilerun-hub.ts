/** A test hub with short Mobilerun delays, and fake Mobilerun apps joined to it. */
import type { MobilerunOptions } from "../../../hub/devices/mobilerun-commands.js";
import { FakeMobilerunApp, type FakeMobilerunOptions } from "../../fakes/mobilerun-client.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";

export const FAST_MOBILERUN: Partial<MobilerunOptions> = { settleMs: 60, screenshotIntervalMs: 150 };

export async function startMobilerunHub(
  gateway: Record<string, number> = {},
  options: Partial<MobilerunOptions> = FAST_MOBILERUN,
): Promise<TestHub> {
  const hub = await startHub(gateway);
  Object.assign(hub.app.mobilerunGateway.options, options);
  return hub;
}

/** Joins a fake Mobilerun app and waits until the hub has read its version and screen. */
export async function joinMobilerun(
  hub: TestHub,
  deviceId: string,
  options: Partial<FakeMobilerunOptions> = {},
  path = "/v1/providers/personal/join",
): Promise<FakeMobilerunApp> {
  const app = new FakeMobilerunApp({
    url: `${hub.wsUrl}${path}`,
    token: FLEET_KEY,
    deviceId,
    reconnectDelayMs: 100,
    screenshotMinIntervalMs: hub.app.mobilerunGateway.options.screenshotIntervalMs,
    ...options,
  });
  await app.start();
  await until(() => (hub.app.hub.registry.get(deviceId)?.info?.screen.width ?? 0) > 0, 5000, "mobilerun probe");
  return app;
}
