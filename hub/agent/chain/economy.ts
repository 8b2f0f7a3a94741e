/**
 * The verification economy, pure: the verdicts the UI change alone gives, without a model call. What
 * it cannot tell (a tap that changed the screen, typing that brought up a dialog) goes to the verifier.
 */
import type { VerdictSource } from "../events.js";
import type { Observation } from "../observe.js";
import type { ChainStep, Verdict } from "./schema.js";

export interface CheapVerdict {
  verdict: Verdict["verdict"] | "FAST_RETRY";
  source: VerdictSource;
  reason: string;
}

function dialogAppeared(before: Observation, after: Observation): boolean {
  const seen = new Set(before.view.dialogs.map((d) => d.title));
  return after.view.dialogs.some((d) => !seen.has(d.title));
}

/** The verdict for `step` from its change level (0..3), or undefined when only a look can tell. */
export function verdictWithoutModel(
  step: ChainStep,
  level: number,
  before: Observation,
  after: Observation,
): CheapVerdict | undefined {
  switch (step.action) {
    case "WAIT":
    case "SCROLL":
    case "NAVIGATE":
    case "BACK":
    case "KEY":
      return { verdict: "OK", source: "auto", reason: `${step.action} needs no check` };
    case "INPUT":
      if (level === 0) return { verdict: "RETRY", source: "change-level", reason: "typing changed nothing" };
      // The text went in unless something took over the screen (a dialog, another app): that needs a look.
      if (level < 3 && !dialogAppeared(before, after)) {
        return { verdict: "OK", source: "change-level", reason: "the field changed" };
      }
      return undefined;
    default:
      return level === 0
        ? { verdict: "FAST_RETRY", source: "fast-retry", reason: "the tap changed nothing" }
        : undefined;
  }
}

/** The run's verification mode: "economy" (the default) spends a model call only where a look is needed. */
export type Verification = "economy" | "naive";

/** Whether the finish check may settle a claim without the verifier (deterministic text/package check). */
export function finishUsesEconomy(mode: Verification | undefined): boolean {
  return mode !== "naive";
}

/**
 * Which check confirms a step: the cheap verdict from the UI change, or undefined when the verifier
 * model must look. "naive" always asks the model (the baseline the economy is measured against).
 */
export function stepVerdictPolicy(
  mode: Verification | undefined,
  step: ChainStep,
  level: number,
  before: Observation,
  after: Observation,
): CheapVerdict | undefined {
  return mode === "naive" ? undefined : verdictWithoutModel(step, level, before, after);
}
