/**
 * Agent mode "script": the task's remote-control actions in order, no model — for smoke tests and
 * load. Each action is recorded like any agent's step, so a script run has a timeline, a replay and a
 * report: step_started, the screen it acted on with what it did drawn on it (../step-frames.ts), and
 * step_finished with the change it caused; then run_finished. A phone that gives no tree or no
 * screenshot still runs the script: its steps say why they have no picture.
 */
import { type Action, parseAction, performAction } from "../../devices/actions.js";
import { Phone } from "../../devices/phone.js";
import type { DeviceSession, ScreenMask } from "../../devices/types.js";
import { type ActionMark, changeLevel, type ScreenSize, type UiElement } from "../../perception/index.js";
import type { Agent, AgentOutcome } from "../agent.js";
import { AgentRun, type BodyEnd } from "../agent-run.js";
import { stepMark } from "../chain/perform.js";
import type { ChainStep } from "../chain/schema.js";
import { type EventSink, emptyRunStats, type RunStats } from "../events.js";
import { NO_TREE } from "../frames.js";
import { type Observation, observe } from "../observe.js";
import { StepFrames } from "../step-frames.js";

/** The group a script's steps are recorded in (a replay leaves them out: re-run the script instead). */
export const SCRIPT_GROUP = "script";

/** Why a script task that turned pictures off has none (its report says so). */
export const PICTURES_OFF = "the task turned pictures off (pictures: false)";

export interface ScriptAgentOptions {
  session: DeviceSession;
  goal: string;
  /** Remote-control actions as the operator API takes them (devices/actions.ts), validated one by one. */
  actions: readonly unknown[];
  /** Task secrets: redacted from the record and painted over wherever the screen shows them. */
  secrets?: Readonly<Record<string, string>>;
  emit?: EventSink;
  signal?: AbortSignal;
  /** false: no look at the screen around the actions (no pictures, no change levels), for load tests. */
  pictures?: boolean;
}

export interface ScriptStats extends RunStats {
  actions: number;
}

export type ScriptRunResult = AgentOutcome<ScriptStats>;

/** An action as a step the viewers (and the step vocabulary) know; `target` is the element under a tap. */
export function scriptStep(action: Action, num: number, target: UiElement | undefined, focused?: UiElement): ChainStep {
  const at = (x: number, y: number) => ({
    x,
    y,
    element_id: target?.id ?? null,
    label: target?.label || `(${x}, ${y})`,
  });
  switch (action.action) {
    case "tap":
      return { step_num: num, action: "CLICK", ...at(action.x, action.y) };
    case "long_press":
      return { step_num: num, action: "LONG_PRESS", ...at(action.x, action.y) };
    case "swipe": {
      const [dx, dy] = [action.to_x - action.from_x, action.to_y - action.from_y];
      // The finger moves one way, the content the other: a swipe up scrolls down.
      const direction = Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? "down" : "up") : dx < 0 ? "right" : "left";
      const label = `swipe (${action.from_x}, ${action.from_y}) → (${action.to_x}, ${action.to_y})`;
      return { step_num: num, action: "SCROLL", label, x: action.from_x, y: action.from_y, direction };
    }
    case "scroll":
      return {
        step_num: num,
        action: "SCROLL",
        label: `scroll ${action.direction}`,
        direction: action.direction,
        scroll_px: action.amount_px ?? null,
      };
    case "input":
      return {
        step_num: num,
        action: "INPUT",
        label: focused?.label || "focused field",
        value: action.text,
        submit_enter: action.submit ?? false,
      };
    case "key":
      return action.key === "back"
        ? { step_num: num, action: "BACK", label: "back" }
        : { step_num: num, action: "KEY", label: action.key, value: action.key };
    case "launch":
      return { step_num: num, action: "NAVIGATE", label: action.package, value: action.package };
    case "open_url":
      return { step_num: num, action: "NAVIGATE", label: action.url, value: action.url };
  }
}

/** The smallest element whose bounds hold the point: what a tap there lands on. */
function under(elements: readonly UiElement[], x: number, y: number): UiElement | undefined {
  const area = (e: UiElement) => (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]);
  return elements
    .filter((e) => x >= e.bounds[0] && x < e.bounds[2] && y >= e.bounds[1] && y < e.bounds[3])
    .sort((a, b) => area(a) - area(b))[0];
}

/** What the action does, drawn on its screen: a swipe as its own arrow, the rest as their step. */
function scriptMark(action: Action, step: ChainStep, target: UiElement | undefined, elements: readonly UiElement[]) {
  if (action.action !== "swipe") return stepMark(step, target, elements);
  const mark: ActionMark = {
    gesture: { kind: "swipe", from: { x: action.from_x, y: action.from_y }, to: { x: action.to_x, y: action.to_y } },
    caption: step.label,
  };
  return mark;
}

export class ScriptAgent implements Agent<ScriptRunResult> {
  readonly #o: ScriptAgentOptions;
  readonly #run: AgentRun<ScriptStats>;
  readonly #frames: StepFrames;

  constructor(options: ScriptAgentOptions) {
    this.#o = options;
    this.#run = new AgentRun(options, { ...emptyRunStats(), actions: 0 });
    this.#frames = new StepFrames({
      session: options.session,
      emit: this.#run.emitter,
      redact: (text) => this.#run.vault.redact(text),
      signal: options.signal,
    });
  }

  get screenMask(): ScreenMask {
    return this.#run.screenMask;
  }

  run(): Promise<ScriptRunResult> {
    return this.#run.run("script", "none", () => this.#steps());
  }

  async #steps(): Promise<BodyEnd> {
    const actions = this.#o.actions;
    let before = await this.#look();
    for (const [index, raw] of actions.entries()) {
      if (this.#o.signal?.aborted) return { status: "cancelled", reason: "cancelled" };
      before = await this.#act(parseAction(raw), index + 1, before);
    }
    return { status: "done", reason: `${actions.length} actions ran` };
  }

  /** One action: its picture, the action, the screen after it (the next action's before). */
  async #act(action: Action, num: number, before: Observation | undefined): Promise<Observation | undefined> {
    const elements = before?.view.elements ?? [];
    const target = "x" in action ? under(elements, action.x, action.y) : undefined;
    const step = scriptStep(
      action,
      num,
      target,
      elements.find((e) => e.editable && e.focused),
    );
    const key = { group: SCRIPT_GROUP, step_num: num, attempt: 1 };
    const started = performance.now();
    this.#run.emit({ type: "step_started", group: SCRIPT_GROUP, step, attempt: 1 });
    const shot = before ? await this.#frames.take(before) : { missing: this.#noScreenWhy() };
    // No picture (pictures: false, no tree): no mark to draw either.
    if (shot.missing !== undefined) this.#frames.missing(key, shot.missing);
    else await this.#frames.record(key, shot, scriptMark(action, step, target, elements), this.#screen(before));
    const finished = (verdict: "OK" | "ERROR", reason: string, after?: Observation) => {
      const change = before && after ? changeLevel(before.view, after.view) : undefined;
      this.#run.emit({
        type: "step_finished",
        group: SCRIPT_GROUP,
        step,
        attempt: 1,
        level: change?.level ?? 0,
        change: change
          ? change.summary || "nothing changed"
          : this.#o.pictures === false
            ? "not looked at"
            : "not seen (no screen tree)",
        verdict,
        source: "script",
        reason,
        ms: Math.round(performance.now() - started),
        ...(target ? { target: { fingerprint: target.meta.fingerprint, label: target.label, tag: target.tag } } : {}),
        ...(after ? { afterPackage: after.view.package } : {}),
      });
    };
    try {
      await performAction(new Phone(this.#o.session), action, this.#run.callOptions());
    } catch (error) {
      finished("ERROR", error instanceof Error ? error.message : String(error));
      throw error;
    }
    this.#run.stats.actions++;
    this.#run.stats.stepsExecuted++;
    const after = await this.#look();
    finished("OK", "the phone carried it out", after);
    return after;
  }

  /** The screen now, or undefined when the phone gives no tree (the script runs on regardless). */
  async #look(): Promise<Observation | undefined> {
    if (this.#o.pictures === false) return undefined;
    try {
      return await observe(this.#o.session, this.#o.signal, this.#run.mask);
    } catch (error) {
      if (this.#o.signal?.aborted) throw error;
      return undefined;
    }
  }

  #noScreenWhy(): string {
    return this.#o.pictures === false ? PICTURES_OFF : NO_TREE;
  }

  #screen(obs: Observation | undefined): ScreenSize {
    const { width, height } = this.#o.session.info.screen;
    return obs?.view.screen ?? { w: width, h: height };
  }
}
