/**
 * The step-mode loop as named phases: perceive (StepState.perceive) → decide (step-decide.ts) → act
 * (step-act.ts, with recovery in step-recover.ts) or judge a mark_done claim (step-judge.ts) → record
 * (StepLogs as each phase ends, summaries in step-record.ts). Ends on an accepted claim, or throws
 * RunEnd on the time limit, the step limit or a forced fail.
 */
import { Phone } from "../../devices/phone.js";
import { act } from "./step-act.js";
import { decide, pinned } from "./step-decide.js";
import { judgeClaim } from "./step-judge.js";
import { summarize } from "./step-record.js";
import { RunEnd, type Screens, type StepState } from "./step-state.js";

export async function stepLoop(s: StepState, started: number): Promise<{ status: "pass" | "fail"; reason: string }> {
  const pins = await pinned(s);
  if (s.o.app) await new Phone(s.o.session).launch(s.o.app, undefined, s.run.callOptions());
  let screens: Screens = { previous: undefined, current: await s.perceive() };
  s.taskApp.started(screens.current.view.package);
  while (s.stats.modelSteps < s.limits.maxSteps) {
    if (performance.now() - started > s.limits.timeoutMs) {
      throw new RunEnd("error", `timed out after ${Math.round(s.limits.timeoutMs / 1000)}s`);
    }
    const { step, action, base } = await decide(s, screens, pins);
    if (action.tool === "mark_done") {
      const judged = await judgeClaim(s, base, action.args, screens);
      if (judged.end) return judged.end;
      screens = judged.screens;
    } else {
      screens = await act(s, base, action, screens.current);
    }
    if (s.stats.modelSteps % s.limits.summaryEvery === 0) await summarize(s, step);
  }
  throw new RunEnd("fail", `no accepted result after ${s.limits.maxSteps} steps`);
}
