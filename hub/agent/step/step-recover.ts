/**
 * Carries out what the recovery ladder (recovery.ts) decided: a warning for the next turn, a system
 * step (back, restart the task's app), or a forced fail that leaves a lesson for the next run.
 */
import { renderPrompt } from "../../llm/prompts.js";
import { changeLevel } from "../../perception/index.js";
import { actionMark } from "./marks.js";
import type { Lesson } from "./memory.js";
import type { Perception } from "./perceive.js";
import { type LadderDecision, LESSON_ADVICE } from "./recovery.js";
import { markContext, RunEnd, type StepState } from "./step-state.js";
import { describeAction, type StepAction } from "./tools.js";

/** Carries out a ladder decision; returns the new screen when the system acted on the phone. */
export async function recover(
  s: StepState,
  step: number,
  decision: LadderDecision,
  current: Perception,
): Promise<Perception | undefined> {
  s.stats.maxRecoveryLevel = Math.max(s.stats.maxRecoveryLevel, decision.level);
  const event = {
    type: "recovery" as const,
    step,
    level: decision.level,
    previous: decision.previous,
    pattern: decision.pattern,
    detail: decision.detail,
  };
  if (!decision.raised) {
    if (decision.level < decision.previous) s.emit({ ...event, action: "decay" });
    return undefined;
  }
  s.warning = renderPrompt("step-warning", { level: decision.level, detail: decision.detail });
  switch (decision.level) {
    case 1:
      s.emit({ ...event, action: "warning" });
      return undefined;
    case 2: {
      s.emit({ ...event, action: "press_back" });
      const back: StepAction = { thought: "recovery level 2: press back", tool: "press_key", args: { key: "back" } };
      return systemStep(s, back, current);
    }
    case 3: {
      s.emit({ ...event, action: "restart_app" });
      // The task's app, not whatever is in front: a "back" out of the app leaves the launcher there.
      const pkg = s.taskApp.package ?? current.view.package;
      return systemStep(
        s,
        { thought: "recovery level 3: restart the app", tool: "start_app", args: { package: pkg } },
        current,
      );
    }
    default: {
      s.emit({ ...event, action: "force_fail" });
      await writeLesson(s, decision);
      throw new RunEnd("fail", `stuck: ${decision.detail} (recovery level 4)`);
    }
  }
}

/** A step the system injects (not the model): it has its own step number and a StepLog of source "system". */
async function systemStep(s: StepState, action: StepAction, current: Perception): Promise<Perception> {
  const step = ++s.stepNo;
  s.stats.systemSteps++;
  const started = performance.now();
  const outcome = await s.execute(action, current);
  await s.picture(step, current, actionMark(action, markContext(current), outcome));
  await s.run.sleep(s.limits.settleMs);
  const after = await s.perceive();
  const change = changeLevel(current.view, after.view);
  s.history.push(`${step}. [system] ${describeAction(action)} → ${outcome.result}; screen: ${change.summary}`);
  s.log({
    step,
    source: "system",
    thought: action.thought,
    action: { tool: action.tool, args: { ...action.args } },
    action_result: outcome.result,
    screenshot: undefined,
    image_sent: false,
    prompt_tokens: 0,
    completion_tokens: 0,
    perception_ms: after.ms,
    llm_ms: 0,
    action_ms: Math.round(performance.now() - started),
    subgoal_index: 0,
    subgoal_desc: "",
    recovery_level: s.ladder.level,
    change_level: change.level,
  });
  return after;
}

async function writeLesson(s: StepState, decision: LadderDecision): Promise<void> {
  if (!s.o.lessons) return;
  const lesson: Lesson = s.vault.redact({
    caseName: s.caseName,
    mistake: decision.detail,
    advice: LESSON_ADVICE[decision.pattern ?? "repeated-action"],
    createdAt: s.now(),
  });
  await s.o.lessons.add(lesson);
  s.emit({ type: "lesson_written", caseName: lesson.caseName, mistake: lesson.mistake, advice: lesson.advice });
}
