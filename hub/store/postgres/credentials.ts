/**
 * Fleet keys, operator keys and device secrets in PostgreSQL, all stored as hashes: the gateway's
 * DeviceCredentials and the API's KeyStore. Active operator keys are kept in memory (every API
 * request looks one up). Several hubs share the table: a change one hub makes is announced with
 * NOTIFY, and every hub listening reloads its keys, so a revoked key stops working on all of them.
 */
import type { OperatorIdentity, Scope } from "../../api/access.js";
import type { FleetKeyListing, KeyStore, OperatorKeyRecord, RevokeOutcome } from "../../api/ports.js";
import type { DeviceCredential, DeviceCredentials, FleetKeyRecord } from "../../gateway/ports.js";
import { generateKey, hashKey } from "../../util/secrets.js";
import type { Pool } from "./connection.js";

/** The channel a hub announces operator key changes on. */
export const KEYS_CHANNEL = "droidhub_operator_keys";

interface OperatorKeyRow {
  id: number;
  key_hash: string;
  label: string;
  scope: Scope;
  created_at: number;
  revoked_at: number | null;
}

/** secret_hash of a device that holds no issued secret. */
const NO_SECRET = "";

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
    await this.#pool.query(
      `INSERT INTO fleet_keys (key_hash, label, tags, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key_hash) DO NOTHING`,
      [hashKey(key), label, JSON.stringify(tags), Date.now()],
    );
    return (await this.findFleetKey(key))!;
  }

  async createFleetKey(label: string, tags: string[] = []): Promise<{ key: string; record: FleetKeyRecord }> {
    const key = generateKey("dhf");
    return { key, record: await this.ensureFleetKey(key, label, tags) };
  }

  async findFleetKey(key: string): Promise<FleetKeyRecord | undefined> {
    const { rows } = await this.#pool.query<{ id: number; label: string; tags: string }>(
      "SELECT id, label, tags FROM fleet_keys WHERE key_hash = $1 AND revoked_at IS NULL",
      [hashKey(key)],
    );
    const row = rows[0];
    return row ? { id: row.id, label: row.label, tags: JSON.parse(row.tags) as string[] } : undefined;
  }

  async revokeFleetKey(id: number): Promise<boolean> {
    const { rowCount } = await this.#pool.query(
      "UPDATE fleet_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
      [Date.now(), id],
    );
    return rowCount === 1;
  }

  async listFleetKeys(): Promise<FleetKeyListing[]> {
    const { rows } = await this.#pool.query<{
      id: number;
      label: string;
      tags: string;
      created_at: number;
      revoked_at: number | null;
    }>("SELECT id, label, tags, created_at, revoked_at FROM fleet_keys ORDER BY id");
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      tags: JSON.parse(r.tags) as string[],
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
    const id = rows[0]!.id;
    return { key, record: (await this.listOperatorKeys()).find((k) => k.id === id)! };
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
    const { rows } = await this.#pool.query<{ id: string; secret_hash: string; tags: string }>(
      "SELECT id, secret_hash, tags FROM devices WHERE id = $1",
      [id],
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          secretHash: row.secret_hash === NO_SECRET ? undefined : row.secret_hash,
          tags: JSON.parse(row.tags) as string[],
        }
      : undefined;
  }

  /** Decided in one statement, so of two fleet-key joins of one id (on any hub) only the first gets a secret. */
  async issueDeviceSecret(id: string, fleetKeyId: number, tags: string[]): Promise<string | undefined> {
    const secret = generateKey("dhd");
    const now = Date.now();
    const { rowCount } = await this.#pool.query(
      `INSERT INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (id) DO UPDATE SET secret_hash = excluded.secret_hash,
         fleet_key_id = excluded.fleet_key_id, last_seen_at = excluded.last_seen_at
       WHERE devices.secret_hash = ''`,
      [id, hashKey(secret), fleetKeyId, JSON.stringify(tags), now],
    );
    return rowCount === 1 ? secret : undefined;
  }

  async addDevice(id: string, fleetKeyId: number, tags: string[]): Promise<void> {
    const now = Date.now();
    await this.#pool.query(
      `INSERT INTO devices (id, secret_hash, fleet_key_id, tags, first_seen_at, last_seen_at)
       VALUES ($1, '', $2, $3, $4, $4) ON CONFLICT (id) DO NOTHING`,
      [id, fleetKeyId, JSON.stringify(tags), now],
    );
  }

  async resetEnrollment(id: string): Promise<boolean> {
    const { rowCount } = await this.#pool.query("UPDATE devices SET secret_hash = '' WHERE id = $1", [id]);
    return rowCount === 1;
  }
}
