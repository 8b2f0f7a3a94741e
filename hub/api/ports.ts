/**
 * The store port for the keys the operator API manages: fleet keys, operator keys and device
 * enrolments (the audit trail's port is `AuditLog` in audit.ts). Every key is stored as a hash; a
 * plain key exists only in the answer of the call that created it. `hub/store` implements it.
 */
import type { FleetKeyLimits, FleetKeyRecord } from "../gateway/ports.js";
import type { OperatorKeyLookup, Scope } from "./access.js";

export interface FleetKeyListing extends FleetKeyRecord {
  createdAt: string;
  revoked: boolean;
}

export interface OperatorKeyRecord {
  id: number;
  label: string;
  scope: Scope;
  createdAt: string;
  revoked: boolean;
  /** The key DROIDHUB_API_KEY sets: managed by the environment, not the API. */
  fromEnvironment: boolean;
}

export type RevokeOutcome = "revoked" | "unknown" | "environment" | "last-admin";

/**
 * `findOperatorKey` (from OperatorKeyLookup) runs on every API request: it answers from memory, never
 * from the database. The implementation loads the active keys when it opens and again after every
 * change it makes; a store several hubs share must also reload them when another hub changes them.
 */
export interface KeyStore extends OperatorKeyLookup {
  /** Stores a known fleet key (DROIDHUB_FLEET_KEY) unless it is stored already. */
  ensureFleetKey(key: string, label?: string, tags?: string[]): Promise<FleetKeyRecord>;
  createFleetKey(
    label: string,
    tags?: string[],
    limits?: FleetKeyLimits,
  ): Promise<{ key: string; record: FleetKeyRecord }>;
  listFleetKeys(): Promise<FleetKeyListing[]>;
  /** Revokes a key: phones can no longer join with it (enrolled phones keep their own secrets). */
  revokeFleetKey(id: number): Promise<boolean>;
  /**
   * Makes the configured key (DROIDHUB_API_KEY) an admin key. Without one, and with no key stored
   * yet, answers a new admin key that is valid in memory at once but stored only by
   * `storeGeneratedKey` — a hub that fails to start must not leave a "shown once" key behind.
   */
  ensureOperatorKey(configured: string | undefined): Promise<string | undefined>;
  /** Stores the key `ensureOperatorKey` generated, once the hub is up. */
  storeGeneratedKey(): Promise<void>;
  createOperatorKey(label: string, scope: Scope): Promise<{ key: string; record: OperatorKeyRecord }>;
  listOperatorKeys(): Promise<OperatorKeyRecord[]>;
  /**
   * Revokes an operator key at once (its next request is a 401). Refuses the key the environment
   * sets (it would come back at the next start) and the last active admin key (nobody could manage
   * keys any more).
   */
  revokeOperatorKey(id: number): Promise<RevokeOutcome>;
  /** Forgets the phone's issued secret, so the id can enrol again with a fleet key. False for an unknown id. */
  resetEnrollment(id: string): Promise<boolean>;
}
