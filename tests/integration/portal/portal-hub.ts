/** A test hub with short Portal delays, and fake Portal apps joined to it. */
import type { PortalOptions } from "../../../hub/devices/portal-commands.js";
import { FakePortalApp, type FakePortalOptions } from "../../fakes/portal-client.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";

export const FAST_PORTAL: Partial<PortalOptions> = { settleMs: 60, screenshotIntervalMs: 150 };

export async function startPortalHub(
  gateway: Record<string, number> = {},
  portal: Partial<PortalOptions> = FAST_PORTAL,
): Promise<TestHub> {
  const hub = await startHub(gateway);
  Object.assign(hub.app.portalGateway.options, portal);
  return hub;
}

/** Joins a fake Portal app and waits until the hub has read its version and screen. */
export async function joinPortal(
  hub: TestHub,
  deviceId: string,
  options: Partial<FakePortalOptions> = {},
  path = "/v1/providers/personal/join",
): Promise<FakePortalApp> {
  const app = new FakePortalApp({
    url: `${hub.wsUrl}${path}`,
    token: FLEET_KEY,
    deviceId,
    reconnectDelayMs: 100,
    screenshotMinIntervalMs: hub.app.portalGateway.options.screenshotIntervalMs,
    ...options,
  });
  await app.start();
  await until(() => (hub.app.hub.registry.get(deviceId)?.info?.screen.width ?? 0) > 0, 5000, "portal probe");
  return app;
}
