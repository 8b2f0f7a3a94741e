/**
 * The store port the device endpoints need: fleet keys (the shared key new phones join with) and
 * device secrets (the key each enrolled phone joins with). Only hashes are stored; a plain secret
 * exists only in the answer of the call that issued it. `hub/store` implements it.
 */

export interface FleetKeyRecord {
  id: number;
  label: string;
  tags: string[];
}

export interface DeviceCredential {
  id: string;
  /** The hash of the secret issued to the phone; undefined while none is (never, Mobilerun dialect, reset). */
  secretHash: string | undefined;
  tags: string[];
}

export interface DeviceCredentials {
  /** The active (not revoked) fleet key with this plain value. */
  findFleetKey(key: string): Promise<FleetKeyRecord | undefined>;
  getDevice(id: string): Promise<DeviceCredential | undefined>;
  /**
   * Issues a new secret for `id` unless one is issued already (then undefined). Decided in one
   * statement, so of two fleet-key joins of one id only the first gets a secret: from then on only
   * that secret claims the id, until its enrolment is reset. Durable once this resolves.
   */
  issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): Promise<string | undefined>;
  /**
   * A record for a phone that holds no secret (the Mobilerun app cannot keep one), so it stays listed
   * across hub restarts; a fleet key may still enrol the id. An existing record is left as it is.
   */
  addDevice(id: string, fleetKeyId: number, tags: string[]): Promise<void>;
}
