/**
 * The act phase: carries out the planner's action on the phone, waits for the screen to settle, sees
 * what changed, and feeds the recovery ladder (not for `remember`, which only writes a note).
 */
import { changeLevel } from "../../perception/index.js";
import { actionMark } from "./marks.js";
import { type Perception, screenKey } from "./perceive.js";
import type { LadderDecision } from "./recovery.js";
import type { BaseLog } from "./step-decide.js";
import { recover } from "./step-recover.js";
import { markContext, type Screens, type StepState } from "./step-state.js";
import { actionSignature, describeAction, type StepAction } from "./tools.js";

/** Runs one model action; returns the screens to carry on from (after recovery, if the ladder acted). */
export async function act(s: StepState, base: BaseLog, action: StepAction, current: Perception): Promise<Screens> {
  const { step } = base;
  const actionStarted = performance.now();
  const outcome = await s.execute(action, current);
  await s.picture(step, current, actionMark(action, markContext(current), outcome));
  if (action.tool === "remember") s.notes.push(action.args.note);
  await s.run.sleep(action.tool === "remember" ? 0 : s.limits.settleMs);
  const after = action.tool === "remember" ? current : await s.perceive();
  const change = changeLevel(current.view, after.view);
  s.history.push(`${step}. ${describeAction(action)} → ${outcome.result}; screen: ${change.summary}`);
  s.stats.stepsExecuted++;
  const decision =
    action.tool === "remember" ? undefined : climbLadder(s, action, current, after, change.level, outcome.ok);
  s.log({
    ...base,
    action_result: outcome.result,
    ...(outcome.error ? { action_error: outcome.error } : {}),
    action_ms: Math.round(performance.now() - actionStarted),
    recovery_level: s.ladder.level,
    change_level: change.level,
  });
  if (!decision) return { previous: current, current: after };
  const recovered = await recover(s, step, decision, after);
  return recovered ? { previous: after, current: recovered } : { previous: current, current: after };
}

/** Tells the task app what the action chose and the ladder what the step did. */
function climbLadder(
  s: StepState,
  action: StepAction,
  before: Perception,
  after: Perception,
  change: number,
  ok: boolean,
): LadderDecision {
  if (action.tool === "start_app" && ok) s.taskApp.chose(action.args.package);
  if (action.tool === "open_url" && ok) s.taskApp.chose(after.view.package);
  return s.ladder.record({
    action: actionSignature(action, before.elements),
    before: screenKey(before),
    after: screenKey(after),
    change,
    outside: s.taskApp.outside(after.view.package),
    taskApp: s.taskApp.package,
  });
}
