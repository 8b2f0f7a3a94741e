/**
 * Judging a replayed step: did it change the screen as the recording did, stay in the recorded app,
 * and open no dialog the recording did not see? Pure, so the policy is testable without a phone.
 */

import { changeLevel } from "../../perception/index.js";
import type { ChainStep } from "../chain/schema.js";
import type { Observation } from "../observe.js";
import type { RecordedStep } from "./recorded.js";

/** Steps that may be done twice with the same result (a field typed with clear-first, a wait). */
export const IDEMPOTENT = new Set<ChainStep["action"]>(["INPUT", "WAIT"]);

/** What a replayed step did against what the recording says it did. */
export interface StepVerdict {
  ok: boolean;
  /** The step changed nothing where the recording changed the screen. */
  missed: boolean;
  /** The step left the phone in another app than the recording. */
  wrongApp: boolean;
  unexpected: { title: string }[];
  level: number;
  change: string;
  reason: string;
}

/** Judges one replayed step from the screens before and after it (pure: no phone, no model). */
export function judgeStep(
  rec: RecordedStep,
  step: ChainStep,
  before: Observation,
  after: Observation,
  detoured: boolean,
): StepVerdict {
  const report = changeLevel(before.view, after.view);
  const change = report.summary || "nothing changed";
  const seenDialogs = new Set(before.view.dialogs.map((d) => d.title));
  const recorded = (title: string) => (title ? rec.change.includes(title) : /dialog/i.test(rec.change));
  const unexpected = after.view.dialogs.filter((d) => !seenDialogs.has(d.title) && !recorded(d.title));
  // Redoing a step that already took effect before a detour may change nothing: that is fine.
  const missed = rec.level >= 1 && report.level === 0 && !(detoured && IDEMPOTENT.has(step.action));
  const wrongApp = rec.afterPackage !== undefined && after.view.package !== rec.afterPackage;
  const ok = !missed && !wrongApp && unexpected.length === 0;
  const reason = ok
    ? `as recorded (level ${report.level}, recorded ${rec.level})`
    : missed
      ? "the step changed nothing; the recording changed the screen"
      : wrongApp
        ? `expected ${rec.afterPackage}, now in ${after.view.package}`
        : `unexpected dialog: ${unexpected.map((d) => d.title || "untitled").join(", ")}`;
  return { ok, missed, wrongApp, unexpected, level: report.level, change, reason };
}
