/**
 * The shared fuzz runner: fast-check generates the inputs from a seed, the target decodes them, and
 * every outcome is counted. The property never fails during a run, so one bad input does not stop the
 * others; each finding keeps its seed and path (the run index, fast-check's own replay key), and
 * `replayInput` feeds exactly that input again through fast-check, shrinking it if it can.
 */
import fc from "fast-check";
import { isHubError } from "../../hub/errors/hub-error.js";
import { type FuzzTarget, Violation } from "./target.js";

export type FindingKind = "uncaught" | "violation" | "slow" | "hang" | "crash";

export interface Finding {
  target: string;
  kind: FindingKind;
  seed: number;
  /** fast-check counterexample path: the run index. */
  path: string;
  error: string;
  stack: string;
  input: string;
  ms: number;
}

export interface TargetReport {
  target: string;
  seed: number;
  inputs: number;
  ms: number;
  /** "decoded", a documented refusal, or a HubError code → how many inputs ended that way. */
  outcomes: Record<string, number>;
  findings: Finding[];
  /** Findings beyond the kept ones are counted, not stored. */
  findingCount: number;
  slowestMs: number;
  peakRssMb: number;
}

export interface RunOptions {
  seed: number;
  runs: number;
  /** An input that takes longer is a finding (the decode still finishes). Infinity: no bound. */
  maxInputMs: number;
  /** Skip (generate but do not decode) inputs before this index: resuming after a crash. */
  from?: number;
  /** Called before each input with its index and the counts so far (the CLI's watchdog records both). */
  onInput?: (index: number, sofar: TargetReport) => void;
  /** How many findings keep their details (default 20). */
  keepFindings?: number;
}

export const UNCAUGHT = "uncaught";

type Outcome = { label: string; finding?: { kind: FindingKind; error: unknown } };

/** A HubError is typed; a Violation breaks a promise of the system; anything else escaped a decoder. */
export function classify(error: unknown): Outcome {
  if (isHubError(error)) return { label: error.code };
  if (error instanceof Violation) return { label: "violation", finding: { kind: "violation", error } };
  return { label: UNCAUGHT, finding: { kind: "uncaught", error } };
}

function describe(error: unknown): { error: string; stack: string } {
  if (error instanceof Error) {
    const stack = (error.stack ?? "").split("\n").slice(1, 8).join("\n");
    return { error: `${error.name}: ${error.message}`.slice(0, 500), stack };
  }
  return { error: `non-Error thrown: ${String(error)}`.slice(0, 500), stack: "" };
}

class Tally {
  readonly report: TargetReport;
  readonly #keep: number;

  constructor(target: FuzzTarget, seed: number, keep: number) {
    this.report = {
      target: target.name,
      seed,
      inputs: 0,
      ms: 0,
      outcomes: {},
      findings: [],
      findingCount: 0,
      slowestMs: 0,
      peakRssMb: 0,
    };
    this.#keep = keep;
  }

  count(label: string): void {
    this.report.outcomes[label] = (this.report.outcomes[label] ?? 0) + 1;
  }

  find(target: FuzzTarget, input: unknown, index: number, kind: FindingKind, error: unknown, ms: number): void {
    this.report.findingCount++;
    if (this.report.findings.length >= this.#keep) return;
    this.report.findings.push({
      target: target.name,
      kind,
      seed: this.report.seed,
      path: String(index),
      ...describe(error),
      input: safeShow(target, input),
      ms: Math.round(ms),
    });
  }

  timed(target: FuzzTarget, input: unknown, index: number, ms: number, maxInputMs: number): void {
    this.report.inputs++;
    if (ms > this.report.slowestMs) this.report.slowestMs = ms;
    if (ms > maxInputMs) {
      this.find(target, input, index, "slow", new Error(`one input took ${Math.round(ms)} ms`), ms);
    }
  }
}

function safeShow(target: FuzzTarget, input: unknown): string {
  try {
    return target.show(input);
  } catch (error) {
    return `(input could not be shown: ${String(error)})`;
  }
}

/** Runs `options.runs` inputs of one target and counts what happened to each. */
export async function fuzzTarget(target: FuzzTarget, options: RunOptions): Promise<TargetReport> {
  const tally = new Tally(target, options.seed, options.keepFindings ?? 20);
  const from = options.from ?? 0;
  let index = -1;
  const started = performance.now();
  const params = { seed: options.seed, numRuns: options.runs, endOnFailure: true };
  if (target.kind === "sync") {
    const property = fc.property(target.arbitrary, (input) => {
      index++;
      if (index < from) return true;
      options.onInput?.(index, tally.report);
      const t = performance.now();
      let outcome: Outcome;
      try {
        outcome = { label: target.run(input) };
      } catch (error) {
        outcome = classify(error);
      }
      record(tally, target, input, index, outcome, performance.now() - t, options.maxInputMs);
      return true;
    });
    checked(fc.check(property, params));
  } else {
    await target.start();
    try {
      const property = fc.asyncProperty(target.arbitrary, async (input) => {
        index++;
        if (index < from) return true;
        options.onInput?.(index, tally.report);
        const t = performance.now();
        let outcome: Outcome;
        try {
          outcome = { label: await target.run(input) };
        } catch (error) {
          outcome = classify(error);
        }
        record(tally, target, input, index, outcome, performance.now() - t, options.maxInputMs);
        return true;
      });
      checked(await fc.check(property, params));
    } finally {
      try {
        await target.stop();
      } catch (error) {
        const outcome = classify(error);
        tally.find(target, "(end of run)", index, outcome.finding?.kind ?? "violation", error, 0);
      }
    }
  }
  tally.report.ms = performance.now() - started;
  tally.report.peakRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  return tally.report;
}

function record(
  tally: Tally,
  target: FuzzTarget,
  input: unknown,
  index: number,
  outcome: Outcome,
  ms: number,
  maxInputMs: number,
): void {
  tally.count(outcome.label);
  if (outcome.finding) tally.find(target, input, index, outcome.finding.kind, outcome.finding.error, ms);
  tally.timed(target, input, index, ms, maxInputMs);
}

/** The property returns true for every input, so a failed check is a fault of the generator itself. */
function checked(details: { failed: boolean; errorInstance: unknown }): void {
  if (details.failed) throw new Error(`fast-check stopped: ${String(details.errorInstance ?? "unknown")}`);
}

export interface Replay {
  /** The input at the path and what happened to it. */
  original: { input: string; outcome: string; error?: string; stack?: string; ms: number };
  /** The smallest failing input fast-check shrank to (when the original fails). */
  shrunk?: { input: string; error: string };
}

/**
 * Feeds the input at `path` (from the same seed) again. When it is a finding, fast-check shrinks it to
 * a smaller input that fails the same way, within `shrinkMs`.
 */
export async function replayInput(
  target: FuzzTarget,
  seed: number,
  path: string,
  maxInputMs: number,
  shrinkMs = 60_000,
): Promise<Replay> {
  let original: Replay["original"] | undefined;
  const judge = (input: unknown, outcome: Outcome, ms: number): void => {
    const error = outcome.finding ? describe(outcome.finding.error) : undefined;
    original ??= { input: safeShow(target, input), outcome: outcome.label, ms: Math.round(ms), ...error };
    if (outcome.finding) throw outcome.finding.error;
    if (ms > maxInputMs) throw new Error(`one input took ${Math.round(ms)} ms`);
  };
  const params = { seed, path, numRuns: 1, interruptAfterTimeLimit: shrinkMs };
  let details: fc.RunDetails<[unknown]>;
  if (target.kind === "sync") {
    details = fc.check(
      fc.property(target.arbitrary, (input) => {
        const t = performance.now();
        let outcome: Outcome;
        try {
          outcome = { label: target.run(input) };
        } catch (error) {
          outcome = classify(error);
        }
        judge(input, outcome, performance.now() - t);
      }),
      params,
    );
  } else {
    await target.start();
    try {
      details = await fc.check(
        fc.asyncProperty(target.arbitrary, async (input) => {
          const t = performance.now();
          let outcome: Outcome;
          try {
            outcome = { label: await target.run(input) };
          } catch (error) {
            outcome = classify(error);
          }
          judge(input, outcome, performance.now() - t);
        }),
        params,
      );
    } finally {
      await target.stop().catch(() => {});
    }
  }
  if (!original) throw new Error(`no input at path ${path}`);
  if (!details.failed || !details.counterexample) return { original };
  return {
    original,
    shrunk: {
      input: safeShow(target, details.counterexample[0]),
      error: describe(details.errorInstance).error,
    },
  };
}
