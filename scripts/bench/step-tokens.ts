/**
 * report:step — not a test. Runs one long step-agent login (6 remember() steps first, so the run has
 * 10 model steps) on the virtual phone with images, four ways: JSON action format or native tool calls,
 * each with the history summary every 4 steps and without it. Prints the measured prompt tokens of each
 * planner request (o200k_base; an image counts ~765; native tool definitions included) and the totals.
 */

import { ScriptedModel } from "../../tests/fakes/scripted-model.js";
import { claimVerifier, loginActor, nativeActor, runStepScenario, summarizer } from "../../tests/helpers/step-brain.js";
import { emitFigures, type Figures } from "./figures.js";

const NOTES = 6;
const NO_SUMMARY = 1_000;

const runs: Record<string, number[]> = {};
const totals: Record<string, Record<string, number | string>> = {};
for (const native of [false, true]) {
  for (const summaryEvery of [4, NO_SUMMARY]) {
    const actor = loginActor({ notes: NOTES });
    const model = new ScriptedModel({ vision: true, tools: { planner: native } })
      .otherwise("planner", native ? nativeActor(actor) : actor)
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result } = await runStepScenario({
      model,
      options: { limits: { settleMs: 0, maxSteps: 20, summaryEvery } },
    });
    const name = `${native ? "native tools" : "JSON format"}, ${summaryEvery === NO_SUMMARY ? "no summary" : "summary every 4"}`;
    runs[name] = result.stats.contextTokens;
    const tokens = model.tokens();
    totals[name] = {
      status: result.status,
      "planner steps": result.stats.contextTokens.length,
      "planner context tokens": result.stats.contextTokens.reduce((a, b) => a + b, 0),
      "all prompt tokens (incl. verifier, summarizer)": tokens.prompt,
      "summary calls": model.count("summarizer"),
    };
  }
}

const steps = Math.max(...Object.values(runs).map((r) => r.length));
const table: Record<string, Record<string, number | string>> = {};
for (let i = 0; i < steps; i++) {
  table[`step ${i + 1}`] = Object.fromEntries(Object.entries(runs).map(([name, r]) => [name, r[i] ?? ""]));
}
console.log("Prompt tokens per planner request:");
console.table(table);
console.table(totals);
for (const format of ["JSON format", "native tools"]) {
  const withSummary = Number(totals[`${format}, summary every 4`]!["planner context tokens"]);
  const without = Number(totals[`${format}, no summary`]!["planner context tokens"]);
  console.log(
    `${format}: planner tokens with the summary ${withSummary} vs ${without} without = ${((100 * withSummary) / without).toFixed(0)}%`,
  );
}
const figures: Figures = {};
for (const [name, row] of Object.entries(totals)) {
  figures[`planner context tokens, ${name}`] = {
    value: Number(row["planner context tokens"]),
    unit: "",
    better: "lower",
  };
}
emitFigures(figures);
process.exit(0);
