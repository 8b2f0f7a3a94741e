/**
 * Who may open a device socket, decided from the upgrade request alone, before any upgrade:
 * - a device id the hub has issued a secret for joins only with that secret, from the moment the
 *   secret is issued (in Welcome): a fleet key can never take it over, however fast it is;
 * - any other device id (never enrolled, a Mobilerun-dialect phone's, or reset by an operator) joins
 *   with a valid fleet key, and gets a secret in its Welcome.
 * - a fleet key that is expired or used up enrols no new phone (refused, and audited).
 * - a lost Welcome: until the phone shows it holds its secret (joins with it, or answers a command
 *   on the socket its Welcome went out on), the fleet key that enrolled the id enrols it again, and
 *   the unconfirmed secret is replaced by a new one (the old one stops working). Without this a
 *   phone whose socket dropped before it stored its Welcome would be refused forever. Another fleet
 *   key, a wrong secret, a replaced secret, or the fleet key once the secret was used: refused.
 * Everything else is UNAUTHORIZED, answered as an HTTP 401 status line.
 */
import type { IncomingHttpHeaders } from "node:http";
import { isDeviceId } from "../devices/device-limits.js";
import { HubError } from "../errors/hub-error.js";
import { bearerToken, hashesEqual, hashKey } from "../util/secrets.js";
import { type DeviceCredential, type DeviceCredentials, type FleetKeyRecord, spentReason } from "./ports.js";

export interface DroidhubAuth {
  deviceId: string;
  /** Set when the phone must be given a new secret in its Welcome. */
  fleetKey: FleetKeyRecord | undefined;
  tags: string[];
  /** A lost Welcome: the hash of the unconfirmed secret the new one replaces. */
  replaces?: string;
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

/**
 * `connected`: whether the id has a live socket on this hub. A lost-Welcome enrolment waits (409,
 * which a phone retries) while it does: the phone that holds the Welcome may still be on it, and a
 * fleet-key holder must not take its id from under it. A socket that is in fact dead goes at the
 * heartbeat limit, and the retry gets through.
 */
export async function authenticateDroidhub(
  headers: IncomingHttpHeaders,
  credentials: DeviceCredentials,
  ip = "",
  connected: (deviceId: string) => boolean = () => false,
): Promise<DroidhubAuth> {
  const token = bearerToken(headers.authorization);
  const deviceId = header(headers, "x-device-id")?.trim();
  if (!token) throw new HubError("UNAUTHORIZED", "missing bearer token");
  if (!deviceId || !isDeviceId(deviceId)) {
    throw new HubError("UNAUTHORIZED", "missing or malformed X-Device-ID header");
  }
  const bound = await credentials.getDevice(deviceId);
  if (bound?.secretHash !== undefined) {
    const auth = await authenticateEnrolled(token, bound, bound.secretHash, credentials);
    if (auth.replaces !== undefined && connected(deviceId)) {
      throw new HubError("CONFLICT", "device id is still connected; retry once its socket is gone", {
        details: { deviceId },
      });
    }
    return auth;
  }
  const fleetKey = await credentials.findFleetKey(token);
  if (!fleetKey) throw new HubError("UNAUTHORIZED", "unknown key");
  await refuseSpentKey(fleetKey, deviceId, credentials, ip);
  return { deviceId, fleetKey, tags: bound?.tags.length ? bound.tags : fleetKey.tags };
}

/** A join of an id that holds a secret: that secret, or (lost Welcome) the fleet key that enrolled it. */
async function authenticateEnrolled(
  token: string,
  bound: DeviceCredential,
  secretHash: string,
  credentials: DeviceCredentials,
): Promise<DroidhubAuth> {
  const deviceId = bound.id;
  if (hashesEqual(secretHash, hashKey(token))) {
    // Stored before the upgrade: from now on the fleet key can no longer enrol this id again.
    if (!bound.secretConfirmed) await credentials.confirmDeviceSecret(deviceId, secretHash);
    return { deviceId, fleetKey: undefined, tags: bound.tags };
  }
  const fleetKey = await credentials.findFleetKey(token);
  // Neither expiry nor the use count applies: this completes the enrolment the key already counted.
  if (fleetKey && !bound.secretConfirmed && fleetKey.id === bound.fleetKeyId) {
    return { deviceId, fleetKey, tags: bound.tags, replaces: secretHash };
  }
  // Only the issued secret claims an enrolled id; a fleet key holder is told apart in the log only.
  const why = fleetKey ? "device id is enrolled; present its device secret" : "unknown key";
  throw new HubError("UNAUTHORIZED", why, { details: { deviceId } });
}
