/**
 * What a replay re-runs: the steps of a recorded run that worked (step_finished with verdict OK), in
 * order (a script run's are not: re-run the script), with what each aimed at and what it changed. Values keep their `{{secret:NAME}}`
 * placeholders; the replay substitutes them at input time only.
 */
import { type ChainStep, chainStepSchema } from "../chain/schema.js";
import type { StepTarget } from "../events.js";
import { SCRIPT_GROUP } from "../script/script-agent.js";

/** The group a replay gives the detour steps it had to take (dismissing a popup, say). */
export const RECOVERY_GROUP = "recovery";

export interface RecordedStep {
  group: string;
  step: ChainStep;
  /** Change level the step caused when recorded. */
  level: number;
  /** The recorded change in words (names the dialogs it opened, if any). */
  change: string;
  target: StepTarget | undefined;
  afterPackage: string | undefined;
  /** A detour an earlier replay took: done again only when its target is on screen. */
  optional: boolean;
}

/** A stored event: its type and JSON body (as the run store keeps them). */
export interface StoredEvent {
  type: string;
  body: Record<string, unknown>;
}

function targetOf(value: unknown): StepTarget | undefined {
  if (!value || typeof value !== "object") return undefined;
  const t = value as Record<string, unknown>;
  if (typeof t["fingerprint"] !== "string") return undefined;
  return {
    fingerprint: t["fingerprint"],
    label: typeof t["label"] === "string" ? t["label"] : "",
    tag: typeof t["tag"] === "string" ? t["tag"] : "",
  };
}

/** The OK steps of a run, in order; events that do not parse as steps are skipped. */
export function recordedSteps(events: readonly StoredEvent[]): RecordedStep[] {
  const out: RecordedStep[] = [];
  for (const { type, body } of events) {
    if (type !== "step_finished" || body["verdict"] !== "OK") continue;
    const step = chainStepSchema.safeParse(body["step"]);
    if (!step.success) continue;
    const group = typeof body["group"] === "string" ? body["group"] : "";
    // A script's actions are re-run by running the script: its swipes are no chain steps.
    if (group === SCRIPT_GROUP || body["source"] === "script") continue;
    out.push({
      group,
      step: step.data,
      level: typeof body["level"] === "number" ? body["level"] : 0,
      change: typeof body["change"] === "string" ? body["change"] : "",
      target: targetOf(body["target"]),
      afterPackage: typeof body["afterPackage"] === "string" ? body["afterPackage"] : undefined,
      optional: group === RECOVERY_GROUP,
    });
  }
  return out;
}

const PLACEHOLDER = /\{\{secret:([A-Za-z0-9_.-]+)\}\}/g;

/** Secret names the recorded values need. */
export function secretNames(steps: readonly RecordedStep[]): string[] {
  const names = new Set<string>();
  for (const { step } of steps) for (const m of (step.value ?? "").matchAll(PLACEHOLDER)) names.add(m[1] ?? "");
  return [...names];
}
