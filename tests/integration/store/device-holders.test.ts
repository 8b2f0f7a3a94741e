/**
 * Cluster mode: a hub cannot write a lease for a phone that another hub holds in the shared database
 * (hub/store/postgres/device-holders.ts). Two hubs' stores on one real PostgreSQL database: a hold
 * interrupts the other hubs' runs on the phone, a later epoch wins over a stale one, and a lease that
 * races a hold either commits first and is interrupted by it, or waits for it and is refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { lease, newTask } from "../../contract/harness.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isHubError(error, "CONFLICT"), String(error)).toBe(true);
  return (error as Error).message;
}

function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return new Promise((r) => setTimeout(() => r(settled), 300));
}

requirePostgres("PostgreSQL device holders (cluster leases)", (bin) => {
  let cluster: PostgresCluster;
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-pg-holders-"));
  const open: Stores[] = [];
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end();
    for (const stores of open.splice(0)) await stores.close();
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  /** Hubs A and B on one fresh database, and a plain client on it. */
  const twoHubs = async () => {
    const databaseUrl = await cluster.createDatabase();
    const a = await openStores({ dataDir, databaseUrl, hubId: "hub-a" });
    const b = await openStores({ dataDir, databaseUrl, hubId: "hub-b" });
    open.push(a, b);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    clients.push(client);
    return { a, b, client };
  };

  describe("holdDevice and the lease fence", () => {
    it("leases a phone that no hub holds yet (a store with a hub id and no cluster, as before)", async () => {
      const { a } = await twoHubs();
      const [task] = await a.tasks.insert([newTask()]);
      await lease(a, task!, "p9");
      expect(await a.tasks.get(task!.id)).toMatchObject({ status: "running", lastDevice: "p9" });
    }, 60_000);

    it("leases a phone only for its holder; a new holder interrupts the old one's runs on it", async () => {
      const { a, b } = await twoHubs();
      const [first, second, third, fourth] = await a.tasks.insert([newTask(), newTask(), newTask(), newTask()]);
      // B holds p1: A cannot lease it, and its refusal changes nothing.
      expect(await b.runs.holdDevice?.("p1", "hub-b", 4)).toEqual([]);
      expect(await refused(lease(a, first!, "p1"))).toMatch(/held by another hub than hub-a/);
      expect(await a.tasks.get(first!.id)).toMatchObject({ status: "queued", attempts: 0 });
      expect(await a.runs.holdDevice?.("p1", "hub-a", 5)).toEqual([]);
      const onA = await lease(a, first!, "p1");
      expect(await b.runs.holdDevice?.("p1", "hub-b", 6)).toEqual([{ id: onA, taskId: first!.id }]);
      expect(await a.runs.getRun(onA)).toMatchObject({ status: "interrupted" });
      // A's lease now is refused and changes nothing; B's commits.
      await refused(lease(a, second!, "p1"));
      expect(await a.tasks.get(second!.id)).toMatchObject({ status: "queued", attempts: 0 });
      await lease(b, second!, "p1");
      expect(await b.tasks.get(second!.id)).toMatchObject({ status: "running", lastDevice: "p1" });
      // In one commit group of A's: its lease on a phone it holds commits, the other is refused alone.
      await a.runs.holdDevice?.("p2", "hub-a", 1);
      const [kept, lost] = await Promise.allSettled([lease(a, third!, "p2"), lease(a, fourth!, "p1")]);
      expect(kept.status).toBe("fulfilled");
      expect(lost.status === "rejected" && isHubError(lost.reason, "CONFLICT")).toBe(true);
      expect(await a.tasks.get(third!.id)).toMatchObject({ status: "running", lastDevice: "p2" });
      expect(await a.tasks.get(fourth!.id)).toMatchObject({ status: "queued" });
    }, 60_000);

    it("lets a later epoch take the phone, refuses a stale one, and takes it unconditionally without one", async () => {
      const { a, b } = await twoHubs();
      await a.runs.holdDevice?.("p1", "hub-a", 7);
      expect(await refused(b.runs.holdDevice?.("p1", "hub-b", 6) ?? Promise.resolve())).toMatch(/later epoch/);
      await a.runs.holdDevice?.("p1", "hub-a", 3); // its own hold again: no epoch can make it stale
      await b.runs.holdDevice?.("p1", "hub-b", undefined); // Redis away: the join wins
      const [task] = await b.tasks.insert([newTask()]);
      await refused(lease(a, task!, "p1"));
      await lease(b, task!, "p1");
      await a.runs.holdDevice?.("p1", "hub-a", 1); // after an unconditional hold, any epoch is later
      await refused(lease(b, (await b.tasks.insert([newTask()]))[0]!, "p1"));
    }, 60_000);

    it("a hold waits for a lease in flight, then interrupts the run that lease wrote", async () => {
      const { a, b, client } = await twoHubs();
      await a.runs.holdDevice?.("p1", "hub-a", 1);
      const [task] = await a.tasks.insert([newTask()]);
      // Hub A mid-lease: it has read its hold FOR SHARE and written its run, not yet committed.
      await client.query("BEGIN");
      await client.query("SELECT 1 FROM device_holders WHERE device_id = 'p1' AND hub_id = 'hub-a' FOR SHARE");
      await client.query(
        `INSERT INTO runs (id, task_id, attempt, device_id, goal, mode, status, started_at, hub_id)
         VALUES ('run-late', $1, 1, 'p1', 'tap', 'script', 'running', $2, 'hub-a')`,
        [task!.id, Date.now()],
      );
      const hold = b.runs.holdDevice?.("p1", "hub-b", 2) ?? Promise.resolve([]);
      expect(await settledYet(hold)).toBe(false);
      await client.query("COMMIT");
      expect(await hold).toEqual([{ id: "run-late", taskId: task!.id }]);
    }, 60_000);

    it("a lease that meets a hold in flight waits for it, then is refused", async () => {
      const { a, client } = await twoHubs();
      await a.runs.holdDevice?.("p1", "hub-a", 1);
      const [task] = await a.tasks.insert([newTask()]);
      // Hub B mid-admission: its hold written, not yet committed.
      await client.query("BEGIN");
      await client.query("UPDATE device_holders SET hub_id = 'hub-b', epoch = 2 WHERE device_id = 'p1'");
      const leased = lease(a, task!, "p1");
      expect(await settledYet(leased)).toBe(false);
      await client.query("COMMIT");
      await refused(leased);
      expect(await a.tasks.get(task!.id)).toMatchObject({ status: "queued", attempts: 0 });
    }, 60_000);
  });
});
