/**
 * The fleet's one queue: hands each queued task to a free phone that fits (pinned device, tags,
 * minimum SDK), one run per phone at a time (a lease), by priority then age; retries failed runs on
 * another phone with backoff; quarantines phones after repeated infrastructure failures; honours
 * drain. Every state change is committed before it is acted on — a lease before the phone gets its
 * first command, a run's end before the phone is offered new work — so a hub killed at any moment
 * restarts with nothing lost and nothing running twice. The commits are grouped: leases made in one
 * dispatch pass, and ends that arrive together, share one transaction (the store's group commit).
 *
 * Its stores, write path and clock come in through the constructor (fleet/ports.ts): the task a free
 * phone runs next is the queue's answer (`TaskQueue.claim`), from a shared database or from memory.
 */
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { DeviceHealth, DeviceStore } from "../devices/ports.js";
import type { DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { Commits } from "../runs/ports.js";
import type { RunOutcome, TaskRunner } from "../runs/task-runner.js";
import type { Clock } from "../util/clock.js";
import { orderedId } from "../util/ordered-id.js";
import { Coalesced } from "./coalesced.js";
import { FreePhones } from "./free-phones.js";
import type { ClaimedTask, FleetTx, NewTask, TaskQueue, TaskRecord, TaskStore } from "./ports.js";
import { type UnwrittenDeps, unwritten } from "./unwritten.js";

export interface DispatcherOptions {
  retryBaseMs: number;
  retryCapMs: number;
  /** Infrastructure failures in a row that quarantine a phone. */
  quarantineAfter: number;
  /**
   * How often the free phones ask the queue anyway, whatever woke them last (0: never). Every path
   * that makes a task claimable offers it at once; this is the net under those paths. A wake-up
   * lost to a race (one kept a task queued for two minutes with every phone idle, in CI) costs at
   * most this long instead of for ever. A cluster's renewal round offers as often already.
   */
  offerEveryMs: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  retryBaseMs: 1_000,
  retryCapMs: 60_000,
  quarantineAfter: 3,
  offerEveryMs: 5_000,
};

/** What the dispatcher reads and writes through, and the clock that decides backoffs. */
export interface DispatcherStores {
  tasks: TaskStore;
  queue: TaskQueue;
  devices: DeviceStore;
  commits: Commits<FleetTx>;
  clock: Clock;
}

export interface FleetEvents {
  task_queued: [TaskRecord];
  task_started: [{ task: TaskRecord; deviceId: string; runId: string }];
  task_finished: [TaskRecord];
  /** A task went back to the queue with a backoff (committed); other hubs arm their retry timers. */
  task_retry: [{ id: string }];
  device_quarantined: [DeviceEntry];
}

export type SubmittedTask = Omit<NewTask, "id">;

export { APP_TAG } from "./free-phones.js";

/** What runs once a unit has committed (the runner awaits it before the run's outcome resolves). */
type AfterCommit = (() => Promise<void>) | undefined;

export class Dispatcher extends EventEmitter<FleetEvents> {
  readonly #free: FreePhones;
  readonly #tasks: TaskStore;
  readonly #queue: TaskQueue;
  readonly #devices: DeviceStore;
  readonly #commits: Commits<FleetTx>;
  readonly #clock: Clock;
  readonly #runner: TaskRunner<FleetTx>;
  readonly #registry: DeviceRegistry;
  readonly #options: DispatcherOptions;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  /** The periodic offer (DispatcherOptions.offerEveryMs). */
  #offerTimer: NodeJS.Timeout | undefined;
  /** The latest backoff timer request; an older answer of the queue is dropped. */
  #scheduled = 0;
  /** Free phones ask the queue; a burst of wake-ups makes one more offer, not one each. */
  readonly #wakeUps = new Coalesced(async () => {
    if (this.#stopped) return;
    await this.#free.offer();
    this.#schedule();
  });
  #stopped = false;
  #admit: ((deviceId: string) => Promise<void>) | undefined;
  /** What a run whose start or end could not be written needs (unwritten.ts). */
  readonly #unwrittenDeps: UnwrittenDeps;

  constructor(
    stores: DispatcherStores,
    runner: TaskRunner<FleetTx>,
    registry: DeviceRegistry,
    log: FastifyBaseLogger,
    options: Partial<DispatcherOptions> = {},
  ) {
    super();
    this.setMaxListeners(0);
    this.#tasks = stores.tasks;
    this.#queue = stores.queue;
    this.#devices = stores.devices;
    this.#commits = stores.commits;
    this.#clock = stores.clock;
    this.#runner = runner;
    this.#registry = registry;
    this.#log = log;
    this.#options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    // The lease, the run's start and its first event: one commit (shared with the turn's others).
    this.#free = new FreePhones(this.#queue, registry, this.#clock, log, (claimed, entry) =>
      this.#commits.together(() => this.#lease(claimed, entry)),
    );
    this.#unwrittenDeps = {
      log,
      registry,
      free: this.#free,
      commits: this.#commits,
      retryBaseMs: this.#options.retryBaseMs,
      retryCapMs: this.#options.retryCapMs,
      stopped: () => this.#stopped,
      resume: (runs) => this.resume(runs),
    };
  }

  /**
   * Picks up the queue a previous hub left: running tasks were cut off and are retried. `shared`
   * (cluster mode): other hubs run tasks on the same queue, so only the given runs' tasks were cut off.
   */
  async start(interruptedRuns: readonly { id: string; taskId: string }[], shared = false): Promise<void> {
    await this.resume(interruptedRuns, shared);
    this.#registry.on("joined", (entry) =>
      this.#admit ? this.#free.admit(entry.id, this.#admit(entry.id)) : this.#free.refresh(entry),
    );
    this.#registry.on("left", (entry) => {
      // A phone leaving is worth a line: operators watch the console, not only the dashboard.
      this.#log.info({ deviceId: entry.id }, `device ${entry.id} left (its session ended)`);
      this.#free.refresh(entry);
    });
    this.#registry.on("updated", (entry) => this.#free.refresh(entry));
    for (const entry of this.#registry.list()) this.#free.refresh(entry);
    this.#schedule();
    const every = this.#options.offerEveryMs;
    if (every > 0 && !this.#stopped && !this.#offerTimer) {
      // An offer also asks the queue when the next backoff ends, so a lost retry timer is mended too.
      this.#offerTimer = setInterval(() => this.wake(), every);
      this.#offerTimer.unref();
    }
  }

  /**
   * Requeues the tasks of interrupted runs (a new attempt resumes from them), or fails those on their
   * last attempt. `onlyThese`: just these runs' tasks (another hub died), not every running task.
   */
  async resume(interruptedRuns: readonly { id: string; taskId: string }[], onlyThese = true): Promise<void> {
    const now = this.#clock.now();
    const cutOff = new Map(interruptedRuns.map((run) => [run.taskId, run.id]));
    const running = (await this.#tasks.unfinished()).filter(
      (task) => task.status === "running" && (!onlyThese || cutOff.has(task.id)),
    );
    await Promise.all(
      running.map((task) =>
        this.#commits.write((tx) => {
          if (task.attempts >= task.maxAttempts) {
            void tx.tasks.finish(
              task.id,
              "failed",
              `interrupted by a hub restart on its last attempt (${task.attempts})`,
            );
            return;
          }
          void tx.tasks.requeue(task.id, now, "interrupted by a hub restart");
          // The next attempt resumes: it starts knowing what the cut-off run already did.
          const runId = cutOff.get(task.id);
          if (runId) tx.tasks.setExtra(task.id, { ...task.extra, resumeOf: runId });
        }),
      ),
    );
    if (interruptedRuns.length > 0) {
      this.#log.warn(
        { interruptedRuns: interruptedRuns.length, interruptedTasks: running.length },
        "resumed the queue after a restart",
      );
    }
    if (running.length > 0) this.wake();
  }

  /** Tasks may have become claimable elsewhere (another hub queued or requeued one): free phones ask. */
  wake(): void {
    if (!this.#stopped) this.#wakeUps.request();
  }

  /** Cluster mode: a joined phone takes work once `admit` settled (free-phones.ts, cluster.ts say why). */
  admitJoins(admit: (deviceId: string) => Promise<void>): void {
    this.#admit = admit;
  }

  /** Another hub requeued a task with a backoff: the retry timer asks the queue again when it is due. */
  retryQueued(): void {
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    this.#free.stop();
    clearTimeout(this.#timer);
    clearInterval(this.#offerTimer);
    this.#offerTimer = undefined;
  }

  /** Queues tasks (all or none) and dispatches what can start now; answers them as they are then. */
  async submit(specs: readonly SubmittedTask[]): Promise<TaskRecord[]> {
    const records = await this.enqueue(specs);
    return Promise.all(records.map(async (r) => (await this.#tasks.get(r.id)) ?? r));
  }

  /**
   * `submit` without reading the tasks back: answers them as queued (some may have started), for a
   * caller that needs only their ids — a batch of thousands would cost a query per task.
   */
  async enqueue(specs: readonly SubmittedTask[]): Promise<TaskRecord[]> {
    for (const spec of specs) {
      // Script runs need no model; a replay needs one only where it diverges from its recording.
      if (spec.mode !== "script" && spec.mode !== "replay" && !this.#runner.hasModel) {
        throw new HubError(
          "MODEL_NOT_CONFIGURED",
          "no model endpoint: start the hub with OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (any OpenAI-compatible endpoint) to run agent tasks; script and replay tasks need none",
        );
      }
      if (spec.deviceId !== undefined) this.#registry.requireKnown(spec.deviceId);
    }
    const records = await this.#tasks.insert(specs.map((spec) => ({ ...spec, id: orderedId() })));
    for (const record of records) this.emit("task_queued", record);
    await this.#free.offer();
    // The pass's leases commit now (together), so a read after shows which tasks started and their runs.
    await this.#commits.flush();
    return records;
  }

  async cancel(id: string, reason = "cancelled before it started"): Promise<TaskRecord> {
    // Leases and ends waiting for the turn's commit are decided: commit them, then look.
    await this.#commits.flush();
    const task = await this.#tasks.get(id);
    if (!task) throw new HubError("NOT_FOUND", `unknown task ${id}`, { details: { taskId: id } });
    if (task.status === "queued") {
      // Only while it is still queued: a lease that won the race makes it a running task to stop.
      const cancelled = await this.#commits.write((tx) => tx.tasks.finish(id, "cancelled", reason, "queued"));
      if (cancelled) {
        this.emit("task_finished", cancelled);
        return cancelled;
      }
    }
    this.#runner.cancel(id);
    return (await this.#tasks.get(id)) ?? task;
  }

  /** Drains or undrains a phone; settles once its health is stored and an undrained phone's claim is made. */
  async drain(id: string, draining: boolean): Promise<DeviceEntry> {
    return this.#setHealth(id, { draining });
  }

  /** Lets a quarantined phone back into dispatch. */
  async release(id: string): Promise<DeviceEntry> {
    return this.#setHealth(id, { quarantined: false, infraFailures: 0 });
  }

  async #setHealth(id: string, health: Partial<DeviceHealth>): Promise<DeviceEntry> {
    const entry = this.#registry.setHealth(id, health);
    await Promise.all([this.#devices.setHealth(id, healthOf(entry)), this.#free.claimOf(id)]);
    return entry;
  }

  /**
   * Forgets a phone that is gone for good: its enrolment (it can come back only with a fleet key, as
   * a new phone), health and tags. Refused while it has a session — online, or dropped moments ago
   * and still inside its resume window. Queued tasks pinned to it could never run: they are cancelled.
   */
  async forget(id: string): Promise<{ cancelledTasks: string[] }> {
    this.#forgettable(id);
    const pinned = (await this.#tasks.unfinished()).filter((t) => t.status === "queued" && t.deviceId === id);
    for (const task of pinned) await this.cancel(task.id, `its device ${id} was removed`);
    this.#forgettable(id); // it may have come back while its tasks were cancelled
    this.#free.remove(id);
    this.#registry.forget(id);
    await this.#devices.forget(id);
    return { cancelledTasks: pinned.map((t) => t.id) };
  }

  #forgettable(id: string): void {
    const entry = this.#registry.require(id);
    const details = { details: { deviceId: id } };
    if (entry.lease)
      throw new HubError("DEVICE_BUSY", `device ${id} is running ${entry.lease}; cancel it first`, details);
    if (entry.session) {
      const why = entry.session.connected ? "is online; stop the phone first" : "dropped moments ago and may resume";
      throw new HubError("CONFLICT", `device ${id} ${why}; remove it once it has been offline a minute`, details);
    }
  }

  async setTags(id: string, tags: string[]): Promise<DeviceEntry> {
    const entry = this.#registry.setTags(id, tags);
    await this.#devices.setTags(id, tags);
    return entry;
  }

  #lease({ task: queued, secrets }: ClaimedTask, entry: DeviceEntry): void {
    const holder = `task:${queued.id}`;
    // The record as the lease leaves it (what markStarted writes).
    const task: TaskRecord = { ...queued, status: "running", attempts: queued.attempts + 1, lastDevice: entry.id };
    this.#registry.acquire(entry.id, holder);
    this.#free.remove(entry.id);
    const started = this.#runner.start(task, entry.id, secrets, {
      lease: (tx) => tx.tasks.markStarted(task.id, entry.id),
      settle: (outcome, tx) => this.#record(task, entry.id, outcome, tx),
    });
    started.opened.then(
      () => this.emit("task_started", { task, deviceId: entry.id, runId: started.runId }),
      () => undefined,
    );
    started.outcome.then(
      () => this.#registry.release(entry.id, holder),
      (error: unknown) =>
        unwritten(
          this.#unwrittenDeps,
          { task, deviceId: entry.id, holder, runId: started.runId },
          started.opened,
          error,
        ),
    );
  }

  /**
   * The task's next state after a run, written in the run's closing unit: done, cancelled, a retry
   * with backoff on another phone, or failed for good. Health is updated first, so a phone
   * quarantined by this run takes nothing more. Returns what to do once the unit has committed.
   */
  #record(task: TaskRecord, deviceId: string, outcome: RunOutcome, tx: FleetTx): AfterCommit {
    this.#health(deviceId, outcome, tx);
    if (outcome.status === "interrupted") return undefined; // hub shutdown: the next start requeues it
    if (outcome.status === "done" || outcome.status === "cancelled") {
      return this.#end(tx, task.id, outcome.status, outcome.reason);
    }
    const failure = { taskId: task.id, runId: outcome.runId, deviceId, attempt: task.attempts, reason: outcome.reason };
    if (task.attempts < task.maxAttempts) {
      const backoff = Math.min(this.#options.retryCapMs, this.#options.retryBaseMs * 2 ** (task.attempts - 1));
      const notBefore = this.#clock.now() + backoff * (0.5 + Math.random() / 2);
      this.#log.warn(
        failure,
        `run failed on ${deviceId} (attempt ${task.attempts} of ${task.maxAttempts}): ${outcome.reason}; retrying`,
      );
      const requeued = tx.tasks.requeue(task.id, notBefore, outcome.reason);
      return async () => {
        if (!(await requeued)) return;
        this.#schedule();
        if (this.listenerCount("task_retry") > 0) this.emit("task_retry", { id: task.id });
      };
    }
    this.#log.warn(
      failure,
      `task failed after ${task.attempts} attempt${task.attempts === 1 ? "" : "s"}; last on ${deviceId}: ${outcome.reason}`,
    );
    return this.#end(tx, task.id, "failed", `${outcome.reason} (after ${task.attempts} attempts)`);
  }

  /** Ends a task; once that is committed, announces it. */
  #end(tx: FleetTx, id: string, status: "done" | "failed" | "cancelled", reason: string): AfterCommit {
    const finished = tx.tasks.finish(id, status, reason);
    return async () => {
      const task = await finished;
      if (task && this.listenerCount("task_finished") > 0) this.emit("task_finished", task);
    };
  }

  #health(deviceId: string, outcome: RunOutcome, tx: FleetTx): void {
    const entry = this.#registry.get(deviceId);
    if (!entry || outcome.status === "interrupted") return;
    const failures = outcome.infra ? entry.infraFailures + 1 : 0;
    const quarantine = failures >= this.#options.quarantineAfter && !entry.quarantined;
    if (failures === entry.infraFailures && !quarantine) return;
    this.#registry.setHealth(deviceId, { infraFailures: failures, ...(quarantine ? { quarantined: true } : {}) });
    tx.devices.setHealth(deviceId, healthOf(entry));
    if (quarantine) {
      this.#log.warn({ deviceId, failures }, "phone quarantined after repeated infrastructure failures");
      this.emit("device_quarantined", entry);
    }
  }

  /**
   * One timer for the earliest retry backoff; the queue says when that is. It is asked from the time
   * of the latest offer, not from now: a backoff that ended between that offer and this question (a
   * timer that fired a millisecond early, a slow offer) is due already, and the timer fires at once
   * to offer it. Asked from now, it was taken as past and no offer ever came: with every phone idle,
   * the task stayed queued for good (seen in the fleet's SIGKILL test).
   */
  #schedule(): void {
    if (this.#stopped) return;
    const request = ++this.#scheduled;
    this.#queue.nextDueAt(this.#free.offeredAt).then(
      (due) => {
        if (request !== this.#scheduled || this.#stopped) return;
        clearTimeout(this.#timer);
        if (due === undefined) return;
        this.#timer = setTimeout(
          () => void this.#free.offer().then(() => this.#schedule()),
          Math.max(0, due - this.#clock.now()),
        );
        this.#timer.unref();
      },
      (error: unknown) => this.#log.error({ err: String(error) }, "the queue could not say when a retry is due"),
    );
  }
}

function healthOf(entry: DeviceEntry): DeviceHealth {
  return { quarantined: entry.quarantined, draining: entry.draining, infraFailures: entry.infraFailures };
}
