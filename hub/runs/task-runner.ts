/**
 * Runs one task on one phone: opens the run, gates the session, lets the agent the mode registry
 * (agent/modes.ts) gives for the task's mode run, records every event in the run store, and settles
 * how the run ended. Leases and the queue belong to the fleet dispatcher.
 *
 * Writes go through the store's group commit, so runs that start, log or end in the same turn of
 * the event loop share one commit. The agent's session is gated: a command reaches the phone only
 * once the run's records so far (its start, the caller's lease, its events) are committed.
 */

import { EventEmitter } from "node:events";
import type { AgentOutcome } from "../agent/agent.js";
import type { AgentEvent } from "../agent/events.js";
import { attachHumanDesk } from "../agent/human.js";
import { agentFor, type RecordedRuns } from "../agent/modes.js";
import type { LessonRepository, ReferenceRunRepository } from "../agent/step/memory.js";
import { gated } from "../devices/gated-session.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";
import type { Model } from "../llm/model.js";
import { orderedId } from "../util/ordered-id.js";
import { eventRow, type PendingEvent, RunEventLog } from "./event-log.js";
import type {
  Commits,
  EventRow,
  RunnableTask,
  RunnerStores,
  RunRow,
  RunStore,
  RunTx,
  ScreenshotStore,
} from "./ports.js";
import { captureForHuman } from "./run-images.js";
import { heldDuringTakeover } from "./takeover-session.js";
import { type HumanNeeded, Takeovers } from "./takeovers.js";

/** Error codes that blame the phone or the link, not the task: the fleet retries elsewhere. */
const INFRA_CODES = new Set([
  "DEVICE_OFFLINE",
  "SESSION_REPLACED",
  "TIMEOUT",
  "HEARTBEAT_TIMEOUT",
  "PROTOCOL_ERROR",
  "SHUTTING_DOWN",
]);

export interface RunOutcome {
  runId: string;
  status: "done" | "failed" | "cancelled" | "interrupted";
  reason: string;
  /** The failure was the phone's or the link's, not the task's. */
  infra: boolean;
  stats: unknown;
}

/** What the caller writes along with the run's own records (the queue's bookkeeping), on the same unit. */
export interface RunHooks<Tx extends RunTx = RunTx> {
  /** Written in the unit that records the run's start; a throw or a failed condition stops the run before it acts. */
  lease?: (tx: Tx) => void;
  /**
   * Written in the unit that records the run's end; the function it returns runs once that unit
   * has committed, before the outcome resolves.
   */
  settle?: (outcome: RunOutcome, tx: Tx) => (() => unknown) | undefined;
}

export interface StartedRun {
  runId: string;
  /** Settles once the run's start (with the caller's lease) is committed — or could not be. */
  opened: Promise<void>;
  /**
   * How the run ended, once that is committed. Rejects when the run's start could not be written
   * (the run never acted) or its end could not be.
   */
  outcome: Promise<RunOutcome>;
}

export interface RunnerEvents {
  event: [EventRow];
  started: [RunRow];
  finished: [RunRow];
}

type StopReason = "cancel" | "shutdown" | "timeout" | "takeover";

/** How the agent said the run went; no stats when it never ran (no agent for the task, no phone). */
type Ended = Omit<AgentOutcome, "stats"> & { stats: unknown };
/** A running task's abort switch and why it was pulled. */
type RunControl = { controller: AbortController; reason: StopReason | undefined };

/** Aborts the run as timed out after `timeoutMs` (0: never). */
function deadline(timeoutMs: number, entry: RunControl): NodeJS.Timeout | undefined {
  if (timeoutMs <= 0) return undefined;
  return setTimeout(() => {
    entry.reason = "timeout";
    entry.controller.abort();
  }, timeoutMs);
}

export class TaskRunner<Tx extends RunTx = RunTx> extends EventEmitter<RunnerEvents> {
  readonly #controllers = new Map<string, RunControl>();
  readonly #settled = new Set<Promise<unknown>>();
  readonly #registry: DeviceRegistry;
  readonly #model: Model | undefined;
  readonly #store: RunStore;
  readonly #commits: Commits<Tx>;
  readonly #screenshots: ScreenshotStore;

  readonly #lessons: LessonRepository;
  readonly #references: ReferenceRunRepository;
  /** Humans holding a running run's phone (POST /api/runs/:id/takeover). */
  readonly takeovers: Takeovers;

  constructor(
    registry: DeviceRegistry,
    stores: RunnerStores<Tx>,
    model: Model | undefined,
    memory: { lessons: LessonRepository; references: ReferenceRunRepository },
    options: { takeoverTimeoutMs?: number; humanTimeoutMs?: number; notify?: (needed: HumanNeeded) => void } = {},
  ) {
    super();
    this.takeovers = new Takeovers({
      takeoverTimeoutMs: options.takeoverTimeoutMs ?? 600_000,
      humanTimeoutMs: options.humanTimeoutMs ?? 600_000,
      ...(options.notify ? { notify: options.notify } : {}),
    });
    this.#lessons = memory.lessons;
    this.#references = memory.references;
    this.setMaxListeners(0); // one per SSE client
    this.#registry = registry;
    this.#store = stores.runs;
    this.#commits = stores.commits;
    this.#screenshots = stores.screenshots;
    this.#model = model;
  }

  get store(): RunStore {
    return this.#store;
  }

  get screenshots(): ScreenshotStore {
    return this.#screenshots;
  }

  get hasModel(): boolean {
    return this.#model !== undefined;
  }

  get running(): number {
    return this.#controllers.size;
  }

  /** Whether this hub is executing the task's run now (in cluster mode, another hub may be). */
  runsHere(taskId: string): boolean {
    return this.#controllers.has(taskId);
  }

  async getRun(id: string): Promise<RunRow> {
    const run = await this.#store.getRun(id);
    if (!run) throw new HubError("NOT_FOUND", `unknown run ${id}`, { details: { runId: id } });
    return run;
  }

  /** Starts the task's next attempt on `deviceId` (already leased by the caller in memory). */
  start(
    task: RunnableTask,
    deviceId: string,
    secrets: Record<string, string> | undefined,
    hooks: RunHooks<Tx> = {},
  ): StartedRun {
    const runId = orderedId();
    // The lease, the run's row and the events emitted before they are written: one unit.
    const log = new RunEventLog<Tx>(runId, this.#commits, this.#screenshots, this.#announceEvents, (take) =>
      this.#commits.write((tx) => {
        hooks.lease?.(tx);
        tx.runs.createRun(runId, task.id, task.attempts, deviceId, task.goal, task.mode);
        take(tx);
      }),
    );
    const opened = log.opened;
    const entry: RunControl = { controller: new AbortController(), reason: undefined };
    this.#controllers.set(task.id, entry);
    const timer = deadline(task.timeoutMs, entry);
    const emit = log.emit;
    let takeoverError: HubError | undefined;
    const untrack = this.takeovers.track(runId, {
      deviceId,
      emit,
      fail: (error) => {
        takeoverError = error;
        entry.reason = "takeover";
        entry.controller.abort();
      },
      capture: () => captureForHuman(this.#registry, deviceId),
    });
    this.#announceStart(runId, opened);
    // The agent's next command waits for the run's records (and, outside, while a human holds the phone).
    const outcome = this.#execute(task, runId, deviceId, secrets, entry.controller.signal, emit, log.written)
      .catch(
        (error: unknown): Ended => ({
          status: "failed",
          reason: error instanceof Error ? error.message : String(error),
          errorCode: isHubError(error) ? error.code : undefined,
          stats: undefined,
        }),
      )
      .then(async (ended0): Promise<RunOutcome> => {
        clearTimeout(timer);
        untrack();
        const result = takeoverError
          ? { ...ended0, reason: takeoverError.message, errorCode: takeoverError.code }
          : ended0;
        await opened; // a run whose start was never written never acted: nothing to end
        return this.#finish(task, runId, deviceId, result, entry, hooks, log);
      });
    outcome.catch(() => {
      if (this.#controllers.get(task.id) === entry) this.#controllers.delete(task.id);
    });
    this.#settled.add(outcome);
    const forget = (): boolean => this.#settled.delete(outcome);
    outcome.then(forget, forget);
    return { runId, opened, outcome };
  }

  /** "event" listeners hear of a run's events once they are committed. */
  readonly #announceEvents = (runId: string, batch: readonly PendingEvent[]): void => {
    if (this.listenerCount("event") === 0) return;
    for (const event of batch) this.emit("event", eventRow(runId, event));
  };

  /** "started" listeners hear of the run once its start is committed. */
  #announceStart(runId: string, opened: Promise<unknown>): void {
    opened.then(
      () => {
        if (this.listenerCount("started") === 0) return;
        this.getRun(runId).then(
          (run) => this.emit("started", run),
          () => undefined,
        );
      },
      () => undefined,
    );
  }

  /** Ends the run: its end and the task's next state in one unit, then the "finished" listeners. */
  async #finish(
    task: RunnableTask,
    runId: string,
    deviceId: string,
    result: Ended,
    entry: RunControl,
    hooks: RunHooks<Tx>,
    log: RunEventLog<Tx>,
  ): Promise<RunOutcome> {
    let ended: RunOutcome | undefined;
    let events: readonly PendingEvent[] | undefined;
    // Decided when the unit runs, so a cancel that arrives while the end waits for its commit still counts.
    // The events not yet written go first, in the same unit.
    const after = await this.#commits.write((tx) => {
      events = log.take(tx);
      this.#controllers.delete(task.id);
      ended = this.#outcome(task, runId, deviceId, result, entry.reason);
      tx.runs.finishRun(runId, ended.status, ended.reason, result.stats);
      return hooks.settle?.(ended, tx);
    });
    log.announce(events);
    await after?.();
    if (this.listenerCount("finished") > 0) this.emit("finished", await this.getRun(runId));
    return defined(ended, "run outcome");
  }

  /** How a run ended, from its agent's result and why it was stopped, if it was. */
  #outcome(
    task: RunnableTask,
    runId: string,
    deviceId: string,
    result: Ended,
    stopped: StopReason | undefined,
  ): RunOutcome {
    const connected = this.#registry.get(deviceId)?.session?.connected ?? false;
    let status: RunOutcome["status"] = result.status;
    let reason = result.reason;
    if (stopped === "shutdown") status = "interrupted";
    else if (stopped === "timeout") {
      status = "failed";
      reason = `timed out after ${task.timeoutMs} ms`;
    } else if (stopped === "cancel") status = "cancelled";
    else if (stopped === "takeover") {
      status = "failed";
      reason = `${result.errorCode ?? "TAKEOVER_TIMEOUT"}: ${result.reason}`;
    }
    const infra =
      status === "interrupted" || (status === "failed" && (INFRA_CODES.has(result.errorCode ?? "") || !connected));
    return { runId, status, reason, infra, stats: result.stats };
  }

  async #execute(
    task: RunnableTask,
    runId: string,
    deviceId: string,
    secrets: Record<string, string> | undefined,
    signal: AbortSignal,
    emit: (event: AgentEvent) => void,
    written: () => Promise<unknown>,
  ): Promise<AgentOutcome> {
    const { session, hubMask } = heldDuringTakeover(gated(this.#registry.requireSession(deviceId), written), {
      epoch: () => this.takeovers.epoch(runId),
      held: () => this.takeovers.isHeld(runId),
      clear: () => this.takeovers.clear(runId, signal),
    });
    attachHumanDesk(session, {
      ask: (question, askSignal) => this.takeovers.ask(runId, question, askSignal ?? signal, task.extra.humanTimeoutMs),
    });
    const agent = await agentFor({
      task,
      runId,
      session,
      secrets,
      signal,
      emit,
      model: this.#model,
      memory: { lessons: this.#lessons, references: this.#references },
      runs: this.#recorded,
    });
    // While the agent holds the phone, the operator API's screenshots are painted over wherever the
    // run's secrets show.
    const unmask = this.#registry.setScreenMask(deviceId, hubMask(agent.screenMask));
    try {
      return await agent.run();
    } finally {
      unmask();
    }
  }

  /** Recorded runs as the replay and resume modes read them. */
  readonly #recorded: RecordedRuns = {
    goal: async (runId) => (await this.getRun(runId)).goal,
    steps: (runId) => this.#store.events(runId, 0, ["step_finished"]),
  };

  /** Stops a task's run; its outcome says cancelled. */
  cancel(taskId: string): boolean {
    const entry = this.#controllers.get(taskId);
    if (!entry) return false;
    entry.reason = "cancel";
    entry.controller.abort();
    return true;
  }

  /** Hub shutdown: stop every run (they end as interrupted) and wait, bounded, for their records. */
  async stopAll(timeoutMs = 5_000): Promise<void> {
    for (const entry of this.#controllers.values()) {
      entry.reason = "shutdown";
      entry.controller.abort();
    }
    const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.#settled]), timer]);
  }
}
