/**
 * The audit trail in PostgreSQL. Entries are appended, read newest first with an id cursor, and
 * pruned by age so the table cannot grow without bound.
 */
import type { AuditEntry, AuditLog, AuditQuery, AuditRecord } from "../../api/audit.js";
import { auditRecord as fromRow, type AuditRow as Row } from "../rows.js";
import type { Pool } from "./connection.js";

export class PgAuditLog implements AuditLog {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.#pool.query(
      `INSERT INTO audit_log (at, key_id, key_label, action, target_type, target_id, outcome, status, error_code, ip, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        entry.at,
        entry.keyId ?? null,
        entry.keyLabel,
        entry.action,
        entry.target?.type ?? null,
        entry.target?.id ?? null,
        entry.outcome,
        entry.status,
        entry.errorCode ?? null,
        entry.ip,
        entry.detail ? JSON.stringify(entry.detail) : null,
      ],
    );
  }

  async list(query: AuditQuery): Promise<AuditRecord[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (clause: string, value: unknown): void => {
      args.push(value);
      where.push(`${clause} $${args.length}`);
    };
    if (query.before !== undefined) add("id <", query.before);
    if (query.keyId !== undefined) add("key_id =", query.keyId);
    if (query.targetType !== undefined) add("target_type =", query.targetType);
    if (query.targetId !== undefined) add("target_id =", query.targetId);
    if (query.action !== undefined) add("action =", query.action);
    args.push(query.limit);
    const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT $${args.length}`;
    const { rows } = await this.#pool.query<Row>(sql, args);
    return rows.map(fromRow);
  }

  /** Drops entries older than `cutoffMs`; returns how many. */
  async prune(cutoffMs: number): Promise<number> {
    const { rowCount } = await this.#pool.query("DELETE FROM audit_log WHERE at < $1", [cutoffMs]);
    return rowCount ?? 0;
  }
}
