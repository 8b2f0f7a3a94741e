/**
 * PostgreSQL dies while the hub holds a connection checked out of its pool between two statements (a
 * transaction's BEGIN and its next statement, as a group commit or a batch insert holds one): the
 * process survives (no unhandled 'error' event), the next statement fails DATABASE_UNAVAILABLE, and
 * once the server is back the pool answers again. A hub of the scale run crashed so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPool, type Pool } from "../../../hub/store/postgres/connection.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

requirePostgres("a checked-out connection lost with the server", (pgBin) => {
  describe("a checked-out connection lost with the server", () => {
    let postgres: PostgresCluster;
    let pool: Pool | undefined;
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown): void => {
      uncaught.push(error);
    };

    beforeAll(async () => {
      postgres = await startPostgres(pgBin);
      process.on("uncaughtException", onUncaught);
    }, 120_000);

    afterAll(async () => {
      process.off("uncaughtException", onUncaught);
      await pool?.end().catch(() => undefined);
      await postgres?.stop();
    });

    it("fails the holder's next statement instead of crashing, and the pool recovers", async () => {
      pool = await openPool(await postgres.createDatabase());
      const client = await pool.connect();
      await client.query("BEGIN");
      await postgres.kill();
      // The connection's end arrives while no statement is out on it.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(uncaught.map(String)).toEqual([]);
      await expect(client.query("SELECT 1")).rejects.toMatchObject({ code: "DATABASE_UNAVAILABLE" });
      client.release(true);
      await postgres.start();
      const { rows } = await pool.query<{ one: number }>("SELECT 1 AS one");
      expect(rows).toEqual([{ one: 1 }]);
    }, 90_000);
  });
});
