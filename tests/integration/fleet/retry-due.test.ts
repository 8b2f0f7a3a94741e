/**
 * A retry whose backoff ends is offered to the idle phones, whenever the dispatcher asks the queue
 * when the next one is due. Asked "after now" while the backoff had just ended, the queue took the
 * task for ready without any phone being told: with every phone idle it stayed queued for good
 * (the fleet's SIGKILL test caught it once in CI, stuck at one queued task for two minutes).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { startHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `stores`: undefined for the test hub's in-memory SQLite. */
function retrySuite(name: string, stores: () => Promise<Stores | undefined>): void {
  describe(`a retry's backoff ending, on ${name}`, () => {
    it("gets the task to an idle phone even when the backoff ended before the queue was asked", async () => {
      // Time moves only when the test says: the backoff ends between two questions, never by itself.
      let offsetMs = 0;
      const clock = { now: () => Date.now() + offsetMs };
      const given = await stores();
      const fleet = { retryBaseMs: 60_000, retryCapMs: 60_000 };
      const hub = await startHub({}, { clock, fleet, ...(given ? { stores: given } : {}) });
      cleanups.push(() => hub.close());
      const phone = await joinPhone(hub, "idle-1", { app: "launcher" });
      cleanups.push(() => phone.stop());

      const submitted = await hub.api("POST", "/api/tasks", {
        goal: "launch an app that is not there, twice",
        mode: "script",
        pictures: false,
        max_attempts: 2,
        actions: [{ action: "launch", package: "com.not.installed" }],
      });
      expect(submitted.status).toBe(201);
      const id = submitted.json.id as string;
      const task = () => hub.app.hub.tasks.get(id);
      // The first attempt failed: the task waits out its backoff (30-60 s on this clock), the phone idles.
      await until(async () => (await task())?.status === "queued" && (await task())?.attempts === 1, 10_000, "retry");
      await until(async () => hub.app.hub.registry.get("idle-1")?.lease === undefined, 5_000, "phone free");

      // The backoff is over, then the dispatcher asks when the next retry is due (as it does after a
      // requeue, or after an offer that ran while the backoff ended).
      offsetMs = 61_000;
      hub.app.hub.dispatcher.retryQueued();

      await until(async () => (await task())?.status === "failed", 10_000, "the second attempt ran");
      const ended = await task();
      expect(ended).toMatchObject({ status: "failed", attempts: 2, lastDevice: "idle-1" });
    }, 30_000);
  });
}

retrySuite("SQLite", async () => undefined);

requirePostgres("a retry's backoff ending, on PostgreSQL", (bin) => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  retrySuite("PostgreSQL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-retry-pg-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return openStores({ dataDir, databaseUrl: await cluster.createDatabase() });
  });
});
