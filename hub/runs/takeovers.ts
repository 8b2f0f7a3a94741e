/**
 * Human takeover of a running run's phone. While a human holds it, the agent's next command waits
 * (it does not fail) and the operator actions API is open to the key that took over. A takeover
 * that is never handed back fails the run with TAKEOVER_TIMEOUT rather than handing back on its
 * own: a human who walked away may have left the phone half-way through an OTP or a payment, and
 * an agent that resumes on that screen unasked could act on something nobody meant to confirm.
 */
import type { AgentEvent } from "../agent/events.js";
import { HubError } from "../errors/hub-error.js";

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
  timer: NodeJS.Timeout;
}

/** What the takeover needs from a live run: its phone, its event sink and a way to fail it. */
export interface LiveRun {
  deviceId: string;
  emit(event: AgentEvent): void;
  /** Stops the run; it ends failed with this error. */
  fail(error: HubError): void;
}

interface Question {
  question: string;
  answer: (note: string) => void;
  fail: (error: HubError) => void;
  timer: NodeJS.Timeout;
}

export class Takeovers {
  readonly #live = new Map<string, LiveRun>();
  /** Runs whose agent asked for a human (ask_human) and waits for a takeover and hand-back. */
  readonly #questions = new Map<string, Question>();
  readonly #held = new Map<string, Held>();
  readonly #timeoutMs: number;

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  /** The runner registers each run while it runs; the returned function forgets it (and any takeover). */
  track(runId: string, run: LiveRun): () => void {
    this.#live.set(runId, run);
    return () => {
      this.#live.delete(runId);
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

  /** Resolves once no human holds the run's phone; rejects with TAKEOVER_TIMEOUT or when `signal` aborts. */
  async clear(runId: string, signal?: AbortSignal): Promise<void> {
    const held = this.#held.get(runId);
    if (!held) return;
    if (!signal) return held.released;
    if (signal.aborted) throw new HubError("ABORTED", "the run was stopped during a takeover");
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(new HubError("ABORTED", "the run was stopped during a takeover"));
      signal.addEventListener("abort", onAbort, { once: true });
      held.released.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  /**
   * The agent's question: emits human_needed and resolves with the hand-back note. Fails with
   * TAKEOVER_TIMEOUT when nobody takes over and hands back within the timeout.
   */
  ask(runId: string, question: string, signal?: AbortSignal): Promise<string> {
    const run = this.#live.get(runId);
    if (!run) return Promise.reject(new HubError("CONFLICT", `run ${runId} is not running`));
    run.emit({ type: "human_needed", question });
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
        answer: (note) => {
          done();
          resolve(note);
        },
        fail: (error) => {
          done();
          reject(error);
        },
        timer: setTimeout(() => {
          asked.fail(new HubError("TAKEOVER_TIMEOUT", `no human answered within ${this.#timeoutMs} ms`));
        }, this.#timeoutMs),
      };
      asked.timer.unref();
      this.#questions.set(runId, asked);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The question the run waits on a human for, if any. */
  waitingFor(runId: string): string | undefined {
    return this.#questions.get(runId)?.question;
  }

  take(runId: string, holder: TakeoverHolder): { deviceId: string; timeoutMs: number } {
    const run = this.#live.get(runId);
    if (!run) throw new HubError("CONFLICT", `run ${runId} is not running`, { details: { runId } });
    const current = this.#held.get(runId);
    if (current) {
      if (current.holder.keyId === holder.keyId) return { deviceId: run.deviceId, timeoutMs: this.#timeoutMs };
      throw new HubError("CONFLICT", `run ${runId} is already taken over by ${current.holder.label}`, {
        details: { runId },
      });
    }
    let release!: (error?: HubError) => void;
    const released = new Promise<void>((resolve, reject) => {
      release = (error) => (error ? reject(error) : resolve());
    });
    released.catch(() => undefined); // nobody may be waiting when it times out
    // A question's own timer stops once a human is at the phone; the takeover's timer bounds it now.
    const asked = this.#questions.get(runId);
    if (asked) clearTimeout(asked.timer);
    const timer = setTimeout(() => this.#timeout(runId), this.#timeoutMs);
    timer.unref();
    this.#held.set(runId, { holder, deviceId: run.deviceId, release, released, timer });
    run.emit({ type: "takeover_started", by: holder.label });
    return { deviceId: run.deviceId, timeoutMs: this.#timeoutMs };
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

  #timeout(runId: string): void {
    const held = this.#held.get(runId);
    if (!held) return;
    this.#end(runId, held, "timeout");
    const error = new HubError("TAKEOVER_TIMEOUT", `not handed back within ${this.#timeoutMs} ms`, {
      details: { runId },
    });
    held.release(error);
    this.#questions.get(runId)?.fail(error);
    this.#live.get(runId)?.fail(error);
  }

  #end(runId: string, held: Held, how: "handback" | "timeout" | "run_ended"): void {
    clearTimeout(held.timer);
    this.#held.delete(runId);
    this.#live.get(runId)?.emit({ type: "takeover_ended", by: held.holder.label, how });
  }
}
