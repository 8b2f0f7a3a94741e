/**
 * A database written while the Mobilerun dialect was stored as "portal": opening it with this hub
 * renames the dialect once, so the API, metrics and dashboard say "mobilerun" for old rows too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS, openDatabase } from "../../../hub/store/database.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the dialect name migration", () => {
  it('turns stored "portal" rows into "mobilerun" and leaves droidhub and unprobed rows alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-dialect-"));
    dirs.push(dir);
    const old = openDatabase(dir);
    // Back to the schema before this migration, with rows as that hub wrote them.
    old.prepare("DELETE FROM schema_migrations WHERE version = ?").run(MIGRATIONS.length);
    const insert = old.prepare(
      "INSERT INTO devices (id, secret_hash, tags, info, first_seen_at, last_seen_at) VALUES (?, '', '[]', ?, 0, 0)",
    );
    insert.run("mr-1", JSON.stringify({ dialect: "portal", portalVersion: "0.7.2", model: "Pixel" }));
    insert.run("dh-1", JSON.stringify({ dialect: "droidhub", portalVersion: "1.0.0" }));
    insert.run("new-1", "{}");
    old.close();

    const db = openDatabase(dir);
    const info = (id: string) =>
      JSON.parse((db.prepare("SELECT info FROM devices WHERE id = ?").get(id) as { info: string }).info) as unknown;
    expect(info("mr-1")).toEqual({ dialect: "mobilerun", portalVersion: "0.7.2", model: "Pixel" });
    expect(info("dh-1")).toEqual({ dialect: "droidhub", portalVersion: "1.0.0" });
    expect(info("new-1")).toEqual({});
    const version = db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get() as { v: number };
    expect(version.v).toBe(MIGRATIONS.length);
    db.close();
  });
});
