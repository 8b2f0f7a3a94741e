/**
 * The state one step-mode run carries between its phases (step-decide, step-act, step-judge,
 * step-record) and the few device and record primitives every phase needs: perceive the screen,
 * execute an action, draw the acted-on frame, write a StepLog, emit, ask a model.
 */
import type { ChatMessage, JsonRequest, ModelCallRecord, ModelRole } from "../../llm/model.js";
import type { ActionMark } from "../../perception/index.js";
import { AgentRun } from "../agent-run.js";
import { type AgentEvent, emptyRunStats } from "../events.js";
import { askJson, type ModelCallContext } from "../model-calls.js";
import type { SecretVault } from "../secrets.js";
import { STEP_MODE_GROUP, StepFrames } from "../step-frames.js";
import { TaskApp } from "../task-app.js";
import type { Turn } from "./context.js";
import { executeAction } from "./execute.js";
import type { MarkContext } from "./marks.js";
import { DEFAULT_STEP_LIMITS, type StepAgentOptions, type StepLimits, type StepRunStats } from "./options.js";
import { type Perception, perceive } from "./perceive.js";
import { RecoveryLadder } from "./recovery.js";
import type { StepLog } from "./step-log.js";
import type { StepAction } from "./tools.js";

/** Ends the test from inside a phase: a verdict (pass/fail) or an error, with its reason. */
export class RunEnd extends Error {
  constructor(
    readonly status: "pass" | "fail" | "error",
    message: string,
  ) {
    super(message);
  }
}

/** The two screens the loop carries: the one the next action sees, and the one before it. */
export interface Screens {
  previous: Perception | undefined;
  current: Perception;
}

export function markContext(p: Perception): MarkContext {
  return { elements: p.elements, mapping: p.annotated?.mapping };
}

export class StepState {
  readonly o: StepAgentOptions;
  readonly limits: StepLimits;
  readonly run: AgentRun<StepRunStats>;
  readonly now: () => number;
  readonly ladder: RecoveryLadder;
  readonly taskApp: TaskApp;
  readonly frames: StepFrames;
  readonly logs: StepLog[] = [];
  readonly notes: string[] = [];
  readonly history: string[] = [];
  /** Every model action of the run, for the reference run. */
  readonly actions: string[] = [];
  turns: Turn[] = [];
  summary: string | undefined;
  feedback: string[] = [];
  warning: string | undefined;
  stepNo = 0;

  constructor(options: StepAgentOptions) {
    this.o = options;
    this.limits = { ...DEFAULT_STEP_LIMITS, ...options.limits };
    const stats: StepRunStats = {
      ...emptyRunStats(),
      modelSteps: 0,
      systemSteps: 0,
      rejectedClaims: 0,
      summaries: 0,
      maxRecoveryLevel: 0,
      contextTokens: [],
    };
    this.run = new AgentRun(options, stats);
    this.now = options.now ?? Date.now;
    this.ladder = new RecoveryLadder(this.limits.ladder);
    this.taskApp = new TaskApp(options.app);
    this.frames = new StepFrames({
      session: options.session,
      emit: this.run.emitter,
      redact: (text) => this.vault.redact(text),
      signal: options.signal,
    });
  }

  get vault(): SecretVault {
    return this.run.vault;
  }

  get stats(): StepRunStats {
    return this.run.stats;
  }

  get caseName(): string {
    return this.o.caseName ?? this.o.goal;
  }

  get calls(): ModelCallContext {
    return this.run.modelContext();
  }

  /** The perceive phase: tree, elements, annotated image of the screen as it is now. */
  perceive(): Promise<Perception> {
    return perceive(this.o.session, {
      mask: this.run.mask,
      vision: this.o.vision,
      elementTokens: this.limits.elementTokens,
      signal: this.o.signal,
    });
  }

  execute(action: StepAction, current: Perception) {
    return executeAction(action, {
      session: this.o.session,
      elements: current.elements,
      mapping: current.annotated?.mapping,
      visionFallback: current.view.needsVision || current.elements.length === 0,
      vault: this.vault,
      mask: this.run.mask,
      package: current.view.package,
      sleep: this.run.sleep,
      signal: this.o.signal,
    });
  }

  /** The screen step `step` acted on, with what it did drawn on it (before its step log). */
  picture(step: number, acted: Perception, mark: ActionMark): Promise<void> {
    return this.frames.record(
      { group: STEP_MODE_GROUP, step_num: step, attempt: 1 },
      acted.shot,
      mark,
      acted.view.screen,
    );
  }

  ask<T>(
    role: ModelRole,
    schemaName: string,
    schema: JsonRequest<T>["schema"],
    purpose: string,
    messages: ChatMessage[],
  ): Promise<{ value: T; call: ModelCallRecord }> {
    return askJson(this.calls, this.o.model, role, schemaName, schema, purpose, messages);
  }

  log(log: StepLog): void {
    const redacted = this.vault.redact(log);
    this.logs.push(redacted);
    this.emit({ type: "step_log", log: redacted });
  }

  emit(event: AgentEvent): void {
    this.run.emit(event);
  }
}
