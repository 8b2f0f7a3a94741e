/**
 * The store contract on PostgreSQL: a throwaway cluster for the file (tests/helpers/postgres.ts), a
 * fresh database per test, with a second set of stores on it (another hub) and a restart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openStores } from "../../hub/store/stores.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../helpers/postgres.js";
import { describeStores } from "./store-contract.js";

requirePostgres("store contract: PostgreSQL", (bin) => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  describeStores(
    "PostgreSQL",
    async () => {
      const databaseUrl = await cluster.createDatabase();
      // The data dir holds only the secrets key here; both "hubs" share it, as a deployment must.
      const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-pg-contract-"));
      const open = () => openStores({ dataDir, databaseUrl });
      const harness = {
        stores: await open(),
        second: open,
        reopen: async () => {
          await harness.stores.close();
          harness.stores = await open();
          return harness.stores;
        },
        dispose: async () => {
          await cluster.dropDatabase(databaseUrl);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
      return harness;
    },
    { shared: true },
  );
});
