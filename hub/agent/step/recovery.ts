/**
 * The decaying recovery ladder, as a small pure class: the agent feeds it one record per executed
 * model action and carries out what it answers.
 *
 * Stuck patterns: the same action repeated with no UI change; no UI change for `idleSteps` steps in a
 * row; oscillation between two screens (A B A B). Each stuck step raises the level by one:
 *   1 a WARNING in the context · 2 the system presses back · 3 the system restarts the app ·
 *   4 the run is forced to fail and a lesson is written.
 * A healthy step lowers the level only after `decaySteps` healthy steps in a row, and by one — never
 * straight to 0 — so one unrelated action cannot escape the ladder.
 */

export type RecoveryLevel = 0 | 1 | 2 | 3 | 4;
export type StuckPattern = "repeated-action" | "no-ui-change" | "oscillation";

export interface LadderOptions {
  /** Steps without any UI change that count as stuck (default 3). */
  idleSteps: number;
  /** How far back an identical no-effect action counts as a repeat (default 2). */
  repeatWindow: number;
  /** Healthy steps in a row needed to lower the level by one (default 2). */
  decaySteps: number;
}

export const DEFAULT_LADDER: LadderOptions = { idleSteps: 3, repeatWindow: 2, decaySteps: 2 };

export interface StepRecord {
  /** Stable form of the action (tool + target), see describeTarget in the agent. */
  action: string;
  /** Screen before and after the action. */
  before: string;
  after: string;
  /** Change level 0..3 between before and after. */
  change: number;
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

export class RecoveryLadder {
  readonly #options: LadderOptions;
  readonly #history: StepRecord[] = [];
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
    this.#healthy++;
    if (this.#level > 0 && this.#healthy >= this.#options.decaySteps) {
      this.#level = (this.#level - 1) as RecoveryLevel;
      this.#healthy = 0;
    }
    return { level: this.#level, previous, pattern: undefined, raised: false, detail: "" };
  }

  #detect(step: StepRecord, earlier: readonly StepRecord[]): { pattern: StuckPattern; detail: string } | undefined {
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
    return undefined;
  }
}
