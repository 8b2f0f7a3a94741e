/**
 * What the hub remembers of each phone, in SQLite's `devices` table (devices/ports.ts): its last
 * report, tags, fleet health and when it was last seen. The same rows hold the phone's enrolment (its
 * secret's hash), which only the credential store reads and writes.
 */
import type { DeviceHealth, DeviceRecord, DeviceStore, DeviceWrites, ReportedInfo } from "../devices/ports.js";
import type { DeviceInfo } from "../devices/types.js";
import type { Db, Stmt } from "./database.js";
import type { UnitSource } from "./group-commit.js";
import { StatementCache } from "./statements.js";

interface Row {
  id: string;
  info: string;
  tags: string;
  last_seen_at: number;
  quarantined: number;
  draining: number;
  infra_failures: number;
}

const HEALTH = "UPDATE devices SET quarantined = ?, draining = ?, infra_failures = ? WHERE id = ?";

function healthArgs(id: string, health: DeviceHealth): [number, number, number, string] {
  return [health.quarantined ? 1 : 0, health.draining ? 1 : 0, health.infraFailures, id];
}

export class SqliteDeviceStore implements DeviceStore {
  readonly #sql: StatementCache;
  /** The device writes units record (a run's end updates its phone's health in the same commit). */
  readonly writes: DeviceWrites;

  constructor(db: Db, commits: UnitSource) {
    this.#sql = new StatementCache(db);
    const health = this.#sql.get(HEALTH);
    this.writes = {
      setHealth(id: string, value: DeviceHealth): void {
        if (!commits.unit.failed) health.run(...healthArgs(id, value));
      },
    };
  }

  #stmt(sql: string): Stmt {
    return this.#sql.get(sql);
  }

  async list(): Promise<DeviceRecord[]> {
    const rows = this.#stmt(
      "SELECT id, info, tags, last_seen_at, quarantined, draining, infra_failures FROM devices",
    ).all() as Row[];
    return rows.map((row) => {
      // A row made at enrolment holds '{}' until the phone reports (a Hello, a Mobilerun probe).
      const info = JSON.parse(row.info) as Partial<DeviceInfo>;
      return {
        id: row.id,
        info: info.dialect ? (info as DeviceInfo) : undefined,
        tags: JSON.parse(row.tags) as string[],
        lastSeenAt: row.last_seen_at,
        health: {
          quarantined: row.quarantined === 1,
          draining: row.draining === 1,
          infraFailures: row.infra_failures,
        },
      };
    });
  }

  async touch(id: string, info: ReportedInfo): Promise<void> {
    this.#stmt("UPDATE devices SET info = ?, last_seen_at = ? WHERE id = ?").run(JSON.stringify(info), Date.now(), id);
  }

  async setTags(id: string, tags: string[]): Promise<void> {
    this.#stmt("UPDATE devices SET tags = ? WHERE id = ?").run(JSON.stringify(tags), id);
  }

  async setHealth(id: string, health: DeviceHealth): Promise<void> {
    this.#stmt(HEALTH).run(...healthArgs(id, health));
  }

  async forget(id: string): Promise<void> {
    this.#stmt("DELETE FROM devices WHERE id = ?").run(id);
  }
}
