/**
 * PostgreSQL for tests: the throwaway cluster of postgres-cluster.ts, and `requirePostgres`: a
 * suite that needs one and finds none says so loudly, and under CI (`CI` set) fails instead.
 */
import { describe, expect, it } from "vitest";
import { postgresBinaries } from "./postgres-cluster.js";

export { type PostgresCluster, postgresBinaries, startPostgres } from "./postgres-cluster.js";

/**
 * Declares `body` when PostgreSQL is installed. Without it: under CI a failing test (CI must run
 * the PostgreSQL suites), elsewhere a loud warning and nothing declared.
 */
export function requirePostgres(name: string, body: (bin: string) => void): void {
  const bin = postgresBinaries();
  if (bin) {
    body(bin);
    return;
  }
  const message = `PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the "${name}" suite did NOT run`;
  if (process.env["CI"]) {
    describe(name, () => {
      it("needs PostgreSQL, which CI must install", () => {
        expect.fail(message);
      });
    });
    return;
  }
  console.warn(`\n${"!".repeat(100)}\n!! ${message}\n${"!".repeat(100)}\n`);
}
