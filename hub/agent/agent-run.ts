/**
 * What every agent mode repeats, in one place: the run's secret vault and mask, its stats, the
 * redacting event sink, the model-call context, the pause, and the skeleton of `run()` — run_started,
 * the mode's body, an error turned into a failed or cancelled outcome, the time taken, run_finished.
 */
import type { DeviceSession, ScreenMask } from "../devices/types.js";
import { isHubError } from "../errors/hub-error.js";
import type { AgentOutcome, AgentStatus } from "./agent.js";
import type { AgentEvent, EventSink, RunStats } from "./events.js";
import type { ModelCallContext } from "./model-calls.js";
import { SecretMask } from "./secret-mask.js";
import { SecretVault } from "./secrets.js";

/** What every mode's options carry. */
export interface AgentRunOptions {
  session: DeviceSession;
  goal: string;
  /** Task secrets: redacted from the record and painted over wherever the screen shows them. */
  secrets?: Readonly<Record<string, string>> | undefined;
  emit?: EventSink | undefined;
  signal?: AbortSignal | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** How the mode's body ended when it did not throw. */
export interface BodyEnd {
  status: AgentStatus;
  reason: string;
}

type RunStartedEvent = Extract<AgentEvent, { type: "run_started" }>;

export class AgentRun<S extends RunStats = RunStats> {
  readonly vault: SecretVault;
  readonly mask: SecretMask;
  readonly stats: S;
  readonly sleep: (ms: number) => Promise<void>;
  readonly #o: AgentRunOptions;

  constructor(options: AgentRunOptions, stats: S) {
    this.#o = options;
    this.vault = new SecretVault(options.secrets ?? {});
    this.mask = new SecretMask(this.vault);
    this.stats = stats;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get session(): DeviceSession {
    return this.#o.session;
  }

  get signal(): AbortSignal | undefined {
    return this.#o.signal;
  }

  /** The mask for screenshots taken outside the agent (the operator API's) while the run holds the phone. */
  get screenMask(): ScreenMask {
    return this.mask.forDevice(this.#o.session);
  }

  /** Options for one phone command: the run's abort signal, if any. */
  callOptions(): { signal?: AbortSignal } {
    return this.#o.signal ? { signal: this.#o.signal } : {};
  }

  /** Every event leaves redacted. */
  emit(event: AgentEvent): void {
    this.#o.emit?.(this.vault.redact(event));
  }

  readonly emitter = (event: AgentEvent): void => this.emit(event);

  modelContext(): ModelCallContext {
    return { vault: this.vault, stats: this.stats, emit: this.emitter, signal: this.#o.signal };
  }

  /**
   * The run skeleton: announces the run, runs `body`, turns a throw into a failed outcome (cancelled
   * when the run was aborted) with its error code, and reports the end. `beforeEnd` sees the outcome
   * before run_finished is emitted (the step agent's test verdict goes there).
   */
  async run(
    mode: RunStartedEvent["mode"],
    verification: string,
    body: () => Promise<BodyEnd>,
    beforeEnd?: (outcome: AgentOutcome<S>, error: unknown) => Promise<void> | void,
  ): Promise<AgentOutcome<S>> {
    const started = performance.now();
    this.emit({ type: "run_started", goal: this.#o.goal, deviceId: this.#o.session.deviceId, mode, verification });
    let end: BodyEnd & { errorCode?: string };
    let thrown: unknown;
    try {
      end = await body();
    } catch (error) {
      thrown = error;
      const cancelled = this.#o.signal?.aborted || isHubError(error, "ABORTED");
      end = {
        status: cancelled ? "cancelled" : "failed",
        reason: error instanceof Error ? error.message : String(error),
      };
      if (isHubError(error)) end.errorCode = error.code;
    }
    this.stats.ms = Math.round(performance.now() - started);
    const outcome: AgentOutcome<S> = { ...end, reason: this.vault.redact(end.reason), stats: this.stats };
    await beforeEnd?.(outcome, thrown);
    this.emit({ type: "run_finished", status: outcome.status, reason: outcome.reason, stats: this.stats });
    return outcome;
  }
}
