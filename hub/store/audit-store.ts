/**
 * The audit trail in SQLite. Entries are appended, read newest first with an id cursor, and pruned
 * by age so the table cannot grow without bound.
 */
import type { AuditEntry, AuditLog, AuditQuery, AuditRecord } from "../api/audit.js";
import type { Db } from "./database.js";
import { auditRecord as fromRow, type AuditRow as Row } from "./rows.js";
import { StatementCache } from "./statements.js";

export class SqliteAuditLog implements AuditLog {
  readonly #db: Db;
  readonly #sql: StatementCache;

  constructor(db: Db) {
    this.#db = db;
    this.#sql = new StatementCache(db);
  }

  async record(entry: AuditEntry): Promise<void> {
    this.#sql
      .get(
        `INSERT INTO audit_log (at, key_id, key_label, action, target_type, target_id, outcome, status, error_code, ip, detail)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
      );
  }

  async list(query: AuditQuery): Promise<AuditRecord[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (clause: string, value: unknown): void => {
      where.push(clause);
      args.push(value);
    };
    if (query.before !== undefined) add("id < ?", query.before);
    if (query.keyId !== undefined) add("key_id = ?", query.keyId);
    if (query.targetType !== undefined) add("target_type = ?", query.targetType);
    if (query.targetId !== undefined) add("target_id = ?", query.targetId);
    if (query.action !== undefined) add("action = ?", query.action);
    const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`;
    return (this.#db.prepare(sql).all(...args, query.limit) as Row[]).map(fromRow);
  }

  /** Drops entries older than `cutoffMs`; returns how many. */
  async prune(cutoffMs: number): Promise<number> {
    return this.#sql.get("DELETE FROM audit_log WHERE at < ?").run(cutoffMs).changes;
  }
}
