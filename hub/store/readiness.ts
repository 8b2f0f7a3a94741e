/**
 * The store's part of readiness (GET /readyz): does the database still take a committed write?
 * Rewrites the file header's user_version with the value it already holds (unused by the hub; the
 * schema is versioned in schema_migrations): a real write through the WAL — one 4 KiB page per
 * probe — that changes nothing. It fails on a database another process holds locked past the busy
 * timeout, one opened read-only (SQLite opens a file it may not write read-only, silently), a full
 * or failing disk, and a closed connection.
 */
import type { Db } from "./database.js";

export function probeStoreWrite(db: Db): void {
  const version = Number(db.pragma("user_version", { simple: true }));
  db.pragma(`user_version = ${version}`);
}
