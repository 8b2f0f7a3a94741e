/**
 * `droidhub migrate [--status]` on the embedded SQLite database, and the refusal to run on a schema a
 * newer droidhub wrote (the PostgreSQL side is in postgres.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../../hub/cli/main.js";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { MIGRATIONS, openDatabase } from "../../../hub/store/database.js";
import { openStores } from "../../../hub/store/stores.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-migrate-"));
  dirs.push(dir);
  return dir;
}

async function cli(argv: string[], env: Record<string, string> = {}) {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const code = await main(argv, { out: sink, err: sink, env });
  return { code, output: chunks.join("") };
}

describe("the SQLite file as the hub opens it", () => {
  it("is in WAL mode with foreign keys on, and keeps temp data (the savepoints' journal) in memory", () => {
    const db = openDatabase(dataDir());
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
      // 2 = MEMORY: each group-commit unit's savepoint journal was a temp file, a third of a task's store CPU.
      expect(db.pragma("temp_store", { simple: true })).toBe(2);
    } finally {
      db.close();
    }
  });
});

describe("droidhub migrate on SQLite", () => {
  it("--status lists every migration pending on a new data dir, changing nothing; migrate applies them", async () => {
    const dir = dataDir();
    const before = await cli(["migrate", "--status", "--data-dir", dir]);
    expect(before.code).toBe(0);
    expect(before.output).toContain(`schema version 0; this droidhub knows ${MIGRATIONS.length}`);
    expect(before.output.match(/^pending {2}\d+$/gm)).toHaveLength(MIGRATIONS.length);
    const applied = await cli(["migrate"], { DROIDHUB_DATA_DIR: dir });
    expect(applied.code).toBe(0);
    expect(applied.output.match(/^applied {2}\d+ {2}\d{4}-/gm)).toHaveLength(MIGRATIONS.length);
    expect(applied.output).not.toContain("pending");
    const after = await cli(["migrate", "--status", "--data-dir", dir]);
    expect(after.output).toContain(`schema version ${MIGRATIONS.length}; this droidhub knows ${MIGRATIONS.length}`);
  });

  it("a hub refuses a database a newer droidhub migrated, and migrate --status says so with exit code 1", async () => {
    const dir = dataDir();
    await (await openStores({ dataDir: dir })).close();
    const db = new Database(path.join(dir, "droidhub.sqlite"));
    db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)").run(MIGRATIONS.length + 1);
    db.close();
    const error = await openStores({ dataDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHubError(error, "SCHEMA_TOO_NEW")).toBe(true);
    expect((error as Error).message).toContain(`schema version ${MIGRATIONS.length + 1}, newer than the`);
    const status = await cli(["migrate", "--status", "--data-dir", dir]);
    expect(status.code).toBe(1);
    expect(status.output).toContain("the database is newer than this droidhub");
  });
});
