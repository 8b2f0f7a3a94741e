/**
 * A retry queued with a backoff on one hub, and the only phone that may run it on another: the hub
 * that requeued it has a timer for it, but no phone; the other hub hears of the retry (fan-out) and
 * arms its own timer, so its phone starts the retry once the backoff is over — not at its next
 * wake-up round, which is minutes away here (a third of the long ownership time limit).
 * Two in-process hubs on one PostgreSQL database and one Redis.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { openStores } from "../../../hub/store/stores.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { type RedisServer, requireRedis, startRedis } from "../../helpers/redis.js";

const LONG_MS = 600_000;
/** The first retry waits 2.5–5 s. */
const RETRY_MS = 5_000;

/** Answers each new command with `result`, until cleared. */
function answering(phone: RawPhone, result: droidhub.v1.IResult) {
  const answered = new Set<number>();
  return setInterval(() => {
    for (const request of phone.requests()) {
      const id = Number(request.id);
      if (answered.has(id)) continue;
      answered.add(id);
      phone.reply(id, result);
    }
  }, 20);
}

requirePostgres("a retry another hub's phone runs", (pgBin) =>
  requireRedis("a retry another hub's phone runs", (redisBin) => {
    describe("a retry another hub's phone runs", () => {
      let pg: PostgresCluster;
      let redis: RedisServer;
      const hubs: TestHub[] = [];
      const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-retry-wake-"));

      beforeAll(async () => {
        [pg, redis] = await Promise.all([startPostgres(pgBin), startRedis(redisBin)]);
        const databaseUrl = await pg.createDatabase();
        for (const hubId of ["hub-a", "hub-b"]) {
          const stores = await openStores({ dataDir: path.join(dataDir, hubId), databaseUrl });
          const config = { databaseUrl, redisUrl: redis.url, hubId, dataDir: ":memory:", ownershipTtlMs: LONG_MS };
          hubs.push(await startHub({}, { stores, config, fleet: { retryBaseMs: RETRY_MS } }));
        }
      }, 120_000);

      afterAll(async () => {
        for (const hub of hubs) await hub.close();
        await redis?.stop();
        await pg?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it("starts on the other hub's phone once the backoff is over", async () => {
        const [a, b] = hubs as [TestHub, TestHub];
        const first = new RawPhone(a.wsUrl, "first");
        await first.join();
        const failing = answering(first, {
          ok: false,
          error: { code: droidhub.v1.ErrorCode.ERROR_CODE_GESTURE_CANCELLED, message: "the tap failed" },
        });
        const task = await a.api("POST", "/api/tasks", {
          goal: "tap once",
          mode: "script",
          pictures: false,
          max_attempts: 3,
          actions: [{ action: "tap", x: 10, y: 20 }],
        });
        expect(task.status).toBe(201);
        const taskId = task.json.id as string;
        const taskOn = async (hub: TestHub) => (await hub.api("GET", `/api/tasks/${taskId}`)).json;
        await until(async () => (await taskOn(a)).attempts === 1 && (await taskOn(a)).status === "queued", 30_000);
        clearInterval(failing);
        // Hub A's phone takes nothing more; hub B's phone joins before the retry is due.
        expect((await a.api("POST", "/api/devices/first/drain")).status).toBe(200);
        const second = new RawPhone(b.wsUrl, "second");
        await second.join();
        const queued = await taskOn(b);
        expect(Date.now()).toBeLessThan(Date.parse(queued.notBefore));
        const working = answering(second, { ok: true });
        try {
          await until(async () => (await taskOn(b)).status === "done", 30_000, "the retry done through hub B");
        } finally {
          clearInterval(working);
        }
        expect((await taskOn(b)).attempts).toBe(2);
        expect(second.requests().filter((r) => r.body === "tap")).toHaveLength(1);
        first.socket.close();
        second.socket.close();
      }, 120_000);
    });
  }),
);
