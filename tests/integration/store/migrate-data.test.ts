/**
 * `droidhub migrate-data` on a real SQLite file and a throwaway PostgreSQL cluster: a populated hub
 * copied, then opened on PostgreSQL with the same secrets.key (the operator key works, the fleet key
 * enrols a phone, the queued task's secrets open when a phone claims it, runs and their events are
 * the same, new ids continue after the copied ones); and every refusal writes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../hub/cli/main.js";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { openDatabase } from "../../../hub/store/database.js";
import { migrateData } from "../../../hub/store/migrate-data.js";
import { openStores, sqliteStores } from "../../../hub/store/stores.js";
import { phone } from "../../contract/harness.js";
import { startHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

const SECRET = "hunter2-never-printed";
const EVENTS = 25;

async function cli(argv: string[]) {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const code = await main(argv, { out: sink, err: sink, env: {} });
  return { code, output: chunks.join("") };
}

/** A stopped hub's data dir: keys, a device, a queued task with secrets, a finished starred run with events, a lesson, an audit entry. */
async function populatedDataDir() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-migrate-data-"));
  const stores = sqliteStores(openDatabase(dataDir), { dataDir });
  const fleet = await stores.credentials.createFleetKey("lab", ["lab"]);
  const operator = await stores.credentials.createOperatorKey("ci", "control");
  await stores.credentials.addDevice("phone-old", fleet.record.id, ["lab"]);
  await stores.tasks.insert([
    { id: "t-done", goal: "open settings", mode: "script", tags: ["lab"] },
    { id: "t-secret", goal: "log in", mode: "chain", tags: ["lab"], priority: 2, secrets: { password: SECRET } },
  ]);
  await stores.commits.write((tx) => {
    tx.tasks.markStarted("t-done", "phone-old");
    tx.runs.createRun("r-1", "t-done", 1, "phone-old", "open settings", "script");
    for (let seq = 1; seq <= EVENTS; seq++) tx.runs.appendEvent("r-1", seq, 1000 + seq, "step", { seq });
    tx.runs.finishRun("r-1", "done", "ok", { steps: EVENTS });
    void tx.tasks.finish("t-done", "done", "ok");
  });
  await stores.runs.setStar("r-1", true);
  await stores.lessons.add({ caseName: "login", mistake: "tapped twice", advice: "tap once", createdAt: 5 });
  await stores.audit.record({
    at: 7,
    keyId: operator.record.id,
    keyLabel: "ci",
    action: "POST /api/tasks",
    target: { type: "task", id: "t-secret" },
    outcome: "ok",
    status: 201,
    errorCode: undefined,
    ip: "127.0.0.1",
    detail: undefined,
  });
  await stores.close();
  return { dataDir, fleetKey: fleet.key, operatorKey: operator.key, operatorId: operator.record.id };
}

async function rowCount(url: string, table: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("SELECT to_regclass($1) AS t", [table]);
    if (!exists.rows[0]?.t) return undefined;
    const { rows } = await client.query(`SELECT COUNT(*)::int AS n FROM ${table}`);
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

requirePostgres("droidhub migrate-data", (bin) => {
  let cluster: PostgresCluster;
  const dirs: string[] = [];
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const source = async () => {
    const made = await populatedDataDir();
    dirs.push(made.dataDir);
    return made;
  };

  describe("droidhub migrate-data", () => {
    it("copies a SQLite hub that a hub on PostgreSQL (same secrets.key) then runs as its own", async () => {
      const hub = await source();
      const url = await cluster.createDatabase();
      const { code, output } = await cli(["migrate-data", "--from", hub.dataDir, "--to", url, "--batch-size", "4"]);
      expect(output).toMatch(/run_events {6}25\n/);
      expect(code).toBe(0);
      expect(output).toMatch(/tasks {11}2\n/);
      expect(output).toContain("DROIDHUB_BLOB_DIR");
      expect(output).toContain("secrets.key");
      expect(output).not.toContain(SECRET);

      const stores = await openStores({ dataDir: hub.dataDir, databaseUrl: url });
      try {
        expect(stores.credentials.findOperatorKey(hub.operatorKey)).toMatchObject({
          keyId: hub.operatorId,
          scope: "control",
        });
        const fleetKey = await stores.credentials.findFleetKey(hub.fleetKey);
        expect(fleetKey).toMatchObject({ label: "lab", tags: ["lab"] });
        expect(await stores.credentials.getDevice("phone-old")).toMatchObject({ fleetKeyId: fleetKey!.id });
        expect(await stores.credentials.issueDeviceSecret("phone-new", fleetKey!.id, ["lab"])).toEqual(
          expect.any(String),
        );

        expect(await stores.tasks.get("t-done")).toMatchObject({
          status: "done",
          attempts: 1,
          lastDevice: "phone-old",
        });
        const run = await stores.runs.getRun("r-1");
        expect(run).toMatchObject({ taskId: "t-done", status: "done", starred: true });
        const events = await stores.runs.events("r-1", 0, undefined, 100);
        expect(events.map((e) => e.seq)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
        expect(await stores.lessons.forCase("login")).toMatchObject([{ advice: "tap once" }]);
        expect(await stores.audit.list({ limit: 10, action: "POST /api/tasks" })).toMatchObject([
          { action: "POST /api/tasks", status: 201 },
        ]);

        // The queued task runs: a phone claims it and its sealed secrets open with the same key.
        const claimed = await stores.queue.claim(phone("phone-new", ["lab"]), Date.now());
        expect(claimed?.task.id).toBe("t-secret");
        expect(claimed?.secrets).toEqual({ password: SECRET });
        await stores.commits.write((tx) => {
          tx.tasks.markStarted("t-secret", "phone-new");
          tx.runs.createRun("r-2", "t-secret", 1, "phone-new", "log in", "chain");
        });
        // Sequences continue after the copied ids.
        const next = await stores.credentials.createOperatorKey("after", "read");
        expect(next.record.id).toBeGreaterThan(hub.operatorId);
        const [later] = await stores.tasks.insert([{ id: "t-later", goal: "g", mode: "script" }]);
        expect(later).toBeDefined();
      } finally {
        await stores.close();
      }
    }, 120_000);

    it("a hub started on the copy runs a queued task with secrets on a phone the copied fleet key enrols", async () => {
      const copied = await source();
      // Only a script task (no model) is left to run: the chain task is cancelled before the copy.
      const before = sqliteStores(openDatabase(copied.dataDir), { dataDir: copied.dataDir });
      await before.commits.write((tx) => void tx.tasks.finish("t-secret", "cancelled", "not this one"));
      await before.tasks.insert([
        {
          id: "t-script",
          goal: "press back",
          mode: "script",
          tags: ["lab"],
          secrets: { password: SECRET },
          extra: { actions: [{ action: "key", key: "back" }], pictures: false },
        },
      ]);
      await before.close();
      const url = await cluster.createDatabase();
      await migrateData({ dataDir: copied.dataDir, databaseUrl: url, batchSize: 3 });

      const hub = await startHub({}, { stores: await openStores({ dataDir: copied.dataDir, databaseUrl: url }) });
      const phoneNew = await joinPhone(hub, "phone-new", {}, { fleetKey: copied.fleetKey });
      try {
        const task = await hub.api("GET", "/api/tasks/t-script", undefined, copied.operatorKey);
        expect(task.status).toBe(200);
        await until(
          async () =>
            (await hub.api("GET", "/api/tasks/t-script", undefined, copied.operatorKey)).json?.status === "done",
          30_000,
          "the copied task to run",
        );
        const runs = await hub.api("GET", "/api/runs/r-1", undefined, copied.operatorKey);
        expect(runs.status).toBe(200);
      } finally {
        await phoneNew.stop();
        await hub.close();
      }
    }, 120_000);

    it("refuses a target that already holds data, writing nothing", async () => {
      const hub = await source();
      const url = await cluster.createDatabase();
      await migrateData({ dataDir: hub.dataDir, databaseUrl: url });
      const before = await rowCount(url, "run_events");
      const error = await migrateData({ dataDir: hub.dataDir, databaseUrl: url }).catch((e: unknown) => e);
      expect(isHubError(error, "CONFLICT")).toBe(true);
      expect(await rowCount(url, "run_events")).toBe(before);
      const { code, output } = await cli(["migrate-data", "--from", hub.dataDir, "--to", url]);
      expect(code).toBe(1);
      expect(output).toContain("already holds data");
    }, 60_000);

    it("refuses a source whose schema is older than this hub's, before touching the target", async () => {
      const hub = await source();
      const db = new Database(path.join(hub.dataDir, "droidhub.sqlite"));
      db.exec("DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)");
      db.close();
      const url = await cluster.createDatabase();
      const error = await migrateData({ dataDir: hub.dataDir, databaseUrl: url }).catch((e: unknown) => e);
      expect(isHubError(error, "SCHEMA_OUTDATED")).toBe(true);
      expect((error as Error).message).toContain("droidhub migrate");
      expect(await rowCount(url, "schema_migrations")).toBeUndefined();
    }, 60_000);

    it("refuses a source a running hub has open, before touching the target", async () => {
      const hub = await source();
      const running = openDatabase(hub.dataDir);
      try {
        const url = await cluster.createDatabase();
        const error = await migrateData({ dataDir: hub.dataDir, databaseUrl: url }).catch((e: unknown) => e);
        expect(isHubError(error, "DATABASE_IN_USE")).toBe(true);
        expect(await rowCount(url, "schema_migrations")).toBeUndefined();
      } finally {
        running.close();
      }
    }, 60_000);
  });
});
