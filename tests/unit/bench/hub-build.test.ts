/**
 * The benchmarks' module hooks (scripts/bench/hub-build-hooks.mjs): hub modules load from dist/, the
 * build users run; everything else (the benchmark scripts, test helpers, packages) as resolved.
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript module hooks, without a declaration file
import { resolve } from "../../../scripts/bench/hub-build-hooks.mjs";

const root = new URL("../../../", import.meta.url).href;
type Resolved = { url: string; format?: string; shortCircuit?: boolean };
const resolveTo = (url: string) => async (): Promise<Resolved> => ({ url, format: "module" });

describe("the benchmarks' hub-build hooks", () => {
  it("send a hub source to its compiled twin under dist/", async () => {
    const out = (await resolve("../../hub/app.js", {}, resolveTo(`${root}hub/app.ts`))) as Resolved;
    expect(out).toEqual({ url: `${root}dist/hub/app.js`, shortCircuit: true });
    const generated = `${root}hub/protocol/generated/droidhub.js`;
    expect(((await resolve("x", {}, resolveTo(generated))) as Resolved).url).toBe(
      `${root}dist/hub/protocol/generated/droidhub.js`,
    );
  });

  it("leave the benchmark scripts, test helpers, packages and dist/ itself as they resolved", async () => {
    for (const url of [
      `${root}scripts/bench/figures.ts`,
      `${root}tests/helpers/postgres-cluster.ts`,
      `${root}node_modules/ws/index.js`,
      `${root}dist/hub/app.js`,
      `${root}hubx/app.ts`,
      "node:fs",
    ]) {
      expect(((await resolve("x", {}, resolveTo(url))) as Resolved).url).toBe(url);
    }
  });
});
