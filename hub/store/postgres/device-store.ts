/**
 * What the hub remembers of each phone, in PostgreSQL's `devices` table (devices/ports.ts). The same
 * rows hold the phone's enrolment, which only the credential store reads and writes.
 */
import type { DeviceHealth, DeviceRecord, DeviceStore, DeviceWrites, ReportedInfo } from "../../devices/ports.js";
import type { DeviceInfo } from "../../devices/types.js";
import type { PgUnitSource } from "./commits.js";
import type { Pool } from "./connection.js";

interface Row {
  id: string;
  info: string;
  tags: string;
  last_seen_at: number;
  quarantined: boolean;
  draining: boolean;
  infra_failures: number;
}

const HEALTH = "UPDATE devices SET quarantined = $1, draining = $2, infra_failures = $3 WHERE id = $4";

const healthArgs = (id: string, health: DeviceHealth) => [
  health.quarantined,
  health.draining,
  health.infraFailures,
  id,
];

export class PgDeviceStore implements DeviceStore {
  readonly #pool: Pool;
  /** The device writes units record (a run's end updates its phone's health in the same commit). */
  readonly writes: DeviceWrites;

  constructor(pool: Pool, commits: PgUnitSource) {
    this.#pool = pool;
    this.writes = {
      setHealth(id: string, value: DeviceHealth): void {
        commits.unit.add({
          sql: HEALTH,
          params: healthArgs(id, value),
          row: {
            kind: "health",
            id,
            quarantined: value.quarantined,
            draining: value.draining,
            infraFailures: value.infraFailures,
          },
        });
      },
    };
  }

  async list(): Promise<DeviceRecord[]> {
    const { rows } = await this.#pool.query<Row>(
      "SELECT id, info, tags, last_seen_at, quarantined, draining, infra_failures FROM devices",
    );
    return rows.map((row) => {
      // A row made at enrolment holds '{}' until the phone reports (a Hello, a Portal probe).
      const info = JSON.parse(row.info) as Partial<DeviceInfo>;
      return {
        id: row.id,
        info: info.dialect ? (info as DeviceInfo) : undefined,
        tags: JSON.parse(row.tags) as string[],
        lastSeenAt: row.last_seen_at,
        health: { quarantined: row.quarantined, draining: row.draining, infraFailures: row.infra_failures },
      };
    });
  }

  async touch(id: string, info: ReportedInfo): Promise<void> {
    await this.#pool.query("UPDATE devices SET info = $1, last_seen_at = $2 WHERE id = $3", [
      JSON.stringify(info),
      Date.now(),
      id,
    ]);
  }

  async setTags(id: string, tags: string[]): Promise<void> {
    await this.#pool.query("UPDATE devices SET tags = $1 WHERE id = $2", [JSON.stringify(tags), id]);
  }

  async setHealth(id: string, health: DeviceHealth): Promise<void> {
    await this.#pool.query(HEALTH, healthArgs(id, health));
  }

  async forget(id: string): Promise<void> {
    await this.#pool.query("DELETE FROM devices WHERE id = $1", [id]);
  }
}
