/**
 * Checks one executed chain step: the pure policy (economy.ts) decides whether the UI change settles
 * it; otherwise this asks the verifier model, with the action moment beside the settled frame when
 * the verifier can see.
 */
import type { DeviceSession } from "../../devices/types.js";
import type { ChatMessage, JsonRequest, Model, ModelRole } from "../../llm/model.js";
import { changeLevel, type UiElement } from "../../perception/index.js";
import type { AgentEvent, RunStats, VerdictSource } from "../events.js";
import { beforeAfter, captureFrame, type Frame } from "../frames.js";
import { describeScreen, type Observation } from "../observe.js";
import { stepVerdictPolicy, type Verification } from "./economy.js";
import { describeStep } from "./perform.js";
import { chainPrompt } from "./prompts.js";
import { type ChainStep, type Verdict, verdictSchema } from "./schema.js";

export interface StepJudgement {
  verdict: Verdict["verdict"] | "FAST_RETRY";
  source: VerdictSource;
  reason: string;
  level: number;
  change: string;
  waitSec: number;
  /** The verifier saw a CAPTCHA, an OTP prompt or a similar wall (only the model reports one). */
  wall?: Verdict["wall"];
}

/** What the check needs from the run. */
export interface StepCheckContext {
  model: Model;
  session: DeviceSession;
  signal: AbortSignal | undefined;
  verification: Verification | undefined;
  stats: RunStats;
  ask<T>(
    role: ModelRole,
    schemaName: string,
    schema: JsonRequest<T>["schema"],
    purpose: string,
    messages: JsonRequest<T>["messages"],
  ): Promise<T>;
}

/** The verification economy: a model call only where the UI change cannot tell. */
export async function judgeStep(
  c: StepCheckContext,
  goal: string,
  step: ChainStep,
  before: Observation,
  after: Observation,
  beforeShot?: Buffer,
): Promise<StepJudgement> {
  const report = changeLevel(before.view, after.view);
  const base = { level: report.level, change: report.summary || "nothing changed", waitSec: 1 };
  const cheap = stepVerdictPolicy(c.verification, step, report.level, before, after);
  if (cheap) return { ...base, ...cheap };
  c.stats.verifierCalls++;
  const text = chainPrompt("chain-verifier", {
    step: describeStep(step),
    goal,
    change: base.change,
    screen: describeScreen(after),
  });
  const composite = await verifierFrame(c, after, beforeShot);
  const content: ChatMessage["content"] = composite
    ? [
        { type: "text", text },
        { type: "image", data: composite.data, mime: composite.format === "webp" ? "image/webp" : "image/jpeg" },
      ]
    : text;
  const verdict = await c.ask("verifier", "step_verdict", verdictSchema, "verify step", [{ role: "user", content }]);
  return {
    ...base,
    verdict: verdict.verdict,
    source: "model",
    reason: verdict.reason,
    waitSec: verdict.wait_sec ?? 1,
    ...(verdict.wall ? { wall: verdict.wall } : {}),
  };
}

/** A verifier that can see gets the action moment beside the settled frame. */
async function verifierFrame(c: StepCheckContext, after: Observation, beforeShot?: Buffer): Promise<Frame | undefined> {
  if (!beforeShot || !c.model.supportsVision("verifier")) return undefined;
  const afterShot = await captureFrame(c.session, after, c.signal);
  return afterShot ? beforeAfter(beforeShot, afterShot) : undefined;
}

/** The record of a judged step; `target` is what it aimed at, as replay finds it again. */
export function stepFinished(
  group: string,
  step: ChainStep,
  attempt: number,
  judged: StepJudgement,
  target: UiElement | undefined,
  after: Observation,
  ms: number,
): AgentEvent {
  return {
    type: "step_finished",
    group,
    step,
    attempt,
    level: judged.level,
    change: judged.change,
    verdict: judged.verdict,
    source: judged.source,
    reason: judged.reason,
    ms: Math.round(ms),
    ...(target ? { target: { fingerprint: target.meta.fingerprint, label: target.label, tag: target.tag } } : {}),
    afterPackage: after.view.package,
  };
}
