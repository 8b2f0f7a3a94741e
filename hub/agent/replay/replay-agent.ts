/**
 * Agent mode "replay": re-run a recorded run's steps without the model. Before each step the target
 * is looked up by fingerprint (a moved element is tapped at its current center); after it the
 * recorded change must show again. Only a step that diverges costs model calls: a coordinate refresh
 * when the target is gone, a short plan back onto the recorded path when something (a popup) is in
 * the way. The replay is recorded like any run, so it can be starred and replayed in turn.
 */

import { Phone } from "../../devices/phone.js";
import type { ScreenMask } from "../../devices/types.js";
import { HubError } from "../../errors/hub-error.js";
import { itemAt } from "../../errors/invariant.js";
import type { JsonRequest, ModelRole } from "../../llm/model.js";
import { changeLevel, type UiElement } from "../../perception/index.js";
import type { Agent } from "../agent.js";
import { AgentRun, type BodyEnd } from "../agent-run.js";
import { elementAt, groundSteps, normalizeLabel } from "../chain/grounding.js";
import { describeStep, performStep, stepMark } from "../chain/perform.js";
import { chainPrompt } from "../chain/prompts.js";
import { refreshCoordinates } from "../chain/refresh.js";
import { type ActionChain, actionChainSchema, type ChainStep, needsTarget, refreshSchema } from "../chain/schema.js";
import { type AgentEvent, emptyRunStats } from "../events.js";
import { askJson } from "../model-calls.js";
import { describeScreen, type Observation, observe } from "../observe.js";
import type { SecretMask } from "../secret-mask.js";
import type { SecretVault } from "../secrets.js";
import { StepFrames, type StepKey } from "../step-frames.js";
import { IDEMPOTENT, judgeStep, type StepVerdict } from "./judge.js";
import { covered, locateTarget } from "./locate.js";
import {
  DEFAULT_REPLAY_LIMITS,
  type ReplayAgentOptions,
  type ReplayLimits,
  type ReplayRunResult,
  type ReplayStats,
} from "./options.js";
import { RECOVERY_GROUP, type RecordedStep, secretNames } from "./recorded.js";

export { locateTarget } from "./locate.js";
export {
  DEFAULT_REPLAY_LIMITS,
  type ReplayAgentOptions,
  type ReplayLimits,
  type ReplayRunResult,
  type ReplayStats,
} from "./options.js";

type Outcome = Extract<AgentEvent, { type: "replay_step" }>["outcome"];

/** Where a step goes this time: the step with current coordinates, and how they were found. */
type Placement =
  | { kind: "placed"; step: ChainStep; element: UiElement | undefined; how: Outcome; obs: Observation }
  | { kind: "skip" }
  | { kind: "lost"; reason: string };

export class ReplayAgent implements Agent<ReplayRunResult> {
  readonly #o: ReplayAgentOptions;
  readonly #limits: ReplayLimits;
  readonly #run: AgentRun<ReplayStats>;
  readonly #frames: StepFrames;
  readonly #recent: string[] = [];

  constructor(options: ReplayAgentOptions) {
    this.#o = options;
    this.#limits = { ...DEFAULT_REPLAY_LIMITS, ...options.limits };
    const goal = options.goal ?? `replay of run ${options.source ?? "(unknown)"}`;
    const stats = { ...emptyRunStats(), recordedSteps: options.steps.length, hits: 0, skipped: 0, hitRate: 1 };
    this.#run = new AgentRun({ ...options, goal }, stats);
    this.#frames = new StepFrames({
      session: options.session,
      emit: this.#run.emitter,
      redact: (text) => this.#vault.redact(text),
      signal: options.signal,
    });
  }

  get stats(): ReplayStats {
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

  get #stats(): ReplayStats {
    return this.#run.stats;
  }

  run(): Promise<ReplayRunResult> {
    return this.#run.run(
      "replay",
      "replay",
      () => this.#steps(),
      () => {
        const s = this.#stats;
        const replayed = s.recordedSteps - s.skipped;
        s.hitRate = replayed > 0 ? Math.round((s.hits / replayed) * 1000) / 1000 : 1;
      },
    );
  }

  async #steps(): Promise<BodyEnd> {
    this.#emit({ type: "replay_started", source: this.#o.source, steps: this.#o.steps.length });
    const missing = secretNames(this.#o.steps).filter((name) => !this.#vault.names.includes(name));
    if (missing.length > 0) {
      throw new HubError("INVALID_BODY", `the recorded run needs secrets: ${missing.join(", ")}`);
    }
    for (let i = 0; i < this.#o.steps.length; i++) {
      const failure = await this.#replayStep(itemAt(this.#o.steps, i, "recorded step"));
      if (failure) return { status: "failed", reason: `recorded step ${i + 1}: ${failure}` };
    }
    return { status: "done", reason: "all recorded steps replayed" };
  }

  /** Does the placed step on the phone and returns the screen once it settled. */
  async #act(
    group: string,
    step: ChainStep,
    element: UiElement | undefined,
    before: Observation,
    attempt: number,
  ): Promise<Observation> {
    this.#emit({ type: "step_started", group, step, attempt });
    await this.#picture({ group, step_num: step.step_num, attempt }, step, element, before);
    await this.#perform(step, element, before);
    await this.#run.sleep(this.#limits.settleMs);
    return this.#observe();
  }

  #emitVerdict(
    rec: RecordedStep,
    step: ChainStep,
    element: UiElement | undefined,
    attempt: number,
    verdict: StepVerdict,
    after: Observation,
    started: number,
  ): void {
    const { ok, missed } = verdict;
    this.#emit({
      type: "step_finished",
      group: rec.group,
      step,
      attempt,
      level: verdict.level,
      change: verdict.change,
      verdict: ok ? "OK" : missed ? "FAST_RETRY" : "ERROR",
      source: "replay",
      reason: verdict.reason,
      ms: Math.round(performance.now() - started),
      ...(element ? { target: { fingerprint: element.meta.fingerprint, label: element.label, tag: element.tag } } : {}),
      afterPackage: after.view.package,
    });
  }

  /** Counts and records how a recorded step went; returns why it failed, or undefined. */
  #stepDone(rec: RecordedStep, calls: number, outcome: Outcome, detail: string, failed: boolean): string | undefined {
    const hit = !failed && calls === 0 && outcome !== "skipped";
    if (hit) this.#stats.hits++;
    if (outcome === "skipped") this.#stats.skipped++;
    const { step_num, label } = rec.step;
    this.#emit({ type: "replay_step", step_num, label, hit, calls, outcome: failed ? "failed" : outcome, detail });
    return failed ? detail : undefined;
  }

  /** One recorded step: place, act, check; returns why it failed, or undefined. */
  async #replayStep(rec: RecordedStep): Promise<string | undefined> {
    const callsBefore = this.#stats.modelCalls;
    const done = (outcome: Outcome, detail: string, failed = false) =>
      this.#stepDone(rec, this.#stats.modelCalls - callsBefore, outcome, detail, failed);
    let refreshes = 0;
    let recoveries = 0;
    let detoured = false;
    let obs = await this.#observe();
    for (let attempt = 1; ; attempt++) {
      const placement = await this.#place(
        rec,
        obs,
        () => refreshes++ < this.#limits.maxRefreshes,
        () => recoveries++ < this.#limits.maxRecoveries,
      );
      if (placement.kind === "skip") return done("skipped", "a recorded detour that is not needed now");
      if (placement.kind === "lost") return done("failed", placement.reason, true);
      const { step, element, how } = placement;
      const before = placement.obs;
      const started = performance.now();
      const after = await this.#act(rec.group, step, element, before, attempt);
      const verdict = judgeStep(rec, step, before, after, detoured);
      const { ok, missed, wrongApp, unexpected, change } = verdict;
      this.#emitVerdict(rec, step, element, attempt, verdict, after, started);
      obs = after;
      if (ok) return done(detoured ? "recovered" : how, `${step.action} "${step.label}": ${change}`);
      if (wrongApp) return done("failed", `expected ${rec.afterPackage}, now in ${after.view.package}`, true);
      if (missed) {
        // The tap landed nowhere: let the next placement refresh coordinates (a model call).
        if (refreshes >= this.#limits.maxRefreshes || !needsTarget(step)) {
          return done("failed", `${step.action} "${step.label}" changed nothing`, true);
        }
        rec = { ...rec, target: undefined, step: { ...rec.step, x: -1, y: -1, element_id: null } };
        continue;
      }
      // Something new took over the screen: get back onto the path, then redo the step if that is safe.
      if (recoveries++ >= this.#limits.maxRecoveries) {
        return done("failed", `unexpected dialog after ${step.action} "${step.label}"`, true);
      }
      obs = await this.#recover(
        rec,
        after,
        `an unexpected dialog appeared: ${unexpected.map((d) => d.title).join(", ")}`,
      );
      detoured = true;
      if (!IDEMPOTENT.has(step.action)) return done("recovered", `${step.action} "${step.label}" done, then recovered`);
    }
  }

  /** Finds where the step's target is now; may refresh coordinates or plan a detour (model calls). */
  async #place(
    rec: RecordedStep,
    initial: Observation,
    mayRefresh: () => boolean,
    mayRecover: () => boolean,
  ): Promise<Placement> {
    let obs = initial;
    let how: Outcome = "hit";
    if (!needsTarget(rec.step)) return { kind: "placed", step: { ...rec.step }, element: undefined, how, obs };
    let refreshed: UiElement | undefined;
    for (;;) {
      const found = refreshed ?? locateTarget(rec, obs.view.elements);
      if (found && !covered(obs, found)) {
        const moved = found.cx !== rec.step.x || found.cy !== rec.step.y;
        if (how === "hit" && moved) how = "moved";
        return {
          kind: "placed",
          step: { ...rec.step, x: found.cx, y: found.cy, element_id: found.id },
          element: found,
          how,
          obs,
        };
      }
      if (rec.optional) return { kind: "skip" };
      if (!found && !refreshed && mayRefresh()) {
        refreshed = await this.#refresh(rec.step, obs);
        if (refreshed) how = "refreshed";
        continue;
      }
      if (!mayRecover()) {
        return {
          kind: "lost",
          reason: found
            ? `"${rec.step.label}" is covered by ${obs.view.dialogs.map((d) => d.title || "a dialog").join(", ")}`
            : `"${rec.step.label}" is not on screen`,
        };
      }
      const why = found
        ? `"${rec.step.label}" is covered by a dialog`
        : `"${rec.step.label}" is not on screen (package ${obs.view.package})`;
      obs = await this.#recover(rec, obs, why);
      refreshed = undefined;
      how = "recovered";
    }
  }

  /** A coordinate refresh for one step; the element the answer (or the label) points at, if any. */
  async #refresh(step: ChainStep, obs: Observation): Promise<UiElement | undefined> {
    if (!this.#o.model) return undefined;
    this.#stats.refreshes++;
    const answer = await this.#ask("planner", "coordinate_refresh", refreshSchema, "refresh coordinates", [
      {
        role: "user",
        content: chainPrompt("chain-refresh", { steps: describeStep(step), screen: describeScreen(obs) }),
      },
    ]);
    const { steps, patches } = refreshCoordinates([step], answer, obs.view.elements);
    this.#emit({ type: "refresh", group: "replay", step_num: step.step_num, patches });
    const patched = steps[0];
    if (!patched || typeof patched.x !== "number" || typeof patched.y !== "number") return undefined;
    const element = elementAt(obs.view.elements, patched.x, patched.y);
    if (!element) return undefined;
    // Unpatched coordinates count only if the element there still carries the step's label.
    return patches.length > 0 || normalizeLabel(element.label) === normalizeLabel(step.label) ? element : undefined;
  }

  /** One planning cycle toward the recorded step's precondition. */
  #planBack(rec: RecordedStep, obs: Observation, why: string): Promise<ActionChain> {
    const names = this.#vault.names;
    return this.#ask("planner", "action_chain", actionChainSchema, "plan back to path", [
      {
        role: "user",
        content: chainPrompt("chain-planner", {
          goal: `get back to: ${rec.step.label}`,
          secrets: names.length
            ? `Secret values available as placeholders: ${names.map((n) => this.#vault.placeholder(n)).join(", ")}`
            : "",
          context: "",
          recent: this.#recent.slice(-8).join("\n") || "(none)",
          failure: `Replaying a recorded run, the next step is ${describeStep(rec.step)}, but ${why}. Plan only the steps that make it possible again; do not do that step itself.`,
          screen: describeScreen(obs),
        }),
      },
    ]);
  }

  /**
   * A short plan back onto the recorded path ("get back to: <label>"), one planning cycle, grounded
   * like any chain plan. Its steps are recorded in the "recovery" group, so a replay of this replay
   * repeats them only when their target shows up again.
   */
  async #recover(rec: RecordedStep, obs: Observation, why: string): Promise<Observation> {
    if (!this.#o.model) throw new HubError("MODEL_NOT_CONFIGURED", `replay diverged (${why}) and no model is set`);
    this.#stats.replans++;
    this.#emit({ type: "replan", group: RECOVERY_GROUP, reason: why });
    const chain = await this.#planBack(rec, obs, why);
    const grounding = groundSteps(chain.steps, obs.view.elements);
    const steps = grounding.steps.slice(0, this.#limits.maxRecoverySteps);
    this.#emit({
      type: "plan",
      group: RECOVERY_GROUP,
      cycle: 1,
      chain: { ...chain, steps },
      snapped: grounding.snapped.map((s) => ({ step_num: s.step_num, by: s.by })),
      reasked: false,
    });
    let current = obs;
    for (const step of steps) {
      const started = performance.now();
      const element =
        typeof step.x === "number" && typeof step.y === "number"
          ? elementAt(current.view.elements, step.x, step.y)
          : undefined;
      const after = await this.#act(RECOVERY_GROUP, step, element, current, 1);
      const report = changeLevel(current.view, after.view);
      const worked = report.level > 0 || !needsTarget(step);
      this.#emit({
        type: "step_finished",
        group: RECOVERY_GROUP,
        step,
        attempt: 1,
        level: report.level,
        change: report.summary || "nothing changed",
        verdict: worked ? "OK" : "FAST_RETRY",
        source: "replay",
        reason: worked ? "detour step changed the screen" : "detour step changed nothing",
        ms: Math.round(performance.now() - started),
        ...(element
          ? { target: { fingerprint: element.meta.fingerprint, label: element.label, tag: element.tag } }
          : {}),
        afterPackage: after.view.package,
      });
      current = after;
      if (!worked) break;
    }
    return current;
  }

  /** The screen the step is about to act on, with what it will do drawn on it. */
  async #picture(key: StepKey, step: ChainStep, target: UiElement | undefined, before: Observation): Promise<void> {
    const shot = await this.#frames.take(before);
    await this.#frames.record(key, shot, stepMark(step, target, before.view.elements), before.view.screen);
  }

  #observe(): Promise<Observation> {
    return observe(this.#o.session, this.#o.signal, this.#mask);
  }

  async #perform(step: ChainStep, target: UiElement | undefined, before: Observation): Promise<void> {
    await performStep(new Phone(this.#o.session), step, this.#vault, this.#run.sleep, this.#o.signal);
    if (step.action === "INPUT") this.#mask.typed(step.value ?? "", target, before.view);
    this.#stats.stepsExecuted++;
    this.#recent.push(describeStep(step));
  }

  async #ask<T>(
    role: ModelRole,
    schemaName: string,
    schema: JsonRequest<T>["schema"],
    purpose: string,
    messages: JsonRequest<T>["messages"],
  ): Promise<T> {
    const model = this.#o.model;
    if (!model) throw new HubError("MODEL_NOT_CONFIGURED", `replay needs the model to ${purpose}`);
    return (await askJson(this.#run.modelContext(), model, role, schemaName, schema, purpose, messages)).value;
  }

  #emit(event: AgentEvent): void {
    this.#run.emit(event);
  }
}
