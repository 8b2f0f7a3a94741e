/**
 * The decaying recovery ladder, as a small pure class: the agent feeds it one record per executed
 * model action and carries out what it answers.
 *
 * Stuck patterns: the phone left the task's app; the same action repeated with no UI change; no UI
 * change for `idleSteps` steps in a row; oscillation between two screens (A B A B); a cycle of 2 to
 * `maxCycle` actions that comes back to where it started (the same actions on the same screen
 * fingerprints, twice in a row) — and then each time that cycle is completed again. Each stuck step
 * raises the level by one:
 *   1 a WARNING in the context · 2 the system presses back · 3 the system restarts the task's app ·
 *   4 the run is forced to fail and a lesson is written.
 * A healthy step lowers the level only after `decaySteps` healthy steps in a row, and by one — never
 * straight to 0 — so one unrelated action cannot escape the ladder. A step that belongs to a known
 * cycle is not healthy: going round the loop again is no progress.
 */
import { defined } from "../../errors/invariant.js";

export type RecoveryLevel = 0 | 1 | 2 | 3 | 4;
export type StuckPattern = "repeated-action" | "no-ui-change" | "oscillation" | "cycle" | "left-app";

export interface LadderOptions {
  /** Steps without any UI change that count as stuck (default 3). */
  idleSteps: number;
  /** How far back an identical no-effect action counts as a repeat (default 2). */
  repeatWindow: number;
  /** Healthy steps in a row needed to lower the level by one (default 2). */
  decaySteps: number;
  /** Longest cycle of actions looked for (default 6; the shortest is 2). */
  maxCycle: number;
}

export const DEFAULT_LADDER: LadderOptions = { idleSteps: 3, repeatWindow: 2, decaySteps: 2, maxCycle: 6 };

export interface StepRecord {
  /** Stable form of the action (tool + target), see describeTarget in the agent. */
  action: string;
  /** Screen before and after the action. */
  before: string;
  after: string;
  /** Change level 0..3 between before and after. */
  change: number;
  /** The package in front after the action when that is outside the task's app (see TaskApp). */
  outside?: string | undefined;
  /** What the task's app is, for the words of a left-app detail. */
  taskApp?: string | undefined;
}

export interface LadderDecision {
  level: RecoveryLevel;
  previous: RecoveryLevel;
  /** Set when this step was stuck. */
  pattern: StuckPattern | undefined;
  /** The level went up this step: the agent carries out the level's action once. */
  raised: boolean;
  /** Why, in words (for the warning, the event and the lesson). */
  detail: string;
}

interface KnownCycle {
  keys: string[];
  actions: string[];
  /** History length when it last raised the level: it raises again only after one more full turn. */
  raisedAt: number;
}

const MIN_CYCLE = 2;

function keyOf(step: StepRecord): string {
  return `${step.action}\u0001${step.before}\u0001${step.after}`;
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Whether `a` is `b` started at another point (the same loop entered elsewhere). */
function isRotation(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let shift = 0; shift < b.length; shift++) {
    if (a.every((v, i) => v === b[(i + shift) % b.length])) return true;
  }
  return false;
}

export class RecoveryLadder {
  readonly #options: LadderOptions;
  readonly #history: StepRecord[] = [];
  readonly #keys: string[] = [];
  readonly #cycles: KnownCycle[] = [];
  #level: RecoveryLevel = 0;
  #healthy = 0;

  constructor(options: Partial<LadderOptions> = {}) {
    this.#options = { ...DEFAULT_LADDER, ...options };
  }

  get level(): RecoveryLevel {
    return this.#level;
  }

  record(step: StepRecord): LadderDecision {
    const previous = this.#level;
    const earlier = this.#history.slice(-this.#options.repeatWindow);
    this.#history.push(step);
    this.#keys.push(keyOf(step));
    const found = this.#detect(step, earlier);
    if (found) {
      this.#healthy = 0;
      this.#level = Math.min(4, this.#level + 1) as RecoveryLevel;
      return {
        level: this.#level,
        previous,
        pattern: found.pattern,
        raised: this.#level > previous,
        detail: found.detail,
      };
    }
    if (this.#inKnownCycle(defined(this.#keys.at(-1), "screen key"))) this.#healthy = 0;
    else this.#healthy++;
    if (this.#level > 0 && this.#healthy >= this.#options.decaySteps) {
      this.#level = (this.#level - 1) as RecoveryLevel;
      this.#healthy = 0;
    }
    return { level: this.#level, previous, pattern: undefined, raised: false, detail: "" };
  }

  #detect(step: StepRecord, earlier: readonly StepRecord[]): { pattern: StuckPattern; detail: string } | undefined {
    if (step.outside) {
      const from = step.taskApp ? `the task's app ${step.taskApp}` : "the task's app";
      return { pattern: "left-app", detail: `the phone left ${from} and shows ${step.outside}` };
    }
    if (step.change === 0 && earlier.some((e) => e.action === step.action)) {
      return { pattern: "repeated-action", detail: `${step.action} was repeated and changed nothing` };
    }
    const idle = this.#history.slice(-this.#options.idleSteps);
    if (idle.length === this.#options.idleSteps && idle.every((s) => s.change === 0)) {
      return { pattern: "no-ui-change", detail: `the screen has not changed for ${idle.length} steps` };
    }
    const last = this.#history.slice(-4);
    if (last.length === 4) {
      const [a, b, c, d] = last as [StepRecord, StepRecord, StepRecord, StepRecord];
      if (a.after !== b.after && a.after === c.after && b.after === d.after) {
        return { pattern: "oscillation", detail: "the agent keeps switching between the same two screens" };
      }
    }
    return this.#cycle();
  }

  /** A known cycle completed once more, or a new one: the last k steps exactly repeat the k before. */
  #cycle(): { pattern: StuckPattern; detail: string } | undefined {
    const n = this.#keys.length;
    for (const known of this.#cycles) {
      const k = known.keys.length;
      if (n - known.raisedAt >= k && isRotation(this.#keys.slice(n - k), known.keys)) {
        known.raisedAt = n;
        return { pattern: "cycle", detail: `${cycleWords(known.actions)} was gone round again` };
      }
    }
    for (let k = MIN_CYCLE; k <= this.#options.maxCycle && 2 * k <= n; k++) {
      const turn = this.#keys.slice(n - k);
      if (!sameSequence(turn, this.#keys.slice(n - 2 * k, n - k))) continue;
      // Still going round a known loop, before it is complete again: that raised the level already.
      if (this.#cycles.some((c) => isRotation(turn, c.keys))) return undefined;
      const actions = this.#history.slice(n - k).map((s) => s.action);
      this.#cycles.push({ keys: turn, actions, raisedAt: n });
      return { pattern: "cycle", detail: `${cycleWords(actions)} was repeated twice without progress` };
    }
    return undefined;
  }

  #inKnownCycle(key: string): boolean {
    return this.#cycles.some((c) => c.keys.includes(key));
  }
}

function cycleWords(actions: readonly string[]): string {
  return `the cycle of ${actions.length} actions ${actions.join(" → ")}`;
}

/** What the next run of the case is told to do instead, per way of being stuck. */
export const LESSON_ADVICE: Record<StuckPattern, string> = {
  "repeated-action":
    "that action has no effect here: do not try it again; pick a different element that serves the goal",
  "no-ui-change": "that action has no effect here: do not try it again; pick a different element that serves the goal",
  oscillation: "do not go back and forth between the same two screens; finish what the current screen needs first",
  cycle:
    "that sequence of actions ends where it started: do not go round it again; change what you type or pick a different element",
  "left-app":
    "stay in the task's app: do not press back on its first screen or open another app; finish the task inside it",
};
