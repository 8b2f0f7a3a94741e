/**
 * Agent mode "step": one action per model turn for testing apps and open-ended tasks. The context is
 * rebuilt every step in a fixed order (context.ts); mark_done is a claim checked against the settled
 * screen (../finish.ts); a decaying recovery ladder handles an agent that is stuck (recovery.ts);
 * lessons and starred reference runs carry across runs (memory.ts); every step leaves a StepLog.
 * Depends on interfaces only: Model, DeviceSession, VisionDetector, the repositories, an event sink.
 */
import { z } from "zod";
import { Phone } from "../../devices/phone.js";
import type { ScreenMask } from "../../devices/types.js";
import type { ChatMessage, ImagePart, JsonRequest, ModelCallRecord, ModelRole } from "../../llm/model.js";
import { renderPrompt } from "../../llm/prompts.js";
import { type ActionMark, changeLevel } from "../../perception/index.js";
import { AgentRun, type BodyEnd } from "../agent-run.js";
import { type AgentEvent, emptyRunStats } from "../events.js";
import { claimChecked, claimVerdictSchema, type FinishScreen, type FinishVerdict, verifyFinish } from "../finish.js";
import { askJson, type ModelCallContext } from "../model-calls.js";
import type { SecretMask } from "../secret-mask.js";
import type { SecretVault } from "../secrets.js";
import { STEP_MODE_GROUP, StepFrames } from "../step-frames.js";
import { TaskApp } from "../task-app.js";
import type { ContextInput, Turn } from "./context.js";
import { executeAction } from "./execute.js";
import { actionMark, type MarkContext } from "./marks.js";
import type { Lesson } from "./memory.js";
import { nextAction } from "./next-action.js";
import {
  DEFAULT_STEP_LIMITS,
  type StepAgentOptions,
  type StepLimits,
  type StepRunResult,
  type StepRunStats,
} from "./options.js";
import { type Perception, perceive, screenHeader, screenKey } from "./perceive.js";
import { type LadderDecision, LESSON_ADVICE, RecoveryLadder } from "./recovery.js";
import type { StepLog } from "./step-log.js";
import {
  actionSignature,
  availableTools,
  describeAction,
  referenceLine,
  type StepAction,
  type ToolName,
} from "./tools.js";

function markContext(p: Perception): MarkContext {
  return { elements: p.elements, mapping: p.annotated?.mapping };
}

function finishScreen(p: Perception): FinishScreen {
  return { view: p.view, elements: p.elements, text: `${screenHeader(p)}\n${p.text}` };
}

export {
  DEFAULT_STEP_LIMITS,
  type StepAgentOptions,
  type StepLimits,
  type StepRunResult,
  type StepRunStats,
  testCaseOptions,
} from "./options.js";

class RunEnd extends Error {
  constructor(
    readonly status: "pass" | "fail" | "error",
    message: string,
  ) {
    super(message);
  }
}

const summarySchema = z.object({ summary: z.string() });

export class StepAgent {
  readonly #o: StepAgentOptions;
  readonly #limits: StepLimits;
  readonly #run: AgentRun<StepRunStats>;
  readonly #now: () => number;
  readonly #ladder: RecoveryLadder;
  readonly #taskApp: TaskApp;
  readonly #frames: StepFrames;
  readonly #logs: StepLog[] = [];
  readonly #notes: string[] = [];
  readonly #history: string[] = [];
  /** Every model action of the run, for the reference run. */
  readonly #actions: string[] = [];
  #turns: Turn[] = [];
  #summary: string | undefined;
  #feedback: string[] = [];
  #warning: string | undefined;
  #stepNo = 0;
  /** The test verdict of the run so far ("error": it ended on an error, not a verdict). */
  #verdict: StepRunResult["verdict"] = "error";

  constructor(options: StepAgentOptions) {
    this.#o = options;
    this.#limits = { ...DEFAULT_STEP_LIMITS, ...options.limits };
    const stats: StepRunStats = {
      ...emptyRunStats(),
      modelSteps: 0,
      systemSteps: 0,
      rejectedClaims: 0,
      summaries: 0,
      maxRecoveryLevel: 0,
      contextTokens: [],
    };
    this.#run = new AgentRun(options, stats);
    this.#now = options.now ?? Date.now;
    this.#ladder = new RecoveryLadder(this.#limits.ladder);
    this.#taskApp = new TaskApp(options.app);
    this.#frames = new StepFrames({
      session: options.session,
      emit: this.#run.emitter,
      redact: (text) => this.#vault.redact(text),
      signal: options.signal,
    });
  }

  get logs(): readonly StepLog[] {
    return this.#logs;
  }

  get screenMask(): ScreenMask {
    return this.#run.screenMask;
  }

  get #vault(): SecretVault {
    return this.#run.vault;
  }

  get #mask(): SecretMask {
    return this.#run.mask;
  }

  get #stats(): StepRunStats {
    return this.#run.stats;
  }

  get #caseName(): string {
    return this.#o.caseName ?? this.#o.goal;
  }

  async run(): Promise<StepRunResult> {
    const outcome = await this.#run.run(
      "step",
      "claim",
      () => this.#test(),
      (end) => this.#ended(end.reason),
    );
    return { ...outcome, verdict: this.#verdict, logs: [...this.#logs] };
  }

  /** The test itself: its verdict (pass or fail) decides done or failed; an error ends it failed. */
  async #test(): Promise<BodyEnd> {
    let reason: string;
    try {
      ({ status: this.#verdict, reason } = await this.#loop(performance.now()));
    } catch (error) {
      if (!(error instanceof RunEnd)) throw error;
      this.#verdict = error.status;
      reason = error.message;
    }
    const cancelled = this.#o.signal?.aborted === true;
    return { status: this.#verdict === "pass" ? "done" : cancelled ? "cancelled" : "failed", reason };
  }

  /** Before run_finished: a passed run becomes a reference run, and the test verdict is reported. */
  async #ended(reason: string): Promise<void> {
    if (this.#verdict === "pass") await this.#saveReference();
    this.#emit({ type: "test_result", status: this.#verdict, reason });
  }

  async #loop(started: number): Promise<{ status: "pass" | "fail"; reason: string }> {
    const pinned = await this.#pinned();
    if (this.#o.app) await new Phone(this.#o.session).launch(this.#o.app, undefined, this.#callOptions());
    let current = await this.#perceive();
    this.#taskApp.started(current.view.package);
    let previous: Perception | undefined;
    while (this.#stats.modelSteps < this.#limits.maxSteps) {
      if (performance.now() - started > this.#limits.timeoutMs) {
        throw new RunEnd("error", `timed out after ${Math.round(this.#limits.timeoutMs / 1000)}s`);
      }
      const step = ++this.#stepNo;
      this.#stats.modelSteps++;
      const vision = this.#o.model.supportsVision("planner");
      const image: ImagePart | undefined =
        vision && current.annotated
          ? {
              type: "image",
              data: current.annotated.data,
              mime: current.annotated.format === "webp" ? "image/webp" : "image/jpeg",
            }
          : undefined;
      const tools = availableTools({ hasElements: current.elements.length > 0, hasImage: image !== undefined });
      const currentState = `[Current State]\n${screenHeader(current)}\n${current.text}`;
      const feedback = [...(this.#warning && this.#ladder.level > 0 ? [this.#warning] : []), ...this.#feedback];
      this.#feedback = [];
      const llmStarted = performance.now();
      const { action, call, answer } = await this.#nextAction(tools, {
        pinned,
        notes: this.#notes,
        summary: this.#summary,
        turns: this.#turns,
        previousState: previous ? `${screenHeader(previous)}\n${previous.text}` : undefined,
        actionHistory: this.#history,
        feedback,
        currentState,
        image,
        vision,
        tokenBudget: this.#limits.tokenBudget,
      });
      const llmMs = Math.round(performance.now() - llmStarted);
      const subgoal = action.subgoal ?? 0;
      const base = {
        step,
        source: "agent" as const,
        thought: action.thought,
        action: { tool: action.tool, args: { ...action.args } as Record<string, unknown> },
        screenshot: current.annotated
          ? {
              data: current.annotated.data,
              format: current.annotated.format,
              width: current.annotated.width,
              height: current.annotated.height,
            }
          : undefined,
        image_sent: image !== undefined,
        prompt_tokens: call.promptTokens,
        completion_tokens: call.completionTokens,
        perception_ms: current.ms,
        llm_ms: llmMs,
        subgoal_index: subgoal,
        subgoal_desc: this.#o.subgoals?.[subgoal - 1] ?? "",
      };
      this.#actions.push(referenceLine(action, current.elements));
      this.#turns.push({ step, text: currentState, image, answer });

      const actionStarted = performance.now();
      if (action.tool === "mark_done") {
        await this.#run.sleep(this.#limits.settleMs);
        const settled = await this.#perceive();
        const verdict = await this.#checkClaim(action.args, previous ?? current, current, settled);
        const { accepted, gap } = verdict;
        const claimed = `claim ${action.args.status}: ${accepted ? "accepted" : "rejected"}`;
        await this.#picture(step, current, { gesture: { kind: "none" }, caption: claimed });
        this.#log({
          ...base,
          action_result: accepted ? `claim accepted: ${verdict.reason}` : `claim rejected: ${gap}`,
          action_ms: Math.round(performance.now() - actionStarted),
          recovery_level: this.#ladder.level,
          change_level: undefined,
          claim: { status: action.args.status, accepted, reason: action.args.reason, gap },
        });
        this.#emit(claimChecked(step, action.args, verdict));
        if (accepted) {
          this.#stats.confirmedBy = verdict.check;
          return { status: action.args.status, reason: `${action.args.reason} (confirmed by ${verdict.check})` };
        }
        this.#history.push(`${step}. mark_done(${action.args.status}) → rejected: ${gap}`);
        if (++this.#stats.rejectedClaims >= this.#limits.maxRejectedClaims) {
          throw new RunEnd("fail", `${this.#stats.rejectedClaims} claims rejected; last gap: ${gap}`);
        }
        this.#feedback.push(renderPrompt("step-claim-rejected", { status: action.args.status, gap }));
        previous = current;
        current = settled;
      } else {
        const outcome = await this.#execute(action, current);
        await this.#picture(step, current, actionMark(action, markContext(current), outcome));
        if (action.tool === "remember") this.#notes.push(action.args.note);
        await this.#run.sleep(action.tool === "remember" ? 0 : this.#limits.settleMs);
        const after = action.tool === "remember" ? current : await this.#perceive();
        const change = changeLevel(current.view, after.view);
        this.#history.push(`${step}. ${describeAction(action)} → ${outcome.result}; screen: ${change.summary}`);
        this.#stats.stepsExecuted++;
        let decision: LadderDecision | undefined;
        if (action.tool !== "remember") {
          if (action.tool === "start_app" && outcome.ok) this.#taskApp.chose(action.args.package);
          if (action.tool === "open_url" && outcome.ok) this.#taskApp.chose(after.view.package);
          decision = this.#ladder.record({
            action: actionSignature(action, current.elements),
            before: screenKey(current),
            after: screenKey(after),
            change: change.level,
            outside: this.#taskApp.outside(after.view.package),
            taskApp: this.#taskApp.package,
          });
        }
        this.#log({
          ...base,
          action_result: outcome.result,
          ...(outcome.error ? { action_error: outcome.error } : {}),
          action_ms: Math.round(performance.now() - actionStarted),
          recovery_level: this.#ladder.level,
          change_level: change.level,
        });
        previous = current;
        current = after;
        if (decision) {
          const recovered = await this.#recover(step, decision, current);
          if (recovered) {
            previous = current;
            current = recovered;
          }
        }
      }
      if (this.#stats.modelSteps % this.#limits.summaryEvery === 0) await this.#summarize(step);
    }
    throw new RunEnd("fail", `no accepted result after ${this.#limits.maxSteps} steps`);
  }

  #nextAction(tools: ToolName[], input: Omit<ContextInput, "system">) {
    return nextAction(this.#o.model, this.#calls, this.#stats.contextTokens, tools, input);
  }

  /** Carries out a ladder decision; returns the new screen when the system acted on the phone. */
  async #recover(step: number, decision: LadderDecision, current: Perception): Promise<Perception | undefined> {
    this.#stats.maxRecoveryLevel = Math.max(this.#stats.maxRecoveryLevel, decision.level);
    const event = {
      type: "recovery" as const,
      step,
      level: decision.level,
      previous: decision.previous,
      pattern: decision.pattern,
      detail: decision.detail,
    };
    if (!decision.raised) {
      if (decision.level < decision.previous) this.#emit({ ...event, action: "decay" });
      return undefined;
    }
    this.#warning = renderPrompt("step-warning", { level: decision.level, detail: decision.detail });
    switch (decision.level) {
      case 1:
        this.#emit({ ...event, action: "warning" });
        return undefined;
      case 2: {
        this.#emit({ ...event, action: "press_back" });
        return this.#systemStep(
          { thought: "recovery level 2: press back", tool: "press_key", args: { key: "back" } },
          current,
        );
      }
      case 3: {
        this.#emit({ ...event, action: "restart_app" });
        // The task's app, not whatever is in front: a "back" out of the app leaves the launcher there.
        const pkg = this.#taskApp.package ?? current.view.package;
        return this.#systemStep(
          { thought: "recovery level 3: restart the app", tool: "start_app", args: { package: pkg } },
          current,
        );
      }
      default: {
        this.#emit({ ...event, action: "force_fail" });
        await this.#writeLesson(decision);
        throw new RunEnd("fail", `stuck: ${decision.detail} (recovery level 4)`);
      }
    }
  }

  async #systemStep(action: StepAction, current: Perception): Promise<Perception> {
    const step = ++this.#stepNo;
    this.#stats.systemSteps++;
    const started = performance.now();
    const outcome = await this.#execute(action, current);
    await this.#picture(step, current, actionMark(action, markContext(current), outcome));
    await this.#run.sleep(this.#limits.settleMs);
    const after = await this.#perceive();
    const change = changeLevel(current.view, after.view);
    this.#history.push(`${step}. [system] ${describeAction(action)} → ${outcome.result}; screen: ${change.summary}`);
    this.#log({
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
      recovery_level: this.#ladder.level,
      change_level: change.level,
    });
    return after;
  }

  #checkClaim(
    claim: { status: "pass" | "fail"; reason: string },
    beforeLast: Perception,
    atClaim: Perception,
    settled: Perception,
  ): Promise<FinishVerdict> {
    return verifyFinish({
      claim,
      goal: this.#o.goal,
      expected: this.#o.expected,
      check: this.#o.check,
      economy: true,
      change: changeLevel(beforeLast.view, settled.view).summary,
      atClaim: finishScreen(atClaim),
      settled: finishScreen(settled),
      frames: this.#o.model.supportsVision("verifier")
        ? async () => ({ a: atClaim.screenshot, b: settled.screenshot })
        : undefined,
      ask: async (messages) => {
        this.#stats.verifierCalls++;
        return (await this.#ask("verifier", "claim_verdict", claimVerdictSchema, "check claim", messages)).value;
      },
    });
  }

  async #summarize(step: number): Promise<void> {
    if (this.#turns.length === 0) return;
    const steps = this.#turns
      .map((t) => `Step ${t.step}: screen ${t.text.split("\n")[1] ?? ""}; action ${t.answer}`)
      .concat(this.#history.slice(-this.#turns.length).map((h) => `Result: ${h}`))
      .join("\n");
    const { value } = await this.#ask("summarizer", "history_summary", summarySchema, "history summary", [
      {
        role: "user",
        content: renderPrompt("step-summarizer", { goal: this.#o.goal, previous: this.#summary ?? "(none)", steps }),
      },
    ]);
    const replaced = this.#turns.length;
    this.#summary = value.summary;
    this.#turns = [];
    this.#stats.summaries++;
    this.#emit({ type: "history_summary", step, summary: value.summary, replacedTurns: replaced });
  }

  async #pinned() {
    const lessons: Lesson[] = this.#o.lessons ? await this.#o.lessons.forCase(this.#caseName) : [];
    const reference = this.#o.references ? await this.#o.references.latestStarred(this.#caseName) : undefined;
    return {
      goal: this.#o.goal,
      expected: this.#o.expected,
      secrets: this.#vault.names.map((n) => this.#vault.placeholder(n)),
      subgoals: this.#o.subgoals ?? [],
      reference: reference?.actions,
      avoid: lessons.map((l) => `${l.mistake} → ${l.advice}`),
    };
  }

  async #writeLesson(decision: LadderDecision): Promise<void> {
    if (!this.#o.lessons) return;
    const lesson: Lesson = this.#vault.redact({
      caseName: this.#caseName,
      mistake: decision.detail,
      advice: LESSON_ADVICE[decision.pattern ?? "repeated-action"],
      createdAt: this.#now(),
    });
    await this.#o.lessons.add(lesson);
    this.#emit({ type: "lesson_written", caseName: lesson.caseName, mistake: lesson.mistake, advice: lesson.advice });
  }

  async #saveReference(): Promise<void> {
    if (!this.#o.references) return;
    await this.#o.references.save({
      runId: this.#o.runId ?? `run-${Math.random().toString(36).slice(2, 10)}`,
      caseName: this.#caseName,
      status: "pass",
      actions: this.#vault.redact([...this.#actions]),
      starred: false,
      finishedAt: this.#now(),
    });
  }

  async #execute(action: StepAction, current: Perception) {
    return executeAction(action, {
      session: this.#o.session,
      elements: current.elements,
      mapping: current.annotated?.mapping,
      visionFallback: current.view.needsVision || current.elements.length === 0,
      vault: this.#vault,
      mask: this.#mask,
      package: current.view.package,
      sleep: this.#run.sleep,
      signal: this.#o.signal,
    });
  }

  /** The screen step `step` acted on, with what it did drawn on it (before its step log). */
  #picture(step: number, acted: Perception, mark: ActionMark): Promise<void> {
    return this.#frames.record(
      { group: STEP_MODE_GROUP, step_num: step, attempt: 1 },
      acted.shot,
      mark,
      acted.view.screen,
    );
  }

  #perceive(): Promise<Perception> {
    return perceive(this.#o.session, {
      mask: this.#mask,
      vision: this.#o.vision,
      elementTokens: this.#limits.elementTokens,
      signal: this.#o.signal,
    });
  }

  #callOptions() {
    return this.#run.callOptions();
  }

  #ask<T>(
    role: ModelRole,
    schemaName: string,
    schema: JsonRequest<T>["schema"],
    purpose: string,
    messages: ChatMessage[],
  ): Promise<{ value: T; call: ModelCallRecord }> {
    return askJson(this.#calls, this.#o.model, role, schemaName, schema, purpose, messages);
  }

  get #calls(): ModelCallContext {
    return this.#run.modelContext();
  }

  #log(log: StepLog): void {
    const redacted = this.#vault.redact(log);
    this.#logs.push(redacted);
    this.#emit({ type: "step_log", log: redacted });
  }

  #emit(event: AgentEvent): void {
    this.#run.emit(event);
  }
}
