/**
 * The store contract: every behaviour the hub relies on from its store ports, as one suite that any
 * implementation runs by handing in a factory of fresh stores. SQLite runs it in sqlite.test.ts; a
 * PostgreSQL implementation adds one more `describeStores` line with its own factory.
 */
import { describe } from "vitest";
import { commitContract, commitVisibilityContract } from "./commits-contract.js";
import { deviceContract } from "./devices-contract.js";
import { harnessed, type StoreFactory } from "./harness.js";
import { memoryContract } from "./memory-contract.js";
import { runContract } from "./runs-contract.js";
import { taskContract } from "./tasks-contract.js";

export interface ContractOptions {
  /** The implementation offers a second connection and a restart on the same database (harness `second`, `reopen`). */
  shared: boolean;
}

export function describeStores(name: string, factory: StoreFactory, options: ContractOptions): void {
  describe(`store contract: ${name}`, () => {
    const open = harnessed(factory);
    taskContract(open);
    runContract(open);
    commitContract(open);
    if (options.shared) commitVisibilityContract(open);
    deviceContract(open);
    memoryContract(open);
  });
}
