/**
 * Group commit, the fleet's write path: the writes of one turn share one transaction, each write's
 * promise settles only once it is committed, a failing write fails alone, and ungrouped writes each
 * commit at once. A second connection to the same file sees only what is committed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../../hub/store/database.js";
import { GroupCommit } from "../../../hub/store/group-commit.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** The hub's connection and an observer's, on one file. */
function twoConnections(): { db: Db; observer: Db } {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-group-commit-"));
  const db = openDatabase(dir);
  const observer = openDatabase(dir);
  cleanups.push(() => {
    observer.close();
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  db.exec("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
  return { db, observer };
}

const countOf = (db: Db): number => (db.prepare("SELECT COUNT(*) AS n FROM things").get() as { n: number }).n;
const insert = (db: Db, name: string) => () =>
  Number(db.prepare("INSERT INTO things (name) VALUES (?)").run(name).lastInsertRowid);

describe("GroupCommit", () => {
  it("commits the writes of one turn in one transaction and settles them only after it", async () => {
    const { db, observer } = twoConnections();
    const commits = new GroupCommit(db);
    const settledAt: number[] = [];
    const writes = ["a", "b", "c", "d", "e"].map((name) =>
      commits.write(insert(db, name)).then((id) => {
        settledAt.push(countOf(observer));
        return id;
      }),
    );
    expect(commits.pending).toBe(5);
    await Promise.resolve();
    expect(countOf(observer)).toBe(0); // nothing is on disk before the turn ends
    expect(await Promise.all(writes)).toEqual([1, 2, 3, 4, 5]);
    expect(commits.commits).toBe(1);
    expect(settledAt).toEqual([5, 5, 5, 5, 5]); // every caller resumed with all five committed
  });

  it("rolls back and rejects only the write that threw", async () => {
    const { db, observer } = twoConnections();
    const commits = new GroupCommit(db);
    const first = commits.write(insert(db, "same"));
    const clash = commits.write(insert(db, "same"));
    const last = commits.write(insert(db, "other"));
    await expect(clash).rejects.toThrow(/UNIQUE/);
    expect(await first).toBe(1);
    expect(await last).toBe(2);
    expect(countOf(observer)).toBe(2);
    expect(commits.commits).toBe(1);
  });

  it("rejects every write of a group whose commit fails", async () => {
    const { db, observer } = twoConnections();
    const commits = new GroupCommit(db);
    const writes = [commits.write(insert(db, "x")), commits.write(insert(db, "y"))];
    db.close(); // the commit cannot happen
    for (const write of writes) await expect(write).rejects.toThrow(/not open/);
    expect(countOf(observer)).toBe(0);
  });

  it("ungrouped, commits each write at once; `together` makes one commit of several", async () => {
    const { db, observer } = twoConnections();
    const commits = new GroupCommit(db, { grouped: false });
    const lone = commits.write(insert(db, "lone"));
    expect(countOf(observer)).toBe(1);
    expect(commits.commits).toBe(1);
    const both = commits.together(() => [commits.write(insert(db, "p")), commits.write(insert(db, "q"))]);
    expect(countOf(observer)).toBe(3);
    expect(commits.commits).toBe(2);
    expect(await lone).toBe(1);
    expect(await Promise.all(both)).toEqual([2, 3]);
  });

  it("commits what is queued before it stops grouping", async () => {
    const { db, observer } = twoConnections();
    const commits = new GroupCommit(db);
    const queued = commits.write(insert(db, "queued"));
    commits.grouped = false;
    expect(countOf(observer)).toBe(1);
    expect(await queued).toBe(1);
  });
});
