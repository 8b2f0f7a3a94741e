/**
 * Regenerates scripts/demo/recorded-login.json: a chain-agent login on the virtual login app,
 * driven by the scripted test model, reduced to the steps a replay needs (timings dropped so the
 * file only changes when behaviour does).   node --import tsx scripts/demo/record-login.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runChainScenario } from "../../tests/helpers/chain-scenario.js";

const here = path.dirname(new URL(import.meta.url).pathname);
const run = await runChainScenario({ goal: "log in as demo@example.com", brain: { email: "demo@example.com" } });
if (run.result.status !== "done") throw new Error(`recording failed: ${run.result.reason}`);
const steps = run.events.filter((e) => e.type === "step_finished" && e.verdict === "OK").map((e) => ({ ...e, ms: 0 }));
writeFileSync(
  path.join(here, "recorded-login.json"),
  `${JSON.stringify({ goal: "log in as demo@example.com", mode: "chain", steps }, null, 2)}\n`,
);
console.log(`recorded ${steps.length} steps`);
process.exit(0);
