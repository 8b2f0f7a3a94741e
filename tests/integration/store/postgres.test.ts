/**
 * What only a database several hubs share must guarantee, on a throwaway PostgreSQL cluster: two
 * hubs claiming from one queue at once never lease one task twice; two hubs starting on an empty
 * database at once migrate it once; a schema a newer droidhub wrote is refused; an operator key
 * revoked on one hub stops working on the other.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../hub/cli/main.js";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { PG_MIGRATIONS } from "../../../hub/store/postgres/migrations.js";
import { CLAIM_FRESH } from "../../../hub/store/postgres/task-store.js";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { newTask, phone } from "../../contract/harness.js";
import { until } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

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

requirePostgres("PostgreSQL store shared by several hubs", (bin) => {
  let cluster: PostgresCluster;
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-pg-shared-"));
  const open: Stores[] = [];
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterEach(async () => {
    for (const stores of open.splice(0)) await stores.close();
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const hub = async (databaseUrl: string): Promise<Stores> => {
    const stores = await openStores({ dataDir, databaseUrl });
    open.push(stores);
    return stores;
  };

  describe("PostgreSQL store shared by several hubs", () => {
    it("refreshes a deep queue's statistics, so a claim walks the ready index instead of sorting the queue", async () => {
      const url = await cluster.createDatabase();
      const stores = await hub(url);
      await stores.tasks.insert(Array.from({ length: 1_500 }, () => newTask()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const rows = async () =>
          (await client.query<{ n: number }>("SELECT reltuples AS n FROM pg_class WHERE relname = 'tasks'")).rows[0]?.n;
        await until(async () => ((await rows()) ?? 0) >= 1_000, 15_000, "the tasks table analyzed");
        const now = Date.now();
        const plan = await client.query(`EXPLAIN ${CLAIM_FRESH}`, ["h", now + 60_000, now, "p1", 34, "[]", now]);
        const text = plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
        expect(text).toContain("Index Scan using tasks_ready");
        expect(text).not.toMatch(/\bSort\b/);
      } finally {
        await client.end();
      }
    });

    it("two hubs claiming and leasing at once from one queue never lease a task twice", async () => {
      const url = await cluster.createDatabase();
      const [a, b] = await Promise.all([hub(url), hub(url)]);
      const tasks = await a.tasks.insert(Array.from({ length: 200 }, (_, i) => newTask({ priority: i % 3 })));
      const leased: { hub: string; task: string }[] = [];
      const conflicts: unknown[] = [];
      // Each hub drives 10 phones; every phone claims and leases as fast as the hub lets it.
      const worker = async (stores: Stores, name: string, phoneId: string) => {
        for (;;) {
          const claimed = await stores.queue.claim(phone(phoneId), Date.now());
          if (!claimed) return;
          await stores.commits
            .write((tx) => {
              tx.tasks.markStarted(claimed.task.id, phoneId);
              tx.runs.createRun(`run-${claimed.task.id}-${name}`, claimed.task.id, 1, phoneId, "g", "script");
            })
            .then(
              () => leased.push({ hub: name, task: claimed.task.id }),
              (error: unknown) => conflicts.push(error),
            );
        }
      };
      await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => worker(a, "a", `a-${i}`)),
        ...Array.from({ length: 10 }, (_, i) => worker(b, "b", `b-${i}`)),
      ]);
      expect(conflicts).toEqual([]);
      expect(leased).toHaveLength(tasks.length);
      expect(new Set(leased.map((l) => l.task)).size).toBe(tasks.length);
      // Both hubs took part, and each task has exactly one run.
      expect(leased.some((l) => l.hub === "a") && leased.some((l) => l.hub === "b")).toBe(true);
      for (const task of tasks.slice(0, 20)) expect(await b.runs.runsOfTask(task.id)).toHaveLength(1);
      expect((await a.tasks.counts()).running).toBe(tasks.length);
    }, 120_000);

    it("a lease written after another hub leased the task rolls back with CONFLICT", async () => {
      const url = await cluster.createDatabase();
      const [a, b] = await Promise.all([hub(url), hub(url)]);
      const [task] = await a.tasks.insert([newTask()]);
      await b.commits.write((tx) => tx.tasks.markStarted(task!.id, "b-1"));
      const late = await a.commits
        .write((tx) => {
          tx.tasks.markStarted(task!.id, "a-1");
          tx.runs.createRun("run-late", task!.id, 1, "a-1", "g", "script");
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isHubError(late, "CONFLICT")).toBe(true);
      expect(await a.runs.getRun("run-late")).toBeUndefined();
      expect(await a.tasks.get(task!.id)).toMatchObject({ status: "running", attempts: 1, lastDevice: "b-1" });
    }, 60_000);

    it("two hubs starting at once on an empty database migrate it once", async () => {
      const url = await cluster.createDatabase();
      await Promise.all([hub(url), hub(url), hub(url)]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query("SELECT version FROM schema_migrations ORDER BY version");
      await client.end();
      expect(rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
    }, 60_000);

    it("refuses a database a newer droidhub migrated, with SCHEMA_TOO_NEW and no password in the message", async () => {
      const url = await cluster.createDatabase();
      await (await hub(url)).close();
      open.pop();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, 0)", [
        PG_MIGRATIONS.length + 1,
      ]);
      await client.query("ALTER USER postgres PASSWORD 'pw-not-in-errors'");
      await client.end();
      const withPassword = url.replace("postgres@", "postgres:pw-not-in-errors@");
      const error = await openStores({ dataDir, databaseUrl: withPassword }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isHubError(error, "SCHEMA_TOO_NEW")).toBe(true);
      expect(String((error as Error).message)).toContain(`schema version ${PG_MIGRATIONS.length + 1}`);
      expect(String((error as Error).message)).not.toContain("pw-not-in-errors");
    }, 60_000);

    it("an operator key revoked on one hub stops working on the other", async () => {
      const url = await cluster.createDatabase();
      const [a, b] = await Promise.all([hub(url), hub(url)]);
      await a.credentials.ensureOperatorKey("configured-admin-key-0123456789");
      const { key, record } = await a.credentials.createOperatorKey("ci", "read");
      await until(() => b.credentials.findOperatorKey(key) !== undefined, 10_000, "the new key on hub b");
      expect(await a.credentials.revokeOperatorKey(record.id)).toBe("revoked");
      await until(() => b.credentials.findOperatorKey(key) === undefined, 10_000, "the revocation on hub b");
    }, 60_000);

    it("droidhub migrate --status lists what is pending on an empty database; migrate applies it", async () => {
      const url = await cluster.createDatabase();
      const before = await cli(["migrate", "--status", "--database-url", url]);
      expect(before.code).toBe(0);
      expect(before.output).toContain(`database: PostgreSQL ${url}`);
      expect(before.output).toContain(`schema version 0; this droidhub knows ${PG_MIGRATIONS.length}`);
      expect(before.output.match(/^pending {2}\d+$/gm)).toHaveLength(PG_MIGRATIONS.length);
      const applied = await cli(["migrate"], { DROIDHUB_DATABASE_URL: url });
      expect(applied.code).toBe(0);
      expect(applied.output.match(/^applied {2}\d+ {2}\d{4}-/gm)).toHaveLength(PG_MIGRATIONS.length);
      expect(applied.output).not.toContain("pending");
    }, 60_000);

    it("refuses a URL that is not PostgreSQL, and names an unreachable server without its password", async () => {
      const bad = await openStores({ dataDir, databaseUrl: "mysql://x@127.0.0.1/db" }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isHubError(bad, "CONFIG_INVALID")).toBe(true);
      const down = await openStores({ dataDir, databaseUrl: "postgres://u:secret-pw@127.0.0.1:1/db" }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isHubError(down, "DATABASE_UNAVAILABLE")).toBe(true);
      expect((down as Error).message).toContain("127.0.0.1:1");
      expect((down as Error).message).not.toContain("secret-pw");
    }, 60_000);
  });
});
