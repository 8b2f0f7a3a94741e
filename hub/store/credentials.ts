/**
 * Fleet keys, operator keys and device secrets, all stored as hashes. Plain keys exist only in the
 * return value of the call that created them.
 */
import { generateKey, hashKey } from "../util/secrets.js";
import type { Db } from "./database.js";

export interface FleetKeyRecord {
  id: number;
  label: string;
  tags: string[];
}

export interface DeviceCredential {
  id: string;
  /** The hash of the secret issued to the phone; undefined while none is (never, Portal dialect, reset). */
  secretHash: string | undefined;
  tags: string[];
}

/** secret_hash of a device that holds no issued secret. */
const NO_SECRET = "";

export class CredentialStore {
  readonly #db: Db;
  readonly #operatorHashes = new Set<string>();

  constructor(db: Db) {
    this.#db = db;
    for (const row of db.prepare("SELECT key_hash FROM operator_keys").all() as { key_hash: string }[]) {
      this.#operatorHashes.add(row.key_hash);
    }
  }

  /** Stores a known fleet key (from DROIDHUB_FLEET_KEY) if it is not stored yet. */
  ensureFleetKey(key: string, label = "bootstrap", tags: string[] = []): FleetKeyRecord {
    const hash = hashKey(key);
    this.#db
      .prepare("INSERT OR IGNORE INTO fleet_keys (key_hash, label, tags, created_at) VALUES (?, ?, ?, ?)")
      .run(hash, label, JSON.stringify(tags), Date.now());
    return this.findFleetKey(key)!;
  }

  createFleetKey(label: string, tags: string[] = []): { key: string; record: FleetKeyRecord } {
    const key = generateKey("dhf");
    return { key, record: this.ensureFleetKey(key, label, tags) };
  }

  findFleetKey(key: string): FleetKeyRecord | undefined {
    const row = this.#db
      .prepare("SELECT id, label, tags FROM fleet_keys WHERE key_hash = ? AND revoked_at IS NULL")
      .get(hashKey(key)) as { id: number; label: string; tags: string } | undefined;
    return row ? { id: row.id, label: row.label, tags: JSON.parse(row.tags) as string[] } : undefined;
  }

  /** Revokes a key: phones can no longer join with it (enrolled phones keep their own secrets). */
  revokeFleetKey(id: number): boolean {
    return (
      this.#db.prepare("UPDATE fleet_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(Date.now(), id)
        .changes === 1
    );
  }

  listFleetKeys(): (FleetKeyRecord & { createdAt: string; revoked: boolean })[] {
    const rows = this.#db
      .prepare("SELECT id, label, tags, created_at, revoked_at FROM fleet_keys ORDER BY id")
      .all() as {
      id: number;
      label: string;
      tags: string;
      created_at: number;
      revoked_at: number | null;
    }[];
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      tags: JSON.parse(r.tags) as string[],
      createdAt: new Date(r.created_at).toISOString(),
      revoked: r.revoked_at !== null,
    }));
  }

  /**
   * Returns the operator key to print when one had to be generated; undefined when a key was
   * configured or one is already stored.
   */
  ensureOperatorKey(configured: string | undefined): string | undefined {
    if (configured) {
      const hash = hashKey(configured);
      this.#db
        .prepare("INSERT OR IGNORE INTO operator_keys (key_hash, label, created_at) VALUES (?, 'env', ?)")
        .run(hash, Date.now());
      this.#operatorHashes.add(hash);
      return undefined;
    }
    if (this.#operatorHashes.size > 0) return undefined;
    const key = generateKey("dho");
    const hash = hashKey(key);
    this.#db
      .prepare("INSERT INTO operator_keys (key_hash, label, created_at) VALUES (?, 'generated', ?)")
      .run(hash, Date.now());
    this.#operatorHashes.add(hash);
    return key;
  }

  /** Hot path for every API request: an in-memory set lookup, no database round trip. */
  isOperatorKey(key: string): boolean {
    return this.#operatorHashes.has(hashKey(key));
  }

  getDevice(id: string): DeviceCredential | undefined {
    const row = this.#db.prepare("SELECT id, secret_hash, tags FROM devices WHERE id = ?").get(id) as
      | { id: string; secret_hash: string; tags: string }
      | undefined;
    return row
      ? {
          id: row.id,
          secretHash: row.secret_hash === NO_SECRET ? undefined : row.secret_hash,
          tags: JSON.parse(row.tags) as string[],
        }
      : undefined;
  }

  /**
   * Issues a new secret for `id` unless one is issued already (then undefined). Decided in one
   * statement, so of two fleet-key joins of one id only the first gets a secret: from then on only
   * that secret claims the id, until resetEnrollment.
   */
  issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): string | undefined {
    const secret = generateKey("dhd");
    const now = Date.now();
    const { changes } = this.#db
      .prepare(
        `INSERT INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET secret_hash = excluded.secret_hash,
           fleet_key_id = excluded.fleet_key_id, last_seen_at = excluded.last_seen_at
         WHERE devices.secret_hash = ''`,
      )
      .run(id, hashKey(secret), fleetKeyId, JSON.stringify(tags), now, now);
    return changes === 1 ? secret : undefined;
  }

  /**
   * A row for a phone that holds no secret (the Portal app cannot keep one), so it stays listed
   * across hub restarts; a fleet key may still enrol the id. An existing row is left as it is.
   */
  addDevice(id: string, fleetKeyId: number, tags: string[]): void {
    const now = Date.now();
    this.#db
      .prepare(
        `INSERT OR IGNORE INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
         VALUES (?, '', ?, ?, ?, ?)`,
      )
      .run(id, fleetKeyId, JSON.stringify(tags), now, now);
  }

  /** Forgets the issued secret, so the id can enrol again with a fleet key. False for an unknown id. */
  resetEnrollment(id: string): boolean {
    return this.#db.prepare("UPDATE devices SET secret_hash = '' WHERE id = ?").run(id).changes === 1;
  }

  touchDevice(id: string, info: unknown): void {
    this.#db
      .prepare("UPDATE devices SET info = ?, last_seen_at = ? WHERE id = ?")
      .run(JSON.stringify(info), Date.now(), id);
  }

  setDeviceHealth(id: string, health: { quarantined: boolean; draining: boolean; infraFailures: number }): void {
    this.#db
      .prepare("UPDATE devices SET quarantined = ?, draining = ?, infra_failures = ? WHERE id = ?")
      .run(health.quarantined ? 1 : 0, health.draining ? 1 : 0, health.infraFailures, id);
  }

  setDeviceTags(id: string, tags: string[]): void {
    this.#db.prepare("UPDATE devices SET tags = ? WHERE id = ?").run(JSON.stringify(tags), id);
  }
}
