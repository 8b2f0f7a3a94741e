/**
 * The mode registry: a task's mode → the agent that runs it. The task runner opens the run, gates the
 * session and records; everything mode-specific (which options a mode reads from the task, what it
 * needs besides the phone) is here. A new mode is one file and one line in MODES.
 */
import type { DeviceSession } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";
import type { Model } from "../llm/model.js";
import type { Agent } from "./agent.js";
import { ChainAgent } from "./chain/chain-agent.js";
import { describeStep } from "./chain/perform.js";
import type { EventSink } from "./events.js";
import { type RecordedStep, recordedSteps, type StoredEvent } from "./replay/recorded.js";
import { ReplayAgent } from "./replay/replay-agent.js";
import { ScriptAgent } from "./script/script-agent.js";
import type { LessonRepository, ReferenceRunRepository } from "./step/memory.js";
import { StepAgent } from "./step/step-agent.js";

/** The agent mode a task runs in. */
export type TaskMode = "chain" | "step" | "script" | "replay";

/** What a task says beyond its goal; each mode reads its own fields. */
export interface TaskExtra {
  expected?: string | undefined;
  maxSteps?: number | undefined;
  verification?: "economy" | "naive" | undefined;
  /** How long a question to a human (ask_human, a CAPTCHA or OTP wall) waits for a hand-back (HUMAN_TIMEOUT). */
  humanTimeoutMs?: number | undefined;
  /** Script mode: remote-control actions run in order, no model. */
  actions?: Record<string, unknown>[] | undefined;
  /** Script mode: false skips the screen before and after each action (no pictures, no change seen): load tests. */
  pictures?: boolean | undefined;
  /** The run a hub restart cut off: the next attempt starts from what it had done. */
  resumeOf?: string | undefined;
  /** Step mode test case: its name keys lessons and reference runs; its app is started first. */
  testCase?:
    | {
        name: string;
        app: string;
        subgoals?: string[] | undefined;
        /** A deterministic check of the expected result (hub/agent/finish.ts GoalCheck). */
        check?:
          | { text?: string[] | undefined; package?: string | undefined; activity?: string | undefined }
          | undefined;
      }
    | undefined;
  /** Replay mode: the recorded run whose steps are re-run. */
  replayOf?: string | undefined;
}

/** What the runner knows of a recorded run (replay and resume read it). */
export interface RecordedRuns {
  /** The run's goal; NOT_FOUND when there is no such run. */
  goal(runId: string): Promise<string>;
  /** The run's step_finished events, in order. */
  steps(runId: string): Promise<readonly StoredEvent[]>;
}

/** Everything an agent may need, for one run. */
export interface ModeContext {
  task: { goal: string; mode: TaskMode; extra: TaskExtra };
  runId: string;
  /** The phone, gated by the runner: a command reaches it once the run's records so far are committed. */
  session: DeviceSession;
  secrets: Record<string, string> | undefined;
  signal: AbortSignal;
  emit: EventSink;
  model: Model | undefined;
  memory: { lessons: LessonRepository; references: ReferenceRunRepository };
  runs: RecordedRuns;
}

export type AgentFactory = (context: ModeContext) => Agent | Promise<Agent>;

export const MODES: Readonly<Record<TaskMode, AgentFactory>> = {
  chain: chainAgent,
  step: stepAgent,
  replay: replayAgent,
  script: scriptAgent,
};

/** The agent for the task's mode. */
export function agentFor(context: ModeContext): Agent | Promise<Agent> {
  return MODES[context.task.mode](context);
}

function common(c: ModeContext) {
  return {
    session: c.session,
    goal: c.task.goal,
    signal: c.signal,
    emit: c.emit,
    ...(c.secrets ? { secrets: c.secrets } : {}),
  };
}

function requireModel(c: ModeContext): Model {
  if (!c.model) throw new HubError("MODEL_NOT_CONFIGURED", "no model endpoint is configured");
  return c.model;
}

async function recorded(c: ModeContext, runId: string): Promise<RecordedStep[]> {
  return recordedSteps(await c.runs.steps(runId));
}

function scriptAgent(c: ModeContext): Agent {
  const pictures = c.task.extra.pictures === false ? { pictures: false } : {};
  return new ScriptAgent({ ...common(c), actions: c.task.extra.actions ?? [], ...pictures });
}

function stepAgent(c: ModeContext): Agent {
  const { extra } = c.task;
  const testCase = extra.testCase;
  return new StepAgent({
    ...common(c),
    model: requireModel(c),
    runId: c.runId,
    lessons: c.memory.lessons,
    references: c.memory.references,
    ...(extra.expected ? { expected: extra.expected } : {}),
    ...(extra.maxSteps ? { limits: { maxSteps: extra.maxSteps } } : {}),
    ...(testCase
      ? {
          caseName: testCase.name,
          ...(testCase.app ? { app: testCase.app } : {}),
          ...(testCase.subgoals ? { subgoals: testCase.subgoals } : {}),
          ...(testCase.check ? { check: testCase.check } : {}),
        }
      : {}),
  });
}

async function chainAgent(c: ModeContext): Promise<Agent> {
  const model = requireModel(c);
  const { extra } = c.task;
  // A resumed task's planner starts knowing what the cut-off run had already done on the phone.
  const history = extra.resumeOf ? (await recorded(c, extra.resumeOf)).map((r) => describeStep(r.step)) : [];
  return new ChainAgent({
    ...common(c),
    model,
    ...(extra.expected ? { expected: extra.expected } : {}),
    ...(extra.verification ? { verification: extra.verification } : {}),
    ...(history.length ? { history } : {}),
  });
}

/**
 * Replay mode: the recorded run's OK steps re-run on this phone; the model (when configured) is
 * asked only where a step diverges. The replay is recorded like any run, so it can be replayed too.
 */
async function replayAgent(c: ModeContext): Promise<Agent> {
  const source = c.task.extra.replayOf ?? "";
  const goal = await c.runs.goal(source);
  return new ReplayAgent({
    ...common(c),
    model: c.model,
    steps: await recorded(c, source),
    goal,
    source,
  });
}
