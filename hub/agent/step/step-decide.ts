/**
 * The decide phase of a step-mode turn: what the planner sees (pinned goal and memory, notes,
 * summary, old turns, previous and current state, feedback, the annotated image when the planner has
 * vision) and the one action it answers, with the StepLog fields every kind of action shares.
 */
import type { ImagePart } from "../../llm/model.js";
import type { Lesson } from "./memory.js";
import { nextAction } from "./next-action.js";
import { type Perception, screenHeader } from "./perceive.js";
import type { StepLog } from "./step-log.js";
import type { Screens, StepState } from "./step-state.js";
import { availableTools, referenceLine, type StepAction } from "./tools.js";

/** What stays in front of the planner all run: the goal, the secrets by name, subgoals, memory. */
export type Pinned = Awaited<ReturnType<typeof pinned>>;

/** The StepLog fields known once the planner answered (the act or judge phase adds the rest). */
export type BaseLog = Omit<StepLog, "action_result" | "action_ms" | "recovery_level" | "change_level">;

export interface Decision {
  step: number;
  action: StepAction;
  base: BaseLog;
}

export async function pinned(s: StepState) {
  const lessons: Lesson[] = s.o.lessons ? await s.o.lessons.forCase(s.caseName) : [];
  const reference = s.o.references ? await s.o.references.latestStarred(s.caseName) : undefined;
  return {
    goal: s.o.goal,
    expected: s.o.expected,
    secrets: s.vault.names.map((n) => s.vault.placeholder(n)),
    subgoals: s.o.subgoals ?? [],
    reference: reference?.actions,
    avoid: lessons.map((l) => `${l.mistake} → ${l.advice}`),
  };
}

function plannerImage(s: StepState, current: Perception): ImagePart | undefined {
  if (!s.o.model.supportsVision("planner") || !current.annotated) return undefined;
  const mime = current.annotated.format === "webp" ? "image/webp" : "image/jpeg";
  return { type: "image", data: current.annotated.data, mime };
}

/** One model turn: counts the step, asks the planner, remembers the turn. */
export async function decide(s: StepState, screens: Screens, pins: Pinned): Promise<Decision> {
  const { previous, current } = screens;
  const step = ++s.stepNo;
  s.stats.modelSteps++;
  const vision = s.o.model.supportsVision("planner");
  const image = plannerImage(s, current);
  const tools = availableTools({ hasElements: current.elements.length > 0, hasImage: image !== undefined });
  const currentState = `[Current State]\n${screenHeader(current)}\n${current.text}`;
  const feedback = [...(s.warning && s.ladder.level > 0 ? [s.warning] : []), ...s.feedback];
  s.feedback = [];
  const llmStarted = performance.now();
  const { action, call, answer } = await nextAction(s.o.model, s.calls, s.stats.contextTokens, tools, {
    pinned: pins,
    notes: s.notes,
    summary: s.summary,
    turns: s.turns,
    previousState: previous ? `${screenHeader(previous)}\n${previous.text}` : undefined,
    actionHistory: s.history,
    feedback,
    currentState,
    image,
    vision,
    tokenBudget: s.limits.tokenBudget,
  });
  const llmMs = Math.round(performance.now() - llmStarted);
  s.actions.push(referenceLine(action, current.elements));
  s.turns.push({ step, text: currentState, image, answer });
  const subgoal = action.subgoal ?? 0;
  const base: BaseLog = {
    step,
    source: "agent",
    thought: action.thought,
    action: { tool: action.tool, args: { ...action.args } as Record<string, unknown> },
    screenshot: screenshotOf(current),
    image_sent: image !== undefined,
    prompt_tokens: call.promptTokens,
    completion_tokens: call.completionTokens,
    perception_ms: current.ms,
    llm_ms: llmMs,
    subgoal_index: subgoal,
    subgoal_desc: s.o.subgoals?.[subgoal - 1] ?? "",
  };
  return { step, action, base };
}

function screenshotOf(current: Perception): StepLog["screenshot"] {
  const a = current.annotated;
  return a ? { data: a.data, format: a.format, width: a.width, height: a.height } : undefined;
}
