/**
 * A hub process on PostgreSQL while the server restarts: while it is down the API answers 503
 * DATABASE_UNAVAILABLE (not a bare 500), the hub stays up (its LISTEN connection for key changes
 * breaks with the server), and once the server is back the hub answers again by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/cluster.js";
import { until } from "../../helpers/hub.js";
import { type HubProcess, spawnHub } from "../../helpers/hub-process.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

requirePostgres("hub across a PostgreSQL restart", (pgBin) => {
  describe("hub across a PostgreSQL restart", () => {
    let pg: PostgresCluster;
    let hub: HubProcess;

    beforeAll(async () => {
      pg = await startPostgres(pgBin);
      hub = await spawnHub({ DROIDHUB_DATABASE_URL: await pg.createDatabase() }, { listenTimeoutMs: 120_000 });
    }, 180_000);

    afterAll(async () => {
      await hub?.dispose();
      await pg?.stop();
    });

    it("answers DATABASE_UNAVAILABLE while the server is down and recovers by itself", async () => {
      expect((await call(hub.baseUrl, "GET", "/api/tasks?limit=1")).status).toBe(200);
      await pg.kill();
      const down = await call<{ error: { code: string; message: string } }>(hub.baseUrl, "GET", "/api/tasks?limit=1");
      expect([down.status, down.body.error.code]).toEqual([503, "DATABASE_UNAVAILABLE"]);
      expect(down.body.error.message).toMatch(
        /^the database postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+ is unreachable: /,
      );
      await new Promise((r) => setTimeout(r, 1_500)); // the key listener's connection has broken by now
      expect(hub.child.exitCode, hub.output()).toBeNull();
      await pg.start();
      await until(
        async () => (await call(hub.baseUrl, "GET", "/api/tasks?limit=1")).status === 200,
        60_000,
        "the hub answering again",
      );
      const submitted = await call(hub.baseUrl, "POST", "/api/tasks/batch", {
        tasks: [{ goal: "after the restart", mode: "script", actions: [{ action: "key", key: "home" }] }],
      });
      expect(submitted.status).toBe(201);
      expect(hub.child.exitCode, hub.output()).toBeNull();
    }, 180_000);
  });
});
