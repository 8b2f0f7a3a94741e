/**
 * Fleet keys, operator keys and device secrets in PostgreSQL, all stored as hashes: the gateway's
 * DeviceCredentials and the API's KeyStore. Active operator keys are kept in memory (every API
 * request looks one up). Several hubs share the table: a change one hub makes is announced with
 * NOTIFY, and every hub listening reloads its keys, so a revoked key stops working on all of them.
 */

import type { OperatorIdentity, Scope } from "../../api/access.js";
import type { FleetKeyListing, KeyStore, OperatorKeyRecord, RevokeOutcome } from "../../api/ports.js";
import { HubError } from "../../errors/hub-error.js";
import { defined, itemAt } from "../../errors/invariant.js";
import type { DeviceCredential, DeviceCredentials, FleetKeyLimits, FleetKeyRecord } from "../../gateway/ports.js";
import { generateKey, hashKey } from "../../util/secrets.js";
import {
  deviceCredential,
  FLEET_KEY_COLUMNS,
  type FleetKeyRow,
  fleetKeyRecord,
  NO_SECRET,
  type OperatorKeyRow,
  PENDING_SECRET,
} from "../rows.js";
import type { Pool, PoolClient } from "./connection.js";

/** The channel a hub announces operator key changes on. */
export const KEYS_CHANNEL = "droidhub_operator_keys";

export class PgCredentials implements DeviceCredentials, KeyStore {
  readonly #pool: Pool;
  readonly #operatorKeys = new Map<string, OperatorIdentity>();
  #envKeyHash: string | undefined;
  #pendingKey: string | undefined;

  private constructor(pool: Pool) {
    this.#pool = pool;
  }

  static async open(pool: Pool): Promise<PgCredentials> {
    const credentials = new PgCredentials(pool);
    await credentials.reload();
    return credentials;
  }

  async ensureFleetKey(key: string, label = "bootstrap", tags: string[] = []): Promise<FleetKeyRecord> {
    await this.#insertFleetKey(key, label, tags, {});
    return defined(await this.findFleetKey(key), "stored fleet key");
  }

  async createFleetKey(
    label: string,
    tags: string[] = [],
    limits: FleetKeyLimits = {},
  ): Promise<{ key: string; record: FleetKeyRecord }> {
    const key = generateKey("dhf");
    await this.#insertFleetKey(key, label, tags, limits);
    return { key, record: defined(await this.findFleetKey(key), "created fleet key") };
  }

  async #insertFleetKey(key: string, label: string, tags: string[], limits: FleetKeyLimits): Promise<void> {
    await this.#pool.query(
      `INSERT INTO fleet_keys (key_hash, label, tags, created_at, expires_at, max_uses)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key_hash) DO NOTHING`,
      [hashKey(key), label, JSON.stringify(tags), Date.now(), limits.expiresAt ?? null, limits.maxUses ?? null],
    );
  }

  async findFleetKey(key: string): Promise<FleetKeyRecord | undefined> {
    const { rows } = await this.#pool.query<FleetKeyRow>(
      `SELECT ${FLEET_KEY_COLUMNS} FROM fleet_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
      [hashKey(key)],
    );
    return rows[0] ? fleetKeyRecord(rows[0]) : undefined;
  }

  /**
   * Counts one enrolment with the key unless it is revoked, expired or used up by now (then
   * UNAUTHORIZED): one conditional statement, so two phones racing for a single-use key (on any
   * hub) cannot both win. Runs inside the caller's transaction, with the audit entry of the use.
   */
  async #useFleetKey(client: PoolClient, fleetKeyId: number, deviceId: string, dialect: string): Promise<void> {
    const now = Date.now();
    const { rowCount } = await client.query(
      `UPDATE fleet_keys SET uses = uses + 1
       WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
         AND (max_uses IS NULL OR uses < max_uses)`,
      [fleetKeyId, now],
    );
    if (rowCount !== 1) throw new HubError("UNAUTHORIZED", "fleet key expired or used up", { details: { deviceId } });
    await this.#audit(client, now, "gateway:enroll", fleetKeyId, "ok", 101, undefined, "", { deviceId, dialect });
  }

  async #audit(
    client: Pool | PoolClient,
    at: number,
    action: string,
    fleetKeyId: number,
    outcome: "ok" | "error",
    status: number,
    errorCode: string | undefined,
    ip: string,
    detail: Record<string, string>,
  ): Promise<void> {
    await client.query(
      `INSERT INTO audit_log (at, key_id, key_label, action, target_type, target_id, outcome, status, error_code, ip, detail)
       VALUES ($1, NULL, '', $2, 'fleet_key', $3, $4, $5, $6, $7, $8)`,
      [at, action, String(fleetKeyId), outcome, status, errorCode ?? null, ip, JSON.stringify(detail)],
    );
  }

  async auditSpentKey(fleetKeyId: number, deviceId: string, reason: string, ip: string): Promise<void> {
    await this.#audit(this.#pool, Date.now(), "gateway:join", fleetKeyId, "error", 401, "UNAUTHORIZED", ip, {
      deviceId,
      reason,
    });
  }

  /** One transaction on its own connection (the enrolment's use, its audit entry and the device row). */
  async #inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async revokeFleetKey(id: number): Promise<boolean> {
    const { rowCount } = await this.#pool.query(
      "UPDATE fleet_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
      [Date.now(), id],
    );
    return rowCount === 1;
  }

  async listFleetKeys(): Promise<FleetKeyListing[]> {
    const { rows } = await this.#pool.query<FleetKeyRow & { created_at: number; revoked_at: number | null }>(
      `SELECT ${FLEET_KEY_COLUMNS}, created_at, revoked_at FROM fleet_keys ORDER BY id`,
    );
    return rows.map((r) => ({
      ...fleetKeyRecord(r),
      createdAt: new Date(r.created_at).toISOString(),
      revoked: r.revoked_at !== null,
    }));
  }

  async ensureOperatorKey(configured: string | undefined): Promise<string | undefined> {
    if (configured) {
      const hash = hashKey(configured);
      // The environment is the operator's explicit choice: it wins over an earlier revocation.
      await this.#pool.query(
        `INSERT INTO operator_keys (key_hash, label, scope, created_at) VALUES ($1, 'DROIDHUB_API_KEY', 'admin', $2)
         ON CONFLICT (key_hash) DO UPDATE SET revoked_at = NULL, scope = 'admin'`,
        [hash, Date.now()],
      );
      this.#envKeyHash = hash;
      await this.#changed();
      return undefined;
    }
    if (this.#operatorKeys.size > 0) return undefined;
    const key = generateKey("dho");
    this.#pendingKey = key;
    this.#operatorKeys.set(hashKey(key), { keyId: 0, label: "generated", scope: "admin" });
    return key;
  }

  async storeGeneratedKey(): Promise<void> {
    const key = this.#pendingKey;
    if (!key) return;
    this.#pendingKey = undefined;
    await this.#pool.query(
      "INSERT INTO operator_keys (key_hash, label, scope, created_at) VALUES ($1, 'generated', 'admin', $2)",
      [hashKey(key), Date.now()],
    );
    await this.#changed();
  }

  async createOperatorKey(label: string, scope: Scope): Promise<{ key: string; record: OperatorKeyRecord }> {
    const key = generateKey("dho");
    const { rows } = await this.#pool.query<{ id: number }>(
      "INSERT INTO operator_keys (key_hash, label, scope, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
      [hashKey(key), label, scope, Date.now()],
    );
    await this.#changed();
    const id = itemAt(rows, 0, "inserted key").id;
    return {
      key,
      record: defined(
        (await this.listOperatorKeys()).find((k) => k.id === id),
        `operator key ${id}`,
      ),
    };
  }

  async listOperatorKeys(): Promise<OperatorKeyRecord[]> {
    const { rows } = await this.#pool.query<OperatorKeyRow>(
      "SELECT id, key_hash, label, scope, created_at, revoked_at FROM operator_keys ORDER BY id",
    );
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      scope: r.scope,
      createdAt: new Date(r.created_at).toISOString(),
      revoked: r.revoked_at !== null,
      fromEnvironment: r.key_hash === this.#envKeyHash,
    }));
  }

  async revokeOperatorKey(id: number): Promise<RevokeOutcome> {
    const { rows } = await this.#pool.query<{ key_hash: string; scope: Scope }>(
      "SELECT key_hash, scope FROM operator_keys WHERE id = $1 AND revoked_at IS NULL",
      [id],
    );
    const row = rows[0];
    if (!row) return "unknown";
    if (row.key_hash === this.#envKeyHash) return "environment";
    await this.reload();
    const admins = [...this.#operatorKeys.values()].filter((k) => k.scope === "admin" && k.keyId !== 0).length;
    if (row.scope === "admin" && admins <= 1) return "last-admin";
    await this.#pool.query("UPDATE operator_keys SET revoked_at = $1 WHERE id = $2", [Date.now(), id]);
    await this.#changed();
    return "revoked";
  }

  findOperatorKey(key: string): OperatorIdentity | undefined {
    return this.#operatorKeys.get(hashKey(key));
  }

  /** Reads the active operator keys again (at open, after a change here, on another hub's NOTIFY). */
  async reload(): Promise<void> {
    const { rows } = await this.#pool.query<OperatorKeyRow>(
      "SELECT id, key_hash, label, scope FROM operator_keys WHERE revoked_at IS NULL",
    );
    const pending = this.#pendingKey ? hashKey(this.#pendingKey) : undefined;
    const keep = pending ? this.#operatorKeys.get(pending) : undefined;
    this.#operatorKeys.clear();
    for (const row of rows) this.#operatorKeys.set(row.key_hash, { keyId: row.id, label: row.label, scope: row.scope });
    if (pending && keep) this.#operatorKeys.set(pending, keep);
  }

  /** After a change: this hub reloads at once, the others when the notification reaches them. */
  async #changed(): Promise<void> {
    await this.reload();
    await this.#pool.query(`NOTIFY ${KEYS_CHANNEL}`);
  }

  async getDevice(id: string): Promise<DeviceCredential | undefined> {
    const { rows } = await this.#pool.query<{
      id: string;
      secret_hash: string;
      tags: string;
      fleet_key_id: number | null;
    }>("SELECT id, secret_hash, tags, fleet_key_id FROM devices WHERE id = $1", [id]);
    const row = rows[0];
    return row ? deviceCredential(row) : undefined;
  }

  /**
   * Issues a new secret for `id` unless one is issued already (then undefined), counting the
   * enrolment against the key in the same transaction. The row is locked first, so of two
   * fleet-key joins of one id (on any hub) only the first gets a secret and spends a use.
   */
  async issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): Promise<string | undefined> {
    return this.#inTransaction(async (client) => {
      const { rows } = await client.query<{ secret_hash: string }>(
        "SELECT secret_hash FROM devices WHERE id = $1 FOR UPDATE",
        [id],
      );
      if (rows[0] && rows[0].secret_hash !== NO_SECRET) return undefined;
      await this.#useFleetKey(client, fleetKeyId, id, "droidhub");
      const secret = generateKey("dhd");
      const now = Date.now();
      const { rowCount } = await client.query(
        `INSERT INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (id) DO UPDATE SET secret_hash = excluded.secret_hash,
           fleet_key_id = excluded.fleet_key_id, last_seen_at = excluded.last_seen_at
         WHERE devices.secret_hash = ''`,
        [id, PENDING_SECRET + hashKey(secret), fleetKeyId, JSON.stringify(tags), now],
      );
      if (rowCount === 1) return secret;
      // Another hub's join of the same id won after all: its use counts, this one's does not.
      throw new HubError("CONFLICT", `device ${id} was enrolled at the same moment by another join`);
    }).catch((error: unknown) => {
      if (error instanceof HubError && error.code === "CONFLICT") return undefined;
      throw error;
    });
  }

  async reissueDeviceSecret(id: string, fleetKeyId: number, pendingHash: string): Promise<string | undefined> {
    const secret = generateKey("dhd");
    const { rowCount } = await this.#pool.query(
      "UPDATE devices SET secret_hash = $1, last_seen_at = $2 WHERE id = $3 AND fleet_key_id = $4 AND secret_hash = $5",
      [PENDING_SECRET + hashKey(secret), Date.now(), id, fleetKeyId, PENDING_SECRET + pendingHash],
    );
    return rowCount === 1 ? secret : undefined;
  }

  async confirmDeviceSecret(id: string, secretHash: string): Promise<void> {
    await this.#pool.query("UPDATE devices SET secret_hash = $1 WHERE id = $2 AND secret_hash = $3", [
      secretHash,
      id,
      PENDING_SECRET + secretHash,
    ]);
  }

  /**
   * A row for a phone that holds no secret (the Portal app cannot keep one), so it stays listed
   * across hub restarts; a fleet key may still enrol the id. An existing row is left as it is.
   */
  async addDevice(id: string, fleetKeyId: number, tags: string[]): Promise<void> {
    await this.#inTransaction(async (client) => {
      const now = Date.now();
      const { rowCount } = await client.query(
        `INSERT INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
         VALUES ($1, '', $2, $3, $4, $4) ON CONFLICT (id) DO NOTHING`,
        [id, fleetKeyId, JSON.stringify(tags), now],
      );
      // Only a new row is an enrolment; the use is counted (or refused, rolling the row back) with it.
      if (rowCount === 1) await this.#useFleetKey(client, fleetKeyId, id, "mobilerun");
    });
  }

  async resetEnrollment(id: string): Promise<boolean> {
    const { rowCount } = await this.#pool.query("UPDATE devices SET secret_hash = '' WHERE id = $1", [id]);
    return rowCount === 1;
  }
}
