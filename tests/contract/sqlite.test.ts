/** The store contract on SQLite: a file in a temp dir (with a second connection), and ":memory:". */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStores } from "../../hub/store/stores.js";
import { describeStores } from "./store-contract.js";

describeStores(
  "SQLite file",
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-contract-"));
    const harness = {
      stores: await openStores({ dataDir }),
      second: () => openStores({ dataDir }),
      reopen: async () => {
        await harness.stores.close();
        harness.stores = await openStores({ dataDir });
        return harness.stores;
      },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
    return harness;
  },
  { shared: true },
);

describeStores(
  "SQLite :memory:",
  async () => ({ stores: await openStores({ dataDir: ":memory:" }), dispose: async () => undefined }),
  { shared: false },
);
