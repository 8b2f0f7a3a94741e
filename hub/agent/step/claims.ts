/**
 * mark_done is a claim, not a fact: the agent captures the screen again after it settles and a
 * verifier model judges the claim against the expected result, the agent's reason, the UI diff and —
 * when it takes images — the A+B frame (claim moment beside the settled screen).
 */
import { z } from "zod";
import type { ChatMessage, ContentPart } from "../../llm/model.js";
import { renderPrompt } from "../../llm/prompts.js";
import { composeAB } from "../../perception/index.js";
import { type Perception, screenHeader } from "./perceive.js";

export const claimVerdictSchema = z.object({
  verdict: z.enum(["accepted", "rejected"]),
  reason: z.string(),
  gap: z.string().nullish(),
});
export type ClaimVerdict = z.infer<typeof claimVerdictSchema>;

export interface ClaimInput {
  expected: string;
  status: "pass" | "fail";
  reason: string;
  /** Change summary from the screen before the agent's last action to the settled screen. */
  change: string;
  /** The screen the agent saw when it claimed (A) and the settled one (B). */
  atClaim: Perception;
  settled: Perception;
  vision: boolean;
}

export async function claimMessages(input: ClaimInput): Promise<ChatMessage[]> {
  const text = renderPrompt("step-verifier", {
    expected: input.expected,
    status: input.status,
    reason: input.reason,
    change: input.change,
    screen: `${screenHeader(input.settled)}\n${input.settled.text}`,
  });
  const a = input.atClaim.screenshot;
  const b = input.settled.screenshot;
  if (!input.vision || !a || !b) return [{ role: "user", content: text }];
  const frame = await composeAB(a, b);
  const parts: ContentPart[] = [
    { type: "text", text },
    { type: "image", data: frame.data, mime: frame.format === "webp" ? "image/webp" : "image/jpeg" },
  ];
  return [{ role: "user", content: parts }];
}
