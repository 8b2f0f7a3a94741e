/**
 * A registry with one droidhub phone joined through the real directory, its link a transport that
 * sends nowhere: for unit tests of what the registry and the fleet do with a phone, without sockets.
 */
import { DroidhubDirectory } from "../../hub/devices/droidhub-directory.js";
import { DeviceRegistry } from "../../hub/devices/registry.js";
import { PIXEL_INFO } from "./device-info.js";

export function joinedPhone(deviceId = "p1"): { registry: DeviceRegistry; directory: DroidhubDirectory } {
  const registry = new DeviceRegistry();
  let id = 0;
  const directory = new DroidhubDirectory(
    registry,
    { maxInFlight: 4, commandTimeoutMs: 60_000, resumeGraceMs: 1_000 },
    () => ++id,
  );
  directory.join({
    deviceId,
    info: PIXEL_INFO,
    tags: [],
    resumeToken: "",
    transport: { send: () => undefined, close: () => undefined },
  });
  return { registry, directory };
}
