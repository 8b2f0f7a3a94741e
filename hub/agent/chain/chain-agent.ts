/**
 * Agent mode "chain": plan a screen's worth of steps at once, execute them, verify each as cheaply
 * as the UI change allows, refresh only coordinates when a tap misses, replan when the plan no
 * longer fits. Depends on interfaces only: Model, DeviceSession, an event sink.
 */

import { Phone } from "../../devices/phone.js";
import type { ScreenMask } from "../../devices/types.js";
import { HubError } from "../../errors/hub-error.js";
import { itemAt } from "../../errors/invariant.js";
import type { JsonRequest, ModelRole } from "../../llm/model.js";
import { changeLevel } from "../../perception/index.js";
import type { Agent } from "../agent.js";
import { AgentRun, type BodyEnd } from "../agent-run.js";
import { type AgentEvent, emptyRunStats, type RunStats } from "../events.js";
import { claimChecked, claimVerdictSchema, type FinishVerdict, verifyFinish } from "../finish.js";
import { captureFrame } from "../frames.js";
import { askJson } from "../model-calls.js";
import { describeScreen, type Observation, observe } from "../observe.js";
import type { SecretMask } from "../secret-mask.js";
import type { SecretVault } from "../secrets.js";
import { StepFrames } from "../step-frames.js";
import { TaskApp } from "../task-app.js";
import { finishUsesEconomy } from "./economy.js";
import { elementAt, groundSteps } from "./grounding.js";
import { askPastWall, performUnlessStale, STALE } from "./human-wall.js";
import { type ChainAgentOptions, type ChainLimits, type ChainRunResult, DEFAULT_CHAIN_LIMITS } from "./options.js";
import { describeStep, stepMark } from "./perform.js";
import { chainPrompt } from "./prompts.js";
import { refreshCoordinates } from "./refresh.js";
import {
  type ActionChain,
  actionChainSchema,
  type ChainStep,
  type Refresh,
  refreshSchema,
  type TaskGroups,
  taskGroupsSchema,
} from "./schema.js";
import { judgeStep, type StepCheckContext, stepFinished } from "./verify-step.js";

export { type ChainAgentOptions, type ChainLimits, type ChainRunResult, DEFAULT_CHAIN_LIMITS } from "./options.js";

type StepOutcome = { ok: true; after: Observation } | { ok: false; reason: string; after: Observation };

type GroupOutcome = { ok: true; confirmed: string } | { ok: false; reason: string };

/** Why a plan without steps is not a success: only a checked goal_reached claim is. */
export const NO_STEPS = "the planner produced no steps and the goal is not reached";

const MULTI_TASK = /\b(then|after that|afterwards|and also|next)\b|;|\n/i;

export class ChainAgent implements Agent<ChainRunResult> {
  readonly #o: ChainAgentOptions;
  readonly #limits: ChainLimits;
  readonly #run: AgentRun;
  readonly #taskApp: TaskApp;
  readonly #recent: string[] = [];
  readonly #frames: StepFrames;
  /** The latest frame taken before an action: the A of the goal check's A+B frame. */
  #lastShot: Buffer | undefined;

  constructor(options: ChainAgentOptions) {
    this.#o = options;
    this.#limits = { ...DEFAULT_CHAIN_LIMITS, ...options.limits };
    this.#run = new AgentRun(options, emptyRunStats());
    this.#taskApp = new TaskApp(options.app);
    this.#recent.push(...(options.history ?? []).map((line) => `${line} (before the hub restarted)`));
    this.#frames = new StepFrames({
      session: options.session,
      emit: this.#run.emitter,
      redact: (text) => this.#vault.redact(text),
      signal: options.signal,
      off: options.frames === false ? "screenshots are turned off for this run" : undefined,
    });
  }

  get stats(): RunStats {
    return this.#stats;
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

  get #stats(): RunStats {
    return this.#run.stats;
  }

  run(): Promise<ChainRunResult> {
    return this.#run.run("chain", this.#o.verification ?? "economy", () => this.#goal());
  }

  /** Every group of the goal in turn; the first that fails ends the run. */
  async #goal(): Promise<BodyEnd> {
    const groups = await this.#groups();
    const confirmed: string[] = [];
    for (const [index, group] of groups.entries()) {
      this.#emit({ type: "group_started", group: group.id, goal: group.goal });
      const outcome = await this.#runGroup(group.id, group.goal, index === groups.length - 1);
      if (!outcome.ok) return { status: "failed", reason: `${group.id}: ${outcome.reason}` };
      confirmed.push(groups.length > 1 ? `${group.id}: ${outcome.confirmed}` : outcome.confirmed);
    }
    this.#stats.confirmedBy = confirmed.join("; ");
    return { status: "done", reason: `goal confirmed by ${this.#stats.confirmedBy}` };
  }

  async #groups(): Promise<{ id: string; goal: string }[]> {
    const mode = this.#o.taskChain ?? "auto";
    if (mode === "off" || (mode === "auto" && !MULTI_TASK.test(this.#o.goal))) {
      return [{ id: "task_01", goal: this.#o.goal }];
    }
    const plan: TaskGroups = await this.#ask("planner", "task_groups", taskGroupsSchema, "task groups", [
      { role: "user", content: chainPrompt("chain-task-groups", { goal: this.#o.goal }) },
    ]);
    this.#emit({
      type: "task_groups",
      summary: plan.plan_summary,
      tasks: plan.tasks.map((t) => ({ id: t.id, goal: t.goal })),
    });
    return plan.tasks.map((t) => ({ id: t.id, goal: t.goal }));
  }

  /** One group to a checked finish; only the last group is held to the task's expected result. */
  async #runGroup(group: string, goal: string, last: boolean): Promise<GroupOutcome> {
    let failure: string | undefined;
    let replans = 0;
    let obs = await this.#observe();
    this.#taskApp.started(obs.view.package);
    for (let cycle = 1; cycle <= this.#limits.maxCycles; cycle++) {
      const chain = await this.#plan(group, cycle, goal, obs, failure);
      failure = undefined;
      if (chain.goal_reached) {
        // A claim like step mode's mark_done: checked on the settled screen before the group is done.
        const claim = await this.#checkGoal(goal, chain, obs, last);
        obs = claim.settled;
        if (claim.verdict.accepted) return { ok: true, confirmed: claim.verdict.check };
        failure = `the planner claimed the goal is reached, but the check disagrees: ${claim.verdict.gap}`;
      } else if (chain.steps.length === 0) {
        failure = NO_STEPS;
      } else {
        const steps = [...chain.steps];
        for (let i = 0; i < steps.length; i++) {
          const outcome = await this.#executeStep(group, goal, steps, i, obs);
          obs = outcome.after;
          if (!outcome.ok) {
            failure = outcome.reason;
            break;
          }
        }
      }
      if (failure) {
        if (++replans > this.#limits.maxReplans)
          return { ok: false, reason: `gave up after ${replans - 1} replans: ${failure}` };
        this.#stats.replans++;
        this.#emit({ type: "replan", group, reason: failure });
      }
    }
    return { ok: false, reason: `goal not reached after ${this.#limits.maxCycles} planning cycles` };
  }

  /** The goal_reached claim against the settled screen: a deterministic check, else the verifier model. */
  async #checkGoal(
    goal: string,
    chain: ActionChain,
    atClaim: Observation,
    last: boolean,
  ): Promise<{ verdict: FinishVerdict; settled: Observation }> {
    await this.#run.sleep(this.#limits.settleMs);
    const settled = await this.#observe();
    const vision = this.#o.frames !== false && this.#o.model.supportsVision("verifier");
    const claim = { status: "pass" as const, reason: chain.task_summary };
    const verdict = await verifyFinish({
      claim,
      goal,
      expected: last ? this.#o.expected : undefined,
      check: last ? this.#o.check : undefined,
      economy: finishUsesEconomy(this.#o.verification),
      change: changeLevel(atClaim.view, settled.view).summary || "nothing changed",
      atClaim: { view: atClaim.view, elements: atClaim.view.elements, text: describeScreen(atClaim) },
      settled: { view: settled.view, elements: settled.view.elements, text: describeScreen(settled) },
      // A: the last action's moment (the frame before it); B: the settled screen now.
      frames: vision
        ? async () => {
            const b = await captureFrame(this.#o.session, settled, this.#o.signal);
            return { a: this.#lastShot ?? b, b };
          }
        : undefined,
      ask: async (messages) => {
        this.#stats.verifierCalls++;
        return this.#ask("verifier", "claim_verdict", claimVerdictSchema, "check goal", messages);
      },
    });
    this.#emit(claimChecked(this.#stats.stepsExecuted, claim, verdict));
    if (!verdict.accepted) this.#recent.push(`goal_reached claim rejected: ${verdict.gap}`);
    return { verdict, settled };
  }

  /** Plans, grounds every coordinate, and re-asks once for steps that cannot be grounded. */
  async #plan(group: string, cycle: number, goal: string, obs: Observation, failure?: string): Promise<ActionChain> {
    const prompt = chainPrompt("chain-planner", {
      goal,
      secrets: this.#vault.names.length
        ? `Secret values available as placeholders: ${this.#vault.names.map((n) => this.#vault.placeholder(n)).join(", ")}`
        : "",
      context: this.#contextText(),
      recent: this.#recent.slice(-8).join("\n") || "(none)",
      failure: [
        failure ? `The previous plan failed: ${failure}\nMake a new plan from the current screen.` : "",
        this.#leftApp(obs),
      ]
        .filter(Boolean)
        .join("\n"),
      screen: describeScreen(obs),
    });
    const messages = [{ role: "user" as const, content: prompt }];
    let chain = await this.#ask("planner", "action_chain", actionChainSchema, "plan", messages);
    let grounding = groundSteps(chain.steps, obs.view.elements);
    let reasked = false;
    if (grounding.ungrounded.length > 0) {
      reasked = true;
      const problems = grounding.ungrounded.map((u) => `- step ${u.step_num}: ${u.reason}`).join("\n");
      chain = await this.#ask("planner", "action_chain", actionChainSchema, "re-ground plan", [
        ...messages,
        { role: "assistant", content: JSON.stringify(chain) },
        { role: "user", content: chainPrompt("chain-regrounding", { problems, screen: describeScreen(obs) }) },
      ]);
      grounding = groundSteps(chain.steps, obs.view.elements);
      if (grounding.ungrounded.length > 0) {
        // Never execute a step that points nowhere: fail this cycle so the caller replans.
        throw new HubError(
          "MODEL_INVALID_OUTPUT",
          `plan still points at unlisted coordinates: ${grounding.ungrounded.map((u) => u.reason).join("; ")}`,
        );
      }
    }
    const grounded = { ...chain, steps: grounding.steps };
    this.#emit({
      type: "plan",
      group,
      cycle,
      chain: grounded,
      snapped: grounding.snapped.map((s) => ({ step_num: s.step_num, by: s.by })),
      reasked,
    });
    return grounded;
  }

  async #executeStep(
    group: string,
    goal: string,
    steps: ChainStep[],
    index: number,
    initial: Observation,
  ): Promise<StepOutcome> {
    let before = initial;
    let refreshes = 0;
    for (let attempt = 1; ; attempt++) {
      const step = itemAt(steps, index, "step");
      const started = performance.now();
      this.#emit({ type: "step_started", group, step, attempt });
      const { seen, shot } = await this.#frameBefore(group, step, attempt, before);
      if (!(await performUnlessStale(new Phone(this.#o.session), step, this.#vault, this.#run.sleep, this.#o.signal)))
        return { ok: false, reason: `step ${step.step_num} (${step.label}) ${STALE}`, after: await this.#observe() };
      if (step.action === "INPUT") this.#mask.typed(step.value ?? "", seen, before.view);
      // Going to another app on purpose is not leaving the task (a URL: whichever app opened it).
      const navigated = step.action === "NAVIGATE" ? (step.value ?? "").trim() : "";
      this.#stats.stepsExecuted++;
      this.#recent.push(describeStep(step));
      await this.#run.sleep(this.#limits.settleMs);
      let after = await this.#observe();
      if (navigated) this.#taskApp.chose(/:\/\//.test(navigated) ? after.view.package : navigated);
      const waited = await this.#judgeAfterWaits(goal, step, before, after, shot.image);
      const judged = waited.judged;
      after = waited.after;
      this.#emit(stepFinished(group, step, attempt, judged, seen, after, performance.now() - started));
      if (judged.wall) {
        const reason = await askPastWall(this.#o.session, judged.wall, judged.reason, this.#o.signal);
        this.#recent.push(reason);
        return { ok: false, reason, after: await this.#observe() };
      }
      if (judged.verdict === "OK") return { ok: true, after };
      if (judged.verdict === "ERROR" || judged.verdict === "WAIT") {
        return { ok: false, reason: `step ${step.step_num} (${step.label}): ${judged.reason}`, after };
      }
      // RETRY / FAST_RETRY: the plan stands, only coordinates are refreshed.
      if (refreshes >= this.#limits.maxRefreshes) {
        return {
          ok: false,
          reason: `step ${step.step_num} (${step.label}) had no effect after ${refreshes} coordinate refreshes`,
          after,
        };
      }
      refreshes++;
      this.#stats.refreshes++;
      const patches = await this.#refresh(steps, index, after);
      this.#emit({ type: "refresh", group, step_num: step.step_num, patches });
      before = after;
    }
  }

  /** The step's frame before acting, marked where it aims, for the log; `seen` is what it aims at. */
  async #frameBefore(group: string, step: ChainStep, attempt: number, before: Observation) {
    // What the step aims at, as seen before acting: replay finds it again by fingerprint.
    const seen =
      typeof step.x === "number" && typeof step.y === "number"
        ? elementAt(before.view.elements, step.x, step.y)
        : undefined;
    const shot = await this.#frames.take(before);
    if (shot.image) this.#lastShot = shot.image;
    await this.#frames.record(
      { group, step_num: step.step_num, attempt },
      shot,
      stepMark(step, seen, before.view.elements),
      before.view.screen,
    );
    return { seen, shot };
  }

  /** Judges the step, waiting and looking again while the judge says the screen is still changing. */
  async #judgeAfterWaits(goal: string, step: ChainStep, before: Observation, after: Observation, image?: Buffer) {
    let judged = await judgeStep(this.#checks, goal, step, before, after, image);
    for (let waits = 0; judged.verdict === "WAIT" && waits < this.#limits.maxWaits; waits++) {
      await this.#run.sleep(Math.min(10, Math.max(0.5, judged.waitSec)) * 1000);
      after = await this.#observe();
      judged = await judgeStep(this.#checks, goal, step, before, after, image);
    }
    return { judged, after };
  }

  /** What judgeStep needs from this run. */
  get #checks(): StepCheckContext {
    return {
      model: this.#o.model,
      session: this.#o.session,
      signal: this.#o.signal,
      verification: this.#o.verification,
      stats: this.#stats,
      ask: (role, schemaName, schema, purpose, messages) => this.#ask(role, schemaName, schema, purpose, messages),
    };
  }

  async #refresh(steps: ChainStep[], index: number, obs: Observation) {
    const remaining = steps.slice(index);
    const answer: Refresh = await this.#ask("planner", "coordinate_refresh", refreshSchema, "refresh coordinates", [
      {
        role: "user",
        content: chainPrompt("chain-refresh", {
          steps: remaining.map(describeStep).join("\n"),
          screen: describeScreen(obs),
        }),
      },
    ]);
    const { steps: patched, patches } = refreshCoordinates(remaining, answer, obs.view.elements);
    steps.splice(index, patched.length, ...patched);
    return patches;
  }

  async #ask<T>(
    role: ModelRole,
    schemaName: string,
    schema: JsonRequest<T>["schema"],
    purpose: string,
    messages: JsonRequest<T>["messages"],
  ): Promise<T> {
    return (await askJson(this.#run.modelContext(), this.#o.model, role, schemaName, schema, purpose, messages)).value;
  }

  /** A word for the planner when the phone shows another app than the task's (see TaskApp). */
  #leftApp(obs: Observation): string {
    const outside = this.#taskApp.outside(obs.view.package);
    if (!outside) return "";
    const app = this.#taskApp.package;
    return `The phone left the task's app ${app} and shows ${outside}. Unless the task needs ${outside}, NAVIGATE back to ${app} first.`;
  }

  #observe(): Promise<Observation> {
    return observe(this.#o.session, this.#o.signal, this.#mask);
  }

  #contextText(): string {
    const context = this.#o.context;
    if (!context || context.size === 0) return "";
    return `Context:\n${[...context].map(([k, v]) => `- ${k}: ${v}`).join("\n")}`;
  }

  #emit(event: AgentEvent): void {
    this.#run.emit(event);
  }
}
