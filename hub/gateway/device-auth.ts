/**
 * Who may open a device socket, decided from the upgrade request alone, before any upgrade:
 * - a device id that is bound to a confirmed secret joins only with that secret;
 * - any other device id joins with a valid fleet key (and gets a secret in its Welcome).
 * Everything else is UNAUTHORIZED, answered as an HTTP 401 status line.
 */
import type { IncomingHttpHeaders } from "node:http";
import { HubError } from "../errors/hub-error.js";
import type { CredentialStore, FleetKeyRecord } from "../store/credentials.js";
import { bearerToken, hashesEqual, hashKey } from "../util/secrets.js";

export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface DeviceAuth {
  deviceId: string;
  /** Set when the phone must be given a new secret in its Welcome. */
  fleetKey: FleetKeyRecord | undefined;
  tags: string[];
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function authenticateDevice(headers: IncomingHttpHeaders, credentials: CredentialStore): DeviceAuth {
  const token = bearerToken(headers.authorization);
  const deviceId = header(headers, "x-device-id")?.trim();
  if (!token) throw new HubError("UNAUTHORIZED", "missing bearer token");
  if (!deviceId || !DEVICE_ID_PATTERN.test(deviceId)) {
    throw new HubError("UNAUTHORIZED", "missing or malformed X-Device-ID header");
  }
  const bound = credentials.getDevice(deviceId);
  if (bound && hashesEqual(bound.secretHash, hashKey(token))) {
    if (!bound.secretConfirmed) credentials.confirmDeviceSecret(deviceId);
    return { deviceId, fleetKey: undefined, tags: bound.tags };
  }
  const fleetKey = credentials.findFleetKey(token);
  if (!fleetKey) throw new HubError("UNAUTHORIZED", "unknown key");
  if (bound?.secretConfirmed) {
    // A fleet key holder may not claim a device id that already belongs to an enrolled phone.
    throw new HubError("UNAUTHORIZED", "device id is enrolled; present its device secret", { details: { deviceId } });
  }
  return { deviceId, fleetKey, tags: bound?.tags.length ? bound.tags : fleetKey.tags };
}
