/**
 * Human takeover of a running run's phone. While a human holds it, the agent's next command waits
 * (it does not fail) and the operator actions API is open to the key that took over; each human
 * action is recorded in the run's log with the screen after it.
 *
 * Two timeouts, two codes. HUMAN_TIMEOUT: the agent asked for a human (ask_human, a CAPTCHA or OTP
 * wall) and nobody handed the phone back within the task's human timeout, counted from the
 * question. TAKEOVER_TIMEOUT: an operator took over unasked and never handed back. Neither hands
 * back on its own: a human who walked away may have left the phone half-way through an OTP or a
 * payment, and an agent that resumes on that screen unasked could confirm what nobody meant to.
 */
import type { AgentEvent } from "../agent/events.js";
import type { Action } from "../devices/actions.js";
import { HubError } from "../errors/hub-error.js";

/** A human's action in words for the run's log: never the text typed (it may be an OTP or a password). */
export function describeHumanAction(action: Action): string {
  switch (action.action) {
    case "tap":
      return `tap ${action.x},${action.y}`;
    case "long_press":
      return `long press ${action.x},${action.y}`;
    case "swipe":
      return `swipe ${action.from_x},${action.from_y} → ${action.to_x},${action.to_y}`;
    case "scroll":
      return `scroll ${action.direction}`;
    case "input":
      return `typed ${[...action.text].length} character(s)${action.submit ? " and submitted" : ""}`;
    case "key":
      return `key ${action.key}`;
    case "launch":
      return `launch ${action.package}`;
    case "open_url":
      return "open a URL";
  }
}

/** Who took over: the operator key's id (to match later requests) and its label (for the record). */
export interface TakeoverHolder {
  keyId: number;
  label: string;
}

interface Held {
  holder: TakeoverHolder;
  deviceId: string;
  /** Releases the agent's held commands: undefined on hand-back, the error on timeout. */
  release: (error?: HubError) => void;
  released: Promise<void>;
  timer: NodeJS.Timeout | undefined;
}

type Shot = { data: Uint8Array; format: "jpeg" | "webp"; width: number; height: number };

/** What the takeover needs from a live run: its phone, its event sink and a way to fail it. */
export interface LiveRun {
  deviceId: string;
  emit(event: AgentEvent): void;
  /** Stops the run; it ends failed with this error. */
  fail(error: HubError): void;
  /** The phone's screen as it may be recorded (masked), for the log of a human's action. */
  capture?(): Promise<Shot | undefined>;
}

/** Said to whoever should fetch a human (the webhook) when a run starts waiting for one. */
export interface HumanNeeded {
  runId: string;
  deviceId: string;
  reason: string;
}

export interface TakeoverOptions {
  /** How long an unasked takeover may last (TAKEOVER_TIMEOUT). */
  takeoverTimeoutMs: number;
  /** How long a question waits for a hand-back unless its task says otherwise (HUMAN_TIMEOUT). */
  humanTimeoutMs: number;
  notify?: (needed: HumanNeeded) => void;
}

interface Question {
  question: string;
  since: string;
  answer: (note: string) => void;
  fail: (error: HubError) => void;
  timer: NodeJS.Timeout;
}

export class Takeovers {
  readonly #live = new Map<string, LiveRun>();
  /** Runs whose agent asked for a human and waits for a takeover and hand-back. */
  readonly #questions = new Map<string, Question>();
  readonly #held = new Map<string, Held>();
  /** How many takeovers each live run has had: an action chosen before the latest one is stale. */
  readonly #epochs = new Map<string, number>();
  readonly #o: TakeoverOptions;

  constructor(options: TakeoverOptions) {
    this.#o = options;
  }

  /** The runner registers each run while it runs; the returned function forgets it (and any takeover). */
  track(runId: string, run: LiveRun): () => void {
    this.#live.set(runId, run);
    this.#epochs.set(runId, 0);
    return () => {
      this.#live.delete(runId);
      this.#epochs.delete(runId);
      const asked = this.#questions.get(runId);
      if (asked) {
        clearTimeout(asked.timer);
        this.#questions.delete(runId);
      }
      const held = this.#held.get(runId);
      if (!held) return;
      this.#end(runId, held, "run_ended");
      held.release(new HubError("ABORTED", "the run ended during a takeover"));
    };
  }

  /**
   * Resolves once no human holds the run's phone: true when it had to wait for a hand-back (what the
   * agent meant to do was decided on a screen the human may have changed). Rejects on a timeout or
   * when `signal` aborts.
   */
  async clear(runId: string, signal?: AbortSignal): Promise<boolean> {
    const held = this.#held.get(runId);
    if (!held) return false;
    if (!signal) return held.released.then(() => true);
    if (signal.aborted) throw new HubError("ABORTED", "the run was stopped during a takeover");
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(new HubError("ABORTED", "the run was stopped during a takeover"));
      signal.addEventListener("abort", onAbort, { once: true });
      held.released.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
    return true;
  }

  /**
   * The agent's question: emits human_needed, tells the notifier, and resolves with the hand-back
   * note. Nobody handing back within `timeoutMs` fails the run with HUMAN_TIMEOUT.
   */
  ask(runId: string, question: string, signal?: AbortSignal, timeoutMs = this.#o.humanTimeoutMs): Promise<string> {
    const run = this.#live.get(runId);
    if (!run) return Promise.reject(new HubError("CONFLICT", `run ${runId} is not running`));
    run.emit({ type: "human_needed", question, deviceId: run.deviceId });
    this.#o.notify?.({ runId, deviceId: run.deviceId, reason: question });
    return new Promise<string>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(asked.timer);
        this.#questions.delete(runId);
        signal?.removeEventListener("abort", onAbort);
      };
      const onAbort = (): void => {
        done();
        reject(new HubError("ABORTED", "the run was stopped while it waited for a human"));
      };
      const asked: Question = {
        question,
        since: new Date().toISOString(),
        answer: (note) => {
          done();
          resolve(note);
        },
        fail: (error) => {
          done();
          reject(error);
        },
        timer: setTimeout(() => this.#unanswered(runId, timeoutMs), timeoutMs),
      };
      asked.timer.unref();
      this.#questions.set(runId, asked);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The run's takeover count so far (see takeover-session.ts). */
  epoch(runId: string): number {
    return this.#epochs.get(runId) ?? 0;
  }

  isHeld(runId: string): boolean {
    return this.#held.has(runId);
  }

  /** The question the run waits on a human for, and since when, if any. */
  waitingFor(runId: string): { question: string; since: string } | undefined {
    const asked = this.#questions.get(runId);
    return asked && { question: asked.question, since: asked.since };
  }

  take(runId: string, holder: TakeoverHolder): { deviceId: string; timeoutMs: number } {
    const run = this.#live.get(runId);
    if (!run) throw new HubError("CONFLICT", `run ${runId} is not running`, { details: { runId } });
    const asked = this.#questions.has(runId);
    // A question's own timer bounds a takeover that answers it; an unasked one has the takeover timeout.
    const timeoutMs = asked ? this.#o.humanTimeoutMs : this.#o.takeoverTimeoutMs;
    const current = this.#held.get(runId);
    if (current) {
      if (current.holder.keyId === holder.keyId) return { deviceId: run.deviceId, timeoutMs };
      throw new HubError("CONFLICT", `run ${runId} is already taken over by ${current.holder.label}`, {
        details: { runId },
      });
    }
    let release!: (error?: HubError) => void;
    const released = new Promise<void>((resolve, reject) => {
      release = (error) => (error ? reject(error) : resolve());
    });
    released.catch(() => undefined); // nobody may be waiting when it times out
    const timer = asked ? undefined : setTimeout(() => this.#abandoned(runId), timeoutMs);
    timer?.unref();
    this.#held.set(runId, { holder, deviceId: run.deviceId, release, released, timer });
    this.#epochs.set(runId, this.epoch(runId) + 1);
    run.emit({ type: "takeover_started", by: holder.label });
    return { deviceId: run.deviceId, timeoutMs };
  }

  /** Hands the phone back to the agent; only the key that took over may (or any admin, via `force`). */
  handBack(runId: string, keyId: number, force = false, note = ""): void {
    const held = this.#held.get(runId);
    if (!held) throw new HubError("CONFLICT", `run ${runId} is not taken over`, { details: { runId } });
    if (held.holder.keyId !== keyId && !force)
      throw new HubError("FORBIDDEN", `run ${runId} was taken over by another key`, { details: { runId } });
    this.#end(runId, held, "handback");
    held.release();
    this.#questions.get(runId)?.answer(note);
  }

  /** The key id holding `deviceId`'s run, if a human holds it. */
  holderOf(deviceId: string): number | undefined {
    for (const held of this.#held.values()) if (held.deviceId === deviceId) return held.holder.keyId;
    return undefined;
  }

  /**
   * Records a human's action on `deviceId` in its run's log, with the screen after it. A screenshot
   * that cannot be had leaves the entry without one: the action happened either way.
   */
  async humanActed(deviceId: string, action: string): Promise<void> {
    for (const [runId, held] of this.#held) {
      if (held.deviceId !== deviceId) continue;
      const run = this.#live.get(runId);
      if (!run) return;
      const image = await run.capture?.().catch(() => undefined);
      run.emit({ type: "human_action", by: held.holder.label, action, ...(image ? { image } : {}) });
      return;
    }
  }

  /** The question went unanswered: the takeover (if any) ends and the run fails with HUMAN_TIMEOUT. */
  #unanswered(runId: string, timeoutMs: number): void {
    const error = new HubError("HUMAN_TIMEOUT", `no human handed the phone back within ${timeoutMs} ms`, {
      details: { runId },
    });
    this.#fail(runId, error);
  }

  #abandoned(runId: string): void {
    const error = new HubError("TAKEOVER_TIMEOUT", `not handed back within ${this.#o.takeoverTimeoutMs} ms`, {
      details: { runId },
    });
    this.#fail(runId, error);
  }

  #fail(runId: string, error: HubError): void {
    const held = this.#held.get(runId);
    if (held) {
      this.#end(runId, held, "timeout");
      held.release(error);
    }
    this.#questions.get(runId)?.fail(error);
    this.#live.get(runId)?.fail(error);
  }

  #end(runId: string, held: Held, how: "handback" | "timeout" | "run_ended"): void {
    clearTimeout(held.timer);
    this.#held.delete(runId);
    this.#live.get(runId)?.emit({ type: "takeover_ended", by: held.holder.label, how });
  }
}
