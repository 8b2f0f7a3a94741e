/**
 * hub/store/backup.ts on real SQLite files: a backup taken while a connection writes, restore refused
 * while the database is open and done once it is closed (the old files kept aside), screenshots and
 * secrets.key carried over, and every file that is not a backup this hub can restore refused with
 * BACKUP_INVALID before anything in the data dir changes.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import { backupDataDir, inspectBackup, restoreDataDir } from "../../../hub/store/backup.js";
import { MIGRATIONS, openDatabase } from "../../../hub/store/database.js";
import { SecretBox } from "../../../hub/store/secret-box.js";
import { sqliteStores } from "../../../hub/store/stores.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-backup-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const options = { screenshots: true, version: "9.9.9" };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof HubError) return error.code;
    throw error;
  }
  return undefined;
}

/** A data dir as a hub leaves it: the database (open), a task with sealed secrets, a screenshot. */
async function liveDataDir() {
  const dataDir = tempDir();
  const db = openDatabase(dataDir);
  const stores = sqliteStores(db, { dataDir });
  const tasks = stores.tasks;
  await tasks.insert([{ id: "t-secret", goal: "log in", mode: "chain", secrets: { password: "hunter2-0123" } }]);
  const { image: shot, saved } = stores.screenshots.put(Buffer.from("a jpeg, as far as we care"), "jpeg");
  await saved;
  writeFileSync(path.join(dataDir, "operator-key"), "dho_example\n", { mode: 0o600 });
  return { dataDir, db, tasks, shot };
}

/** The task's sealed secrets, opened with the data dir's key (what a run would be handed). */
function sealedSecrets(db: Database.Database, dataDir: string, id: string) {
  const row = db.prepare("SELECT secrets FROM tasks WHERE id = ?").get(id) as { secrets: string };
  return SecretBox.open(dataDir).open(row.secrets);
}

describe("droidhub backup and restore (hub/store/backup.ts)", () => {
  it("snapshots an open database while it is written to, and restores it (secrets, screenshots, key) into a fresh data dir", async () => {
    const live = await liveDataDir();
    const file = path.join(tempDir(), "backup.sqlite");
    const summary = backupDataDir(live.dataDir, file, options);
    // A write after the snapshot is not in it.
    await live.tasks.insert([{ id: "t-after", goal: "later", mode: "chain" }]);
    expect(summary).toMatchObject({
      file,
      rows: { devices: 0, tasks: 1, runs: 0 },
      keyFiles: ["secrets.key", "operator-key"],
      screenshots: 1,
    });
    expect(summary.schemaVersion).toBe(MIGRATIONS.length);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(["backup.sqlite"]);
    expect(inspectBackup(file)).toMatchObject({ droidhubVersion: "9.9.9", schemaVersion: MIGRATIONS.length });

    const fresh = path.join(tempDir(), "restored");
    const restored = restoreDataDir(file, fresh);
    expect(restored).toMatchObject({ keptAside: undefined, keyFiles: ["operator-key", "secrets.key"], screenshots: 1 });
    const db = openDatabase(fresh);
    const stores = sqliteStores(openDatabase(fresh), { dataDir: fresh });
    expect((await stores.tasks.get("t-secret"))?.status).toBe("queued");
    expect(await stores.tasks.get("t-after")).toBeUndefined();
    // secrets.key came along: the sealed secrets open.
    expect(sealedSecrets(db, fresh, "t-secret")).toEqual({ password: "hunter2-0123" });
    expect((await stores.screenshots.get(live.shot.hash))?.bytes.toString()).toBe("a jpeg, as far as we care");
    await stores.close();
    expect(readFileSync(path.join(fresh, "operator-key"), "utf8")).toBe("dho_example\n");
    expect(statSync(path.join(fresh, "secrets.key")).mode & 0o777).toBe(0o600);
    // The backup's own tables stay out of the hub's database.
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'backup_%'").all();
    expect(tables).toEqual([]);
    db.close();
    live.db.close();
  });

  it("refuses to restore over a database that is open (DATABASE_IN_USE), then restores once it is closed, keeping the old files aside", async () => {
    const live = await liveDataDir();
    const file = path.join(tempDir(), "backup.sqlite");
    backupDataDir(live.dataDir, file, { ...options, screenshots: false });
    await live.tasks.insert([{ id: "t-newer", goal: "after the backup", mode: "chain" }]);
    const before = readdirSync(live.dataDir).sort();

    expect(codeOf(() => restoreDataDir(file, live.dataDir))).toBe("DATABASE_IN_USE");
    expect(readdirSync(live.dataDir).sort()).toEqual(before);
    expect((await live.tasks.get("t-newer"))?.status).toBe("queued");

    live.db.close();
    const restored = restoreDataDir(file, live.dataDir);
    expect(restored.keptAside).toMatch(/before-restore-/);
    expect(readdirSync(restored.keptAside!).sort()).toEqual(["droidhub.sqlite", "operator-key", "secrets.key"]);
    const old = new Database(path.join(restored.keptAside!, "droidhub.sqlite"), { readonly: true });
    expect(old.prepare("SELECT id FROM tasks ORDER BY id").all()).toEqual([{ id: "t-newer" }, { id: "t-secret" }]);
    old.close();
    const db = openDatabase(live.dataDir);
    expect(db.prepare("SELECT id FROM tasks WHERE id = 't-newer'").get()).toBeUndefined();
    db.close();
  });

  it("refuses to write the backup over the live database (CONFLICT)", async () => {
    const live = await liveDataDir();
    expect(codeOf(() => backupDataDir(live.dataDir, path.join(live.dataDir, "droidhub.sqlite"), options))).toBe(
      "CONFLICT",
    );
    expect(codeOf(() => backupDataDir(tempDir(), path.join(tempDir(), "b.sqlite"), options))).toBe("NOT_FOUND");
    live.db.close();
  });

  it("refuses anything that is not a backup this hub can restore (BACKUP_INVALID), changing nothing", async () => {
    const live = await liveDataDir();
    const good = path.join(tempDir(), "backup.sqlite");
    backupDataDir(live.dataDir, good, options);
    live.db.close();
    const target = tempDir();
    const variant = (name: string, change: (db: Database.Database) => void): string => {
      const file = path.join(tempDir(), name);
      writeFileSync(file, readFileSync(good));
      const db = new Database(file);
      change(db);
      db.close();
      return file;
    };
    const notSqlite = path.join(tempDir(), "notes.txt");
    writeFileSync(notSqlite, "not a database at all, just some text that is long enough to look like a header");
    const plainDb = path.join(tempDir(), "plain.sqlite");
    openDatabase(path.dirname(plainDb)).close();
    const cases = {
      "a text file": notSqlite,
      "a hub database, not a backup": path.join(path.dirname(plainDb), "droidhub.sqlite"),
      "another format": variant("format.sqlite", (db) =>
        db.prepare("UPDATE backup_info SET value = 'droidhub-backup/2' WHERE key = 'format'").run(),
      ),
      "a newer schema": variant("newer.sqlite", (db) =>
        db.prepare("UPDATE backup_info SET value = ? WHERE key = 'schema_version'").run(String(MIGRATIONS.length + 1)),
      ),
      "a path outside the data dir": variant("escape.sqlite", (db) =>
        db.prepare("INSERT INTO backup_files (path, mode, bytes) VALUES ('../escaped', 420, x'00')").run(),
      ),
    };
    for (const [what, file] of Object.entries(cases)) {
      expect(
        codeOf(() => restoreDataDir(file, target)),
        what,
      ).toBe("BACKUP_INVALID");
    }
    expect(readdirSync(target)).toEqual([]);
  });
});
