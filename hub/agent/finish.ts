/**
 * A finish is a claim in every mode, never a fact: the chain planner's `goal_reached` and the step
 * agent's `mark_done` are both checked here against the settled screen before a run may end "done".
 *
 * The verification economy: a deterministic check — the expected text visible, the expected app or
 * activity in front — confirms a "pass" claim without a model call. A check only ever confirms: the
 * expected text may be worded differently on screen, so an unmet check leaves the decision to the
 * verifier model (told what the check did not find), which also judges "fail" claims and every claim
 * of the naive baseline. The model sees the claim moment beside the settled screen (A+B frame) when
 * it takes images.
 */
import { z } from "zod";
import { PACKAGE_NAME } from "../devices/phone.js";
import type { ChatMessage, ContentPart } from "../llm/model.js";
import { renderPrompt } from "../llm/prompts.js";
import { type CompactSnapshot, composeAB, type UiElement } from "../perception/index.js";
import type { AgentEvent } from "./events.js";

export const claimVerdictSchema = z.object({
  verdict: z.enum(["accepted", "rejected"]),
  reason: z.string(),
  gap: z.string().nullish(),
});
export type ClaimVerdict = z.infer<typeof claimVerdictSchema>;

/** What a task says is true at the end, in a form the hub can check without a model. */
export const goalCheckSchema = z
  .object({
    /** Texts that must all be visible (case-insensitive, inside an element's label or value). */
    text: z.array(z.string().trim().min(1).max(200)).min(1).max(10).optional(),
    /** The package that must be in front. */
    package: z.string().regex(PACKAGE_NAME, "not a package name").optional(),
    /** The activity that must be in front: ".HomeActivity" or the full class name. */
    activity: z.string().min(1).max(200).optional(),
  })
  .strict();
export type GoalCheck = z.infer<typeof goalCheckSchema>;

/** Longest `expected` also looked for as literal text on the screen (longer ones are prose). */
const MAX_LITERAL_EXPECTED = 200;

/** A screen as the finish check reads it. */
export interface FinishScreen {
  view: Pick<CompactSnapshot, "package" | "activity">;
  elements: readonly UiElement[];
  /** Header and element list, as the verifier model reads it. */
  text: string;
}

/** The claim moment (A) and the settled screen (B), masked; fetched only when the model is asked. */
export type FinishFrames = () => Promise<{ a: Buffer | undefined; b: Buffer | undefined }>;

export interface FinishClaim {
  status: "pass" | "fail";
  reason: string;
}

export interface FinishVerdict {
  accepted: boolean;
  /** What decided: a deterministic check or the verifier model. */
  by: "check" | "model";
  /** Which check, in words: `text "Welcome, ann" visible`, `package com.x in front`, "verifier model". */
  check: string;
  reason: string;
  /** What is still missing, addressed to the agent ("" when accepted). */
  gap: string;
}

export interface FinishInput {
  claim: FinishClaim;
  goal: string;
  /**
   * The task's expected result in words, for the verifier model. Short enough, it is also looked for
   * as literal text: seen on the settled screen, it confirms on its own (prose never is seen, so prose
   * only costs the model call it would have cost anyway).
   */
  expected: string | undefined;
  /** The task's deterministic check, if it gave one. */
  check: GoalCheck | undefined;
  /** false: every claim goes to the model (the naive baseline). */
  economy: boolean;
  /** What changed from the agent's last look to the settled screen. */
  change: string;
  atClaim: FinishScreen;
  settled: FinishScreen;
  /** The A+B frame for a verifier that takes images; absent: text only. */
  frames: FinishFrames | undefined;
  /** One verifier call (the caller counts and records it). */
  ask: (messages: ChatMessage[]) => Promise<ClaimVerdict>;
}

export async function verifyFinish(input: FinishInput): Promise<FinishVerdict> {
  const given = input.check ? evaluateCheck(input.check, input.settled) : undefined;
  const confirmed = given?.met ? given : input.check ? undefined : literalExpected(input.expected, input.settled);
  if (input.economy && input.claim.status === "pass" && confirmed) {
    const reason = `${confirmed.detail} on the settled screen`;
    return { accepted: true, by: "check", check: confirmed.detail, reason, gap: "" };
  }
  // Only the task's own check is worth telling the model about; a literal miss of prose is no news.
  const verdict = await input.ask(await finishMessages(input, given?.met === false ? given.detail : ""));
  const accepted = verdict.verdict === "accepted";
  return {
    accepted,
    by: "model",
    check: "verifier model",
    reason: verdict.reason,
    gap: accepted ? "" : verdict.gap || verdict.reason,
  };
}

/** Whether the check holds on `screen`, and in words what was (or was not) found. */
export function evaluateCheck(check: GoalCheck, screen: FinishScreen): { met: boolean; detail: string } {
  const found: string[] = [];
  const missing: string[] = [];
  const visible = screen.elements.map((e) => `${e.label}\n${e.value ?? ""}`.toLowerCase());
  for (const text of check.text ?? []) {
    const wanted = text.toLowerCase();
    (visible.some((v) => v.includes(wanted)) ? found : missing).push(`text "${text}" visible`);
  }
  if (check.package) {
    (screen.view.package === check.package ? found : missing).push(`package ${check.package} in front`);
  }
  if (check.activity) {
    const activity = screen.view.activity;
    const reached = activity === check.activity || activity.endsWith(check.activity);
    (reached ? found : missing).push(`activity ${check.activity} reached`);
  }
  if (missing.length > 0) return { met: false, detail: `not found: ${missing.join(", ")}` };
  return { met: true, detail: found.join(" and ") };
}

function literalExpected(expected: string | undefined, screen: FinishScreen) {
  const text = expected?.trim();
  if (!text || text.length > MAX_LITERAL_EXPECTED) return undefined;
  const outcome = evaluateCheck({ text: [text] }, screen);
  return outcome.met ? outcome : undefined;
}

async function finishMessages(input: FinishInput, unmet: string): Promise<ChatMessage[]> {
  const text = renderPrompt("finish-verifier", {
    expected: input.expected ?? `the goal is achieved: ${input.goal}`,
    status: input.claim.status,
    reason: input.claim.reason,
    change: input.change,
    check: unmet ? `A deterministic check of the expected result found nothing: ${unmet}.` : "",
    screen: input.settled.text,
  });
  const { a, b } = input.frames ? await input.frames() : { a: undefined, b: undefined };
  if (!a || !b) return [{ role: "user", content: text }];
  let frame: Awaited<ReturnType<typeof composeAB>>;
  try {
    frame = await composeAB(a, b);
  } catch {
    return [{ role: "user", content: text }]; // a frame that cannot be decoded costs the check nothing
  }
  const parts: ContentPart[] = [
    { type: "text", text },
    { type: "image", data: frame.data, mime: frame.format === "webp" ? "image/webp" : "image/jpeg" },
  ];
  return [{ role: "user", content: parts }];
}

/** The claim_checked event of a verdict: what was claimed, whether it held, and which check said so. */
export function claimChecked(step: number, claim: FinishClaim, verdict: FinishVerdict): AgentEvent {
  return {
    type: "claim_checked",
    step,
    status: claim.status,
    accepted: verdict.accepted,
    reason: verdict.reason,
    gap: verdict.gap,
    by: verdict.by,
    check: verdict.check,
  };
}
