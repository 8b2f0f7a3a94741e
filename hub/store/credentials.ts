/**
 * Fleet keys, operator keys and device secrets in SQLite, all stored as hashes: the gateway's
 * DeviceCredentials and the API's KeyStore. Plain keys exist only in the return value of the call
 * that created them. Active operator keys are also kept in memory: every API request looks one up.
 */

import type { OperatorIdentity, Scope } from "../api/access.js";
import type { FleetKeyListing, KeyStore, OperatorKeyRecord, RevokeOutcome } from "../api/ports.js";
import { HubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";
import type { DeviceCredential, DeviceCredentials, FleetKeyLimits, FleetKeyRecord } from "../gateway/ports.js";
import { generateKey, hashKey } from "../util/secrets.js";
import type { Db } from "./database.js";
import {
  deviceCredential,
  FLEET_KEY_COLUMNS,
  type FleetKeyRow,
  fleetKeyRecord,
  NO_SECRET,
  type OperatorKeyRow,
  PENDING_SECRET,
} from "./rows.js";

export class SqliteCredentials implements DeviceCredentials, KeyStore {
  readonly #db: Db;
  /** Active operator keys by hash. */
  readonly #operatorKeys = new Map<string, OperatorIdentity>();
  #envKeyHash: string | undefined;
  /** A generated key not stored yet (see ensureOperatorKey). */
  #pendingKey: string | undefined;

  constructor(db: Db) {
    this.#db = db;
    this.#loadOperatorKeys();
  }

  /** Stores a known fleet key (from DROIDHUB_FLEET_KEY) if it is not stored yet. */
  async ensureFleetKey(key: string, label = "bootstrap", tags: string[] = []): Promise<FleetKeyRecord> {
    this.#insertFleetKey(key, label, tags, {});
    return defined(this.#findFleetKey(key), "stored fleet key");
  }

  async createFleetKey(
    label: string,
    tags: string[] = [],
    limits: FleetKeyLimits = {},
  ): Promise<{ key: string; record: FleetKeyRecord }> {
    const key = generateKey("dhf");
    this.#insertFleetKey(key, label, tags, limits);
    return { key, record: defined(this.#findFleetKey(key), "created fleet key") };
  }

  #insertFleetKey(key: string, label: string, tags: string[], limits: FleetKeyLimits): void {
    this.#db
      .prepare(
        `INSERT OR IGNORE INTO fleet_keys (key_hash, label, tags, created_at, expires_at, max_uses)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(hashKey(key), label, JSON.stringify(tags), Date.now(), limits.expiresAt ?? null, limits.maxUses ?? null);
  }

  async findFleetKey(key: string): Promise<FleetKeyRecord | undefined> {
    return this.#findFleetKey(key);
  }

  #findFleetKey(key: string): FleetKeyRecord | undefined {
    const row = this.#db
      .prepare(`SELECT ${FLEET_KEY_COLUMNS} FROM fleet_keys WHERE key_hash = ? AND revoked_at IS NULL`)
      .get(hashKey(key)) as FleetKeyRow | undefined;
    return row ? fleetKeyRecord(row) : undefined;
  }

  /**
   * Counts one enrolment with the key, unless it is revoked, expired or used up by now (then
   * UNAUTHORIZED): one conditional statement, so two phones racing for a single-use key cannot
   * both win. Runs inside the caller's transaction, with the audit entry of the use.
   */
  #useFleetKey(fleetKeyId: number, deviceId: string, dialect: string): void {
    const now = Date.now();
    const { changes } = this.#db
      .prepare(
        `UPDATE fleet_keys SET uses = uses + 1
         WHERE id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
           AND (max_uses IS NULL OR uses < max_uses)`,
      )
      .run(fleetKeyId, now);
    if (changes !== 1) {
      throw new HubError("UNAUTHORIZED", "fleet key expired or used up", { details: { deviceId } });
    }
    this.#audit(now, "gateway:enroll", fleetKeyId, "ok", 101, undefined, "", { deviceId, dialect });
  }

  #audit(
    at: number,
    action: string,
    fleetKeyId: number,
    outcome: "ok" | "error",
    status: number,
    errorCode: string | undefined,
    ip: string,
    detail: Record<string, string>,
  ): void {
    this.#db
      .prepare(
        `INSERT INTO audit_log (at, key_id, key_label, action, target_type, target_id, outcome, status, error_code, ip, detail)
         VALUES (?, NULL, '', ?, 'fleet_key', ?, ?, ?, ?, ?, ?)`,
      )
      .run(at, action, String(fleetKeyId), outcome, status, errorCode ?? null, ip, JSON.stringify(detail));
  }

  async auditSpentKey(fleetKeyId: number, deviceId: string, reason: string, ip: string): Promise<void> {
    this.#audit(Date.now(), "gateway:join", fleetKeyId, "error", 401, "UNAUTHORIZED", ip, { deviceId, reason });
  }

  /** Revokes a key: phones can no longer join with it (enrolled phones keep their own secrets). */
  async revokeFleetKey(id: number): Promise<boolean> {
    return (
      this.#db.prepare("UPDATE fleet_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(Date.now(), id)
        .changes === 1
    );
  }

  async listFleetKeys(): Promise<FleetKeyListing[]> {
    const rows = this.#db
      .prepare(`SELECT ${FLEET_KEY_COLUMNS}, created_at, revoked_at FROM fleet_keys ORDER BY id`)
      .all() as (FleetKeyRow & { created_at: number; revoked_at: number | null })[];
    return rows.map((r) => ({
      ...fleetKeyRecord(r),
      createdAt: new Date(r.created_at).toISOString(),
      revoked: r.revoked_at !== null,
    }));
  }

  /**
   * Makes the configured key (DROIDHUB_API_KEY) an admin key. Without one, and with no key stored
   * yet, answers a new admin key that is valid in memory at once but stored only by
   * `storeGeneratedKey` — a hub that fails to start must not leave a "shown once" key behind.
   */
  async ensureOperatorKey(configured: string | undefined): Promise<string | undefined> {
    if (configured) {
      const hash = hashKey(configured);
      // The environment is the operator's explicit choice: it wins over an earlier revocation.
      this.#db
        .prepare(
          `INSERT INTO operator_keys (key_hash, label, scope, created_at) VALUES (?, 'DROIDHUB_API_KEY', 'admin', ?)
           ON CONFLICT(key_hash) DO UPDATE SET revoked_at = NULL, scope = 'admin'`,
        )
        .run(hash, Date.now());
      this.#envKeyHash = hash;
      this.#loadOperatorKeys();
      return undefined;
    }
    if (this.#operatorKeys.size > 0) return undefined;
    const key = generateKey("dho");
    this.#pendingKey = key;
    this.#operatorKeys.set(hashKey(key), { keyId: 0, label: "generated", scope: "admin" });
    return key;
  }

  /** Stores the key `ensureOperatorKey` generated, once the hub is up. */
  async storeGeneratedKey(): Promise<void> {
    const key = this.#pendingKey;
    if (!key) return;
    this.#pendingKey = undefined;
    this.#db
      .prepare("INSERT INTO operator_keys (key_hash, label, scope, created_at) VALUES (?, 'generated', 'admin', ?)")
      .run(hashKey(key), Date.now());
    this.#loadOperatorKeys();
  }

  async createOperatorKey(label: string, scope: Scope): Promise<{ key: string; record: OperatorKeyRecord }> {
    const key = generateKey("dho");
    const id = Number(
      this.#db
        .prepare("INSERT INTO operator_keys (key_hash, label, scope, created_at) VALUES (?, ?, ?, ?)")
        .run(hashKey(key), label, scope, Date.now()).lastInsertRowid,
    );
    this.#loadOperatorKeys();
    return {
      key,
      record: defined(
        (await this.listOperatorKeys()).find((k) => k.id === id),
        `operator key ${id}`,
      ),
    };
  }

  async listOperatorKeys(): Promise<OperatorKeyRecord[]> {
    const rows = this.#db
      .prepare("SELECT id, key_hash, label, scope, created_at, revoked_at FROM operator_keys ORDER BY id")
      .all() as OperatorKeyRow[];
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      scope: r.scope,
      createdAt: new Date(r.created_at).toISOString(),
      revoked: r.revoked_at !== null,
      fromEnvironment: r.key_hash === this.#envKeyHash,
    }));
  }

  /**
   * Revokes an operator key at once (its next request is a 401). Refuses the key the environment
   * sets (it would come back at the next start) and the last active admin key (nobody could manage
   * keys any more).
   */
  async revokeOperatorKey(id: number): Promise<RevokeOutcome> {
    const row = this.#db
      .prepare("SELECT key_hash, scope FROM operator_keys WHERE id = ? AND revoked_at IS NULL")
      .get(id) as { key_hash: string; scope: Scope } | undefined;
    if (!row) return "unknown";
    if (row.key_hash === this.#envKeyHash) return "environment";
    const admins = [...this.#operatorKeys.values()].filter((k) => k.scope === "admin" && k.keyId !== 0).length;
    if (row.scope === "admin" && admins <= 1) return "last-admin";
    this.#db.prepare("UPDATE operator_keys SET revoked_at = ? WHERE id = ?").run(Date.now(), id);
    this.#loadOperatorKeys();
    return "revoked";
  }

  /** Hot path for every API request: an in-memory map lookup, no database round trip. */
  findOperatorKey(key: string): OperatorIdentity | undefined {
    return this.#operatorKeys.get(hashKey(key));
  }

  #loadOperatorKeys(): void {
    const pending = this.#pendingKey ? hashKey(this.#pendingKey) : undefined;
    const keep = pending ? this.#operatorKeys.get(pending) : undefined;
    this.#operatorKeys.clear();
    for (const row of this.#db
      .prepare("SELECT id, key_hash, label, scope FROM operator_keys WHERE revoked_at IS NULL")
      .all() as OperatorKeyRow[]) {
      this.#operatorKeys.set(row.key_hash, { keyId: row.id, label: row.label, scope: row.scope });
    }
    if (pending && keep) this.#operatorKeys.set(pending, keep);
  }

  async getDevice(id: string): Promise<DeviceCredential | undefined> {
    const row = this.#db.prepare("SELECT id, secret_hash, tags, fleet_key_id FROM devices WHERE id = ?").get(id) as
      | { id: string; secret_hash: string; tags: string; fleet_key_id: number | null }
      | undefined;
    return row ? deviceCredential(row) : undefined;
  }

  /**
   * Issues a new secret for `id` unless one is issued already (then undefined). Decided in one
   * statement, so of two fleet-key joins of one id only the first gets a secret: from then on only
   * that secret claims the id, until resetEnrollment.
   */
  async issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): Promise<string | undefined> {
    return this.#db.transaction(() => this.#issueDeviceSecret(id, fleetKeyId, tags))();
  }

  #issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): string | undefined {
    const held = this.#db.prepare("SELECT secret_hash FROM devices WHERE id = ?").get(id) as
      | { secret_hash: string }
      | undefined;
    if (held && held.secret_hash !== NO_SECRET) return undefined;
    this.#useFleetKey(fleetKeyId, id, "droidhub");
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
      .run(id, PENDING_SECRET + hashKey(secret), fleetKeyId, JSON.stringify(tags), now, now);
    return changes === 1 ? secret : undefined;
  }

  async reissueDeviceSecret(id: string, fleetKeyId: number, pendingHash: string): Promise<string | undefined> {
    const secret = generateKey("dhd");
    const { changes } = this.#db
      .prepare(
        "UPDATE devices SET secret_hash = ?, last_seen_at = ? WHERE id = ? AND fleet_key_id = ? AND secret_hash = ?",
      )
      .run(PENDING_SECRET + hashKey(secret), Date.now(), id, fleetKeyId, PENDING_SECRET + pendingHash);
    return changes === 1 ? secret : undefined;
  }

  async confirmDeviceSecret(id: string, secretHash: string): Promise<void> {
    this.#db
      .prepare("UPDATE devices SET secret_hash = ? WHERE id = ? AND secret_hash = ?")
      .run(secretHash, id, PENDING_SECRET + secretHash);
  }

  /**
   * A row for a phone that holds no secret (the Mobilerun app cannot keep one), so it stays listed
   * across hub restarts; a fleet key may still enrol the id. An existing row is left as it is.
   */
  async addDevice(id: string, fleetKeyId: number, tags: string[]): Promise<void> {
    this.#db.transaction(() => {
      if (this.#db.prepare("SELECT 1 FROM devices WHERE id = ?").get(id)) return;
      this.#useFleetKey(fleetKeyId, id, "mobilerun");
      const now = Date.now();
      this.#db
        .prepare(
          `INSERT INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
           VALUES (?, '', ?, ?, ?, ?)`,
        )
        .run(id, fleetKeyId, JSON.stringify(tags), now, now);
    })();
  }

  /** Forgets the issued secret, so the id can enrol again with a fleet key. False for an unknown id. */
  async resetEnrollment(id: string): Promise<boolean> {
    return this.#db.prepare("UPDATE devices SET secret_hash = '' WHERE id = ?").run(id).changes === 1;
  }
}
