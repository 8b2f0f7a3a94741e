/**
 * The judge phase: a mark_done is a claim, checked against the settled screen (../finish.ts). An
 * accepted claim ends the test with its verdict; a rejected one becomes feedback for the next turn,
 * and too many rejections fail the test.
 */
import { renderPrompt } from "../../llm/prompts.js";
import { changeLevel } from "../../perception/index.js";
import { claimChecked, claimVerdictSchema, type FinishScreen, type FinishVerdict, verifyFinish } from "../finish.js";
import { type Perception, screenHeader } from "./perceive.js";
import type { BaseLog } from "./step-decide.js";
import { RunEnd, type Screens, type StepState } from "./step-state.js";

type Claim = { status: "pass" | "fail"; reason: string };

/** How a judged claim leaves the loop: the test's end, or the screens to carry on from. */
export type Judged = { end: { status: "pass" | "fail"; reason: string } } | { end?: undefined; screens: Screens };

function finishScreen(p: Perception): FinishScreen {
  return { view: p.view, elements: p.elements, text: `${screenHeader(p)}\n${p.text}` };
}

export async function judgeClaim(s: StepState, base: BaseLog, claim: Claim, screens: Screens): Promise<Judged> {
  const { step } = base;
  const { previous, current } = screens;
  const actionStarted = performance.now();
  await s.run.sleep(s.limits.settleMs);
  const settled = await s.perceive();
  const verdict = await checkClaim(s, claim, previous ?? current, current, settled);
  const { accepted, gap } = verdict;
  const claimed = `claim ${claim.status}: ${accepted ? "accepted" : "rejected"}`;
  await s.picture(step, current, { gesture: { kind: "none" }, caption: claimed });
  s.log({
    ...base,
    action_result: accepted ? `claim accepted: ${verdict.reason}` : `claim rejected: ${gap}`,
    action_ms: Math.round(performance.now() - actionStarted),
    recovery_level: s.ladder.level,
    change_level: undefined,
    claim: { status: claim.status, accepted, reason: claim.reason, gap },
  });
  s.emit(claimChecked(step, claim, verdict));
  if (accepted) {
    s.stats.confirmedBy = verdict.check;
    return { end: { status: claim.status, reason: `${claim.reason} (confirmed by ${verdict.check})` } };
  }
  s.history.push(`${step}. mark_done(${claim.status}) → rejected: ${gap}`);
  if (++s.stats.rejectedClaims >= s.limits.maxRejectedClaims) {
    throw new RunEnd("fail", `${s.stats.rejectedClaims} claims rejected; last gap: ${gap}`);
  }
  s.feedback.push(renderPrompt("step-claim-rejected", { status: claim.status, gap }));
  return { screens: { previous: current, current: settled } };
}

function checkClaim(
  s: StepState,
  claim: Claim,
  beforeLast: Perception,
  atClaim: Perception,
  settled: Perception,
): Promise<FinishVerdict> {
  return verifyFinish({
    claim,
    goal: s.o.goal,
    expected: s.o.expected,
    check: s.o.check,
    economy: true,
    change: changeLevel(beforeLast.view, settled.view).summary,
    atClaim: finishScreen(atClaim),
    settled: finishScreen(settled),
    frames: s.o.model.supportsVision("verifier")
      ? async () => ({ a: atClaim.screenshot, b: settled.screenshot })
      : undefined,
    ask: async (messages) => {
      s.stats.verifierCalls++;
      return (await s.ask("verifier", "claim_verdict", claimVerdictSchema, "check claim", messages)).value;
    },
  });
}
