/**
 * Who may open a device socket, decided from the upgrade request alone, before any upgrade:
 * - a device id the hub has issued a secret for joins only with that secret, from the moment the
 *   secret is issued (in Welcome): a fleet key can never take it over, however fast it is;
 * - any other device id (never enrolled, a Mobilerun-dialect phone's, or reset by an operator) joins
 *   with a valid fleet key, and gets a secret in its Welcome.
 * - a fleet key that is expired or used up enrols no new phone (refused, and audited).
 * Everything else is UNAUTHORIZED, answered as an HTTP 401 status line.
 */
import type { IncomingHttpHeaders } from "node:http";
import { isDeviceId } from "../devices/device-limits.js";
import { HubError } from "../errors/hub-error.js";
import { bearerToken, hashesEqual, hashKey } from "../util/secrets.js";
import { type DeviceCredentials, type FleetKeyRecord, spentReason } from "./ports.js";

export interface DroidhubAuth {
  deviceId: string;
  /** Set when the phone must be given a new secret in its Welcome. */
  fleetKey: FleetKeyRecord | undefined;
  tags: string[];
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Refuses an enrolment with a key that is expired or used up. Unlike an unknown key (what a flood
 * of guesses looks like) this is someone holding a real key too late, so it goes in the audit trail.
 */
export async function refuseSpentKey(
  fleetKey: FleetKeyRecord,
  deviceId: string,
  credentials: DeviceCredentials,
  ip: string,
): Promise<void> {
  const reason = spentReason(fleetKey, Date.now());
  if (reason === undefined) return;
  await credentials.auditSpentKey(fleetKey.id, deviceId, reason, ip);
  throw new HubError("UNAUTHORIZED", reason, { details: { deviceId } });
}

export async function authenticateDroidhub(
  headers: IncomingHttpHeaders,
  credentials: DeviceCredentials,
  ip = "",
): Promise<DroidhubAuth> {
  const token = bearerToken(headers.authorization);
  const deviceId = header(headers, "x-device-id")?.trim();
  if (!token) throw new HubError("UNAUTHORIZED", "missing bearer token");
  if (!deviceId || !isDeviceId(deviceId)) {
    throw new HubError("UNAUTHORIZED", "missing or malformed X-Device-ID header");
  }
  const bound = await credentials.getDevice(deviceId);
  if (bound?.secretHash !== undefined) {
    if (hashesEqual(bound.secretHash, hashKey(token))) return { deviceId, fleetKey: undefined, tags: bound.tags };
    // Only the issued secret claims an enrolled id; a fleet key holder is told apart in the log only.
    const why = (await credentials.findFleetKey(token))
      ? "device id is enrolled; present its device secret"
      : "unknown key";
    throw new HubError("UNAUTHORIZED", why, { details: { deviceId } });
  }
  const fleetKey = await credentials.findFleetKey(token);
  if (!fleetKey) throw new HubError("UNAUTHORIZED", "unknown key");
  await refuseSpentKey(fleetKey, deviceId, credentials, ip);
  return { deviceId, fleetKey, tags: bound?.tags.length ? bound.tags : fleetKey.tags };
}
