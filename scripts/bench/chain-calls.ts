/**
 * report:chain — not a test. Runs each chain-agent scenario on the virtual phone twice, with the
 * verification economy and with the naive baseline that asks the verifier after every step (and for
 * every goal_reached claim), and prints model calls, (o200k_base-estimated) tokens and which check
 * confirmed the goal side by side. The scenarios give the task's expected text ("Welcome, …"), which
 * the economy finds on screen; the "no expected text" row shows the cost when only the model can tell.
 */

import { runChainScenario, type Scenario } from "../../tests/helpers/chain-scenario.js";
import { emitFigures } from "./figures.js";

const SCENARIOS: [string, Scenario][] = [
  ["login happy path", {}],
  ["login, no expected text", { expected: null }],
  ["button moves after planning", { knobs: { moveButtonAfterActions: 4 } }],
  ["tap with no effect first", { brain: { tapDeadTextFirst: true } }],
  ["popup mid-chain", { knobs: { popupAfterActions: 3 } }],
  ["invented coordinates (snapped)", { brain: { inventCoordinates: "snappable" } }],
  ["ungroundable step (re-asked)", { brain: { inventCoordinates: "unsnappable-once" } }],
];

const rows: Record<string, Record<string, string | number>> = {};
let economyVerifier = 0;
let naiveVerifier = 0;
for (const [name, scenario] of SCENARIOS) {
  for (const verification of ["economy", "naive"] as const) {
    const run = await runChainScenario({ ...scenario, verification });
    const counts = run.model.counts();
    const tokens = run.model.tokens();
    if (verification === "economy") economyVerifier += counts.verifier;
    else naiveVerifier += counts.verifier;
    rows[`${name} [${verification}]`] = {
      status: run.result.status,
      "planner calls": counts.planner,
      "verifier calls": counts.verifier,
      "all calls": run.model.count(),
      "prompt tokens": tokens.prompt,
      "completion tokens": tokens.completion,
      steps: run.result.stats.stepsExecuted,
      "confirmed by": run.result.stats.confirmedBy ?? "-",
    };
  }
}
console.table(rows);
console.log(
  `verifier calls: economy ${economyVerifier} vs naive ${naiveVerifier} = ${((100 * economyVerifier) / naiveVerifier).toFixed(0)}% (target ≤ 50%)`,
);
const count = (value: number) => ({ value, unit: "", better: "lower" }) as const;
let calls = 0;
let tokens = 0;
for (const [name, row] of Object.entries(rows)) {
  if (!name.endsWith("[economy]")) continue;
  calls += Number(row["all calls"]);
  tokens += Number(row["prompt tokens"]) + Number(row["completion tokens"]);
}
emitFigures({
  "verifier calls, economy": count(economyVerifier),
  "verifier calls, naive": count(naiveVerifier),
  "model calls, economy (all scenarios)": count(calls),
  "tokens, economy (all scenarios)": count(tokens),
});
process.exit(0);
