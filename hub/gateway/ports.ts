/**
 * The store port the device endpoints need: fleet keys (the shared key new phones join with) and
 * device secrets (the key each enrolled phone joins with). Only hashes are stored; a plain secret
 * exists only in the answer of the call that issued it. `hub/store` implements it.
 */

export interface FleetKeyRecord {
  id: number;
  label: string;
  tags: string[];
  /** ISO time after which the key enrols no new phone; null: never. */
  expiresAt: string | null;
  /** How many phones the key may enrol; null: any number. Single-use is 1. */
  maxUses: number | null;
  /** Phones enrolled with it so far. */
  uses: number;
}

/** Limits a key made for enrolment (a QR code) carries. */
export interface FleetKeyLimits {
  /** Unix milliseconds. */
  expiresAt?: number | undefined;
  maxUses?: number | undefined;
}

/**
 * Why a fleet key enrols no new phone now, or undefined when it still does. Expiry and use count
 * limit enrolments, not connections: a phone that enrolled reconnects with its own secret.
 */
export function spentReason(key: FleetKeyRecord, nowMs: number): "fleet key expired" | "fleet key used up" | undefined {
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= nowMs) return "fleet key expired";
  if (key.maxUses !== null && key.uses >= key.maxUses) return "fleet key used up";
  return undefined;
}

export interface DeviceCredential {
  id: string;
  /** The hash of the secret issued to the phone; undefined while none is (never, Mobilerun dialect, reset). */
  secretHash: string | undefined;
  /**
   * The phone has shown it holds that secret (joined with it, or answered a command on the socket
   * its Welcome went out on). Until then a Welcome may have been lost on the way: the fleet key the
   * id enrolled with may enrol it again (lost-Welcome rule, droidhub-auth.ts).
   */
  secretConfirmed: boolean;
  tags: string[];
  /** The fleet key the phone enrolled with (null for a record from before keys were kept). */
  fleetKeyId: number | null;
}

export interface DeviceCredentials {
  /** The active (not revoked) fleet key with this plain value. */
  findFleetKey(key: string): Promise<FleetKeyRecord | undefined>;
  getDevice(id: string): Promise<DeviceCredential | undefined>;
  /**
   * Issues a new secret for `id` unless one is issued already (then undefined). Decided in one
   * statement, so of two fleet-key joins of one id only the first gets a secret: from then on only
   * that secret claims the id, until its enrolment is reset. Durable once this resolves.
   * Issuing counts one use of the fleet key, in the same unit: a key that is expired or used up by
   * then throws UNAUTHORIZED (two phones racing for a single-use key: one wins).
   */
  issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): Promise<string | undefined>;
  /**
   * A Welcome lost on the way: a new secret for `id` in place of `pendingHash`, only while that
   * unconfirmed secret is still the id's and `fleetKeyId` enrolled it (one statement, so of two
   * such joins one wins; else undefined). The old secret stops working. Counts no use of the key:
   * it is the same enrolment.
   */
  reissueDeviceSecret(id: string, fleetKeyId: number, pendingHash: string): Promise<string | undefined>;
  /** The phone showed it holds the secret with this hash: the fleet key no longer enrols the id again. */
  confirmDeviceSecret(id: string, secretHash: string): Promise<void>;
  /**
   * A record for a phone that holds no secret (the Mobilerun app cannot keep one), so it stays listed
   * across hub restarts; a fleet key may still enrol the id. An existing record is left as it is.
   * A new record counts one use of the key, like issueDeviceSecret (and throws alike).
   */
  addDevice(id: string, fleetKeyId: number, tags: string[]): Promise<void>;
  /** Writes an audit entry for a join refused because its fleet key is expired or used up. */
  auditSpentKey(fleetKeyId: number, deviceId: string, reason: string, ip: string): Promise<void>;
}
