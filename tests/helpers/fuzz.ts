/**
 * The seeded part of `npm run fuzz` that `npm test` runs: the same targets, a fixed seed, about 20,000
 * inputs in all (each target its share from weights.ts). A finding fails the test with the command
 * that replays it.
 */
import { expect } from "vitest";
import { outcomeKind } from "../../scripts/fuzz/report.js";
import { fuzzTarget, type TargetReport } from "../../scripts/fuzz/runner.js";
import type { FuzzTarget } from "../../scripts/fuzz/target.js";
import { splitRuns } from "../../scripts/fuzz/weights.js";

export const FUZZ_SEED = 20_260_613;
export const FUZZ_TOTAL = 20_000;

/** Runs the target's share with the fixed seed; timing is left to the script (no per-input bound here). */
export async function fuzzSeeded(target: FuzzTarget): Promise<TargetReport> {
  const runs = splitRuns(FUZZ_TOTAL).get(target.name)!;
  const report = await fuzzTarget(target, { seed: FUZZ_SEED, runs, maxInputMs: Number.POSITIVE_INFINITY });
  const findings = report.findings.map(
    (f) =>
      `${f.kind}: ${f.error}\n  replay: npm run fuzz -- --target ${f.target} --seed ${f.seed} --path ${f.path}\n${f.stack}`,
  );
  expect(findings).toEqual([]);
  expect(report.inputs).toBe(runs);
  // Inputs must reach both sides of the decoders, or "no finding" would prove little.
  const kinds = Object.keys(report.outcomes).map(outcomeKind);
  expect(kinds).toContain("decoded");
  expect(kinds).toContain("typed");
  return report;
}
