/**
 * The store's part of readiness (GET /readyz): does the database still take a write? Takes the
 * write lock (busy past the busy timeout: another process holds it) and writes the file's header
 * (refused when the file or its disk became read-only), then rolls back: the probe leaves nothing
 * behind and needs no table of its own. A closed database throws too.
 */
import type { Db } from "./database.js";

export function probeStoreWrite(db: Db): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    const version = Number(db.pragma("user_version", { simple: true }));
    db.pragma(`user_version = ${version}`);
  } finally {
    db.exec("ROLLBACK");
  }
}
