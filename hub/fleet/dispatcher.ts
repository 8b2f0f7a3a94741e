/**
 * The fleet's one queue: hands each queued task to a free phone that fits (pinned device, tags,
 * minimum SDK), one run per phone at a time (a lease), by priority then age; retries failed runs on
 * another phone with backoff; quarantines phones after repeated infrastructure failures; honours
 * drain. Every state change is committed to the task store before it is acted on — a lease before
 * the phone gets its first command, a run's end before the phone is offered new work — so a hub
 * killed at any moment restarts with nothing lost and nothing running twice. The commits are
 * grouped: leases made in one dispatch pass, and ends that arrive together, share one transaction
 * (the run store's group commit).
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { type DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { RunOutcome, TaskRunner } from "../runs/task-runner.js";
import type { CredentialStore } from "../store/credentials.js";
import type { GroupCommit } from "../store/group-commit.js";
import type { NewTask, TaskRecord, TaskStore } from "../store/task-store.js";
import { type PhoneFacts, type QueueEntry, QueueIndex } from "./queue-index.js";

export interface DispatcherOptions {
  retryBaseMs: number;
  retryCapMs: number;
  /** Infrastructure failures in a row that quarantine a phone. */
  quarantineAfter: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  retryBaseMs: 1_000,
  retryCapMs: 60_000,
  quarantineAfter: 3,
};

export interface FleetEvents {
  task_queued: [TaskRecord];
  task_started: [{ task: TaskRecord; deviceId: string; runId: string }];
  task_finished: [TaskRecord];
  device_quarantined: [DeviceEntry];
}

export type SubmittedTask = Omit<NewTask, "id">;

/** Tag prefix that marks an installed app (`app:com.example`); a task requiring an app carries it. */
export const APP_TAG = "app:";

export class Dispatcher extends EventEmitter<FleetEvents> {
  readonly #index = new QueueIndex();
  /** Phones that are online, unleased, not draining and not quarantined. */
  readonly #idle = new Set<string>();
  readonly #tasks: TaskStore;
  readonly #runner: TaskRunner;
  readonly #registry: DeviceRegistry;
  readonly #credentials: CredentialStore;
  readonly #commits: GroupCommit;
  readonly #options: DispatcherOptions;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** Sessions already asked for their app list. */
  readonly #asked = new WeakSet<object>();

  constructor(
    tasks: TaskStore,
    runner: TaskRunner,
    registry: DeviceRegistry,
    credentials: CredentialStore,
    log: FastifyBaseLogger,
    options: Partial<DispatcherOptions> = {},
  ) {
    super();
    this.setMaxListeners(0);
    this.#tasks = tasks;
    this.#runner = runner;
    this.#registry = registry;
    this.#credentials = credentials;
    this.#log = log;
    this.#options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.#commits = runner.store.commits;
  }

  get queued(): number {
    return this.#index.size;
  }

  /** Picks up the queue a previous hub left: running tasks were cut off and are retried. */
  start(interruptedRuns: readonly { id: string; taskId: string }[]): void {
    const now = Date.now();
    const cutOff = new Map(interruptedRuns.map((run) => [run.taskId, run.id]));
    for (const task of this.#tasks.unfinished()) {
      if (task.status === "running") {
        if (task.attempts >= task.maxAttempts) {
          this.#tasks.finish(task.id, "failed", `interrupted by a hub restart on its last attempt (${task.attempts})`);
          continue;
        }
        this.#tasks.requeue(task.id, now, "interrupted by a hub restart");
        // The next attempt resumes: it starts knowing what the cut-off run already did.
        const runId = cutOff.get(task.id);
        if (runId) this.#tasks.setExtra(task.id, { ...task.extra, resumeOf: runId });
      }
      this.#index.add(entryOf({ ...task, notBefore: task.status === "running" ? now : task.notBefore }), now);
    }
    if (interruptedRuns.length > 0) {
      this.#log.warn(
        { interruptedRuns: interruptedRuns.length, queued: this.#index.size },
        "resumed the queue after a restart",
      );
    }
    this.#registry.on("joined", (entry) => this.#refresh(entry));
    this.#registry.on("left", (entry) => {
      // A phone leaving is worth a line: operators watch the console, not only the dashboard.
      this.#log.info({ deviceId: entry.id }, `device ${entry.id} left (its session ended)`);
      this.#refresh(entry);
    });
    this.#registry.on("updated", (entry) => this.#refresh(entry));
    for (const entry of this.#registry.list()) this.#refresh(entry);
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Queues tasks (all or none) and dispatches what can start now. */
  submit(specs: readonly SubmittedTask[]): TaskRecord[] {
    for (const spec of specs) {
      // Script runs need no model; a replay needs one only where it diverges from its recording.
      if (spec.mode !== "script" && spec.mode !== "replay" && !this.#runner.hasModel) {
        throw new HubError(
          "MODEL_NOT_CONFIGURED",
          "no model endpoint: start the hub with OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (any OpenAI-compatible endpoint) to run agent tasks; script and replay tasks need none",
        );
      }
      if (spec.deviceId !== undefined) this.#registry.require(spec.deviceId);
    }
    const records = this.#tasks.insert(specs.map((spec) => ({ ...spec, id: randomUUID() })));
    const now = Date.now();
    for (const record of records) {
      this.#index.add(entryOf(record), now);
      this.emit("task_queued", record);
    }
    this.#dispatchAll();
    // The pass's leases commit now (together), so the answer shows which tasks started and their runs.
    this.#commits.flush();
    return records.map((r) => this.#tasks.get(r.id)!);
  }

  cancel(id: string, reason = "cancelled before it started"): TaskRecord {
    // Leases and ends waiting for the turn's commit are decided: commit them, then look.
    this.#commits.flush();
    const task = this.#tasks.get(id);
    if (!task) throw new HubError("NOT_FOUND", `unknown task ${id}`, { details: { taskId: id } });
    if (task.status === "queued") {
      this.#index.remove(id);
      if (this.#tasks.finish(id, "cancelled", reason)) this.emit("task_finished", this.#tasks.get(id)!);
    } else if (task.status === "running") {
      this.#runner.cancel(id);
    }
    return this.#tasks.get(id)!;
  }

  drain(id: string, draining: boolean): DeviceEntry {
    const entry = this.#registry.setHealth(id, { draining });
    this.#persistHealth(entry);
    return entry;
  }

  /** Lets a quarantined phone back into dispatch. */
  release(id: string): DeviceEntry {
    const entry = this.#registry.setHealth(id, { quarantined: false, infraFailures: 0 });
    this.#persistHealth(entry);
    return entry;
  }

  /**
   * Forgets a phone that is gone for good: its enrolment (it can come back only with a fleet key, as
   * a new phone), health and tags. Refused while it has a session — online, or dropped moments ago
   * and still inside its resume window. Queued tasks pinned to it could never run: they are cancelled.
   */
  forget(id: string): { cancelledTasks: string[] } {
    const entry = this.#registry.require(id);
    const details = { details: { deviceId: id } };
    if (entry.lease)
      throw new HubError("DEVICE_BUSY", `device ${id} is running ${entry.lease}; cancel it first`, details);
    if (entry.session) {
      const why = entry.session.connected ? "is online; stop the phone first" : "dropped moments ago and may resume";
      throw new HubError("CONFLICT", `device ${id} ${why}; remove it once it has been offline a minute`, details);
    }
    const pinned = this.#tasks.unfinished().filter((t) => t.status === "queued" && t.deviceId === id);
    for (const task of pinned) this.cancel(task.id, `its device ${id} was removed`);
    this.#idle.delete(id);
    this.#registry.forget(id);
    this.#credentials.forgetDevice(id);
    return { cancelledTasks: pinned.map((t) => t.id) };
  }

  setTags(id: string, tags: string[]): DeviceEntry {
    const entry = this.#registry.setTags(id, tags);
    this.#credentials.setDeviceTags(id, tags);
    return entry;
  }

  /** A phone's state changed: it may have become free (or stopped being free). */
  #refresh(entry: DeviceEntry): void {
    if (DeviceRegistry.status(entry) === "online") {
      this.#idle.add(entry.id);
      this.#dispatchPhone(entry);
    } else {
      this.#idle.delete(entry.id);
    }
  }

  /** A phone's tags plus `app:<package>` for each installed app (how tasks require an app). */
  #facts(entry: DeviceEntry): PhoneFacts {
    const tags = new Set(entry.tags);
    for (const app of entry.apps ?? []) tags.add(`${APP_TAG}${app}`);
    return { id: entry.id, tags, sdkInt: entry.info?.sdkInt ?? 0 };
  }

  /** Asks a phone that just joined which apps it has; app-bound tasks wait for the answer. */
  #learnApps(entry: DeviceEntry): void {
    const session = entry.session;
    if (!session || this.#asked.has(session)) return;
    this.#asked.add(session);
    session
      .call({ listApps: { includeSystem: true } }, { timeoutMs: 15_000 })
      .then(({ result }) => {
        const apps = new Set((result.apps?.apps ?? []).map((a) => a.packageName ?? "").filter(Boolean));
        this.#registry.setApps(entry.id, apps);
      })
      .catch((error: unknown) => this.#log.debug({ deviceId: entry.id, err: String(error) }, "app list unavailable"));
  }

  #dispatchAll(): void {
    for (const id of [...this.#idle]) {
      if (this.#index.size === 0) return;
      const entry = this.#registry.get(id);
      if (entry) this.#dispatchPhone(entry);
    }
  }

  #dispatchPhone(entry: DeviceEntry): void {
    if (this.#stopped || !this.#idle.has(entry.id)) return;
    // Only when some task needs an app does a phone get asked for its list (once per session).
    if (entry.apps === undefined && this.#index.requiresPrefix(APP_TAG)) this.#learnApps(entry);
    const facts = this.#facts(entry);
    for (let picked = this.#index.takeFor(facts); picked; picked = this.#index.takeFor(facts)) {
      if (this.#launch(picked, entry)) return;
    }
  }

  /** Leases the phone to the task; false when the task turned out to be no longer queued. */
  #launch(picked: QueueEntry, entry: DeviceEntry): boolean {
    // The lease, the run's start and its first event: one commit (shared with the turn's others).
    return this.#commits.together(() => this.#lease(picked, entry));
  }

  #lease(picked: QueueEntry, entry: DeviceEntry): boolean {
    const holder = `task:${picked.id}`;
    const queued = this.#tasks.get(picked.id);
    if (queued?.status !== "queued") return false;
    // The record as the lease leaves it (what markStarted writes).
    const task: TaskRecord = { ...queued, status: "running", attempts: queued.attempts + 1, lastDevice: entry.id };
    this.#idle.delete(entry.id);
    this.#registry.acquire(entry.id, holder);
    const started = this.#runner.start(task, entry.id, task.hasSecrets ? this.#tasks.secrets(task.id) : undefined, {
      lease: () => {
        if (!this.#tasks.markStarted(task.id, entry.id)) {
          throw new HubError("INTERNAL", `task ${task.id} was no longer queued when its lease was written`);
        }
      },
      settle: (outcome) => this.#record(task, entry.id, outcome),
    });
    started.opened.then(
      () => this.emit("task_started", { task, deviceId: entry.id, runId: started.runId }),
      () => undefined,
    );
    started.outcome.then(
      () => this.#registry.release(entry.id, holder),
      (error: unknown) => this.#unwritten(task, entry.id, holder, started.opened, error),
    );
    return true;
  }

  /**
   * A run whose start or end could not be committed. Never started: the task is queued again and
   * the phone freed. Ended but unwritten: the phone stays leased (its last run's end is not
   * durable) and the next hub start retries the task.
   */
  #unwritten(task: TaskRecord, deviceId: string, holder: string, opened: Promise<void>, error: unknown): void {
    opened.then(
      () => this.#log.error({ taskId: task.id, deviceId, err: String(error) }, "a run's end could not be written"),
      () => {
        this.#log.error({ taskId: task.id, deviceId, err: String(error) }, "a lease could not be written");
        const current = this.#tasks.get(task.id);
        if (current?.status === "queued") this.#index.add(entryOf(current), Date.now());
        this.#registry.release(deviceId, holder);
      },
    );
  }

  /**
   * The task's next state after a run, written in the run's closing commit: done, cancelled, a
   * retry with backoff on another phone, or failed for good. Health is updated first, so a phone
   * quarantined by this run takes nothing more. Returns what to do in memory once it is committed.
   */
  #record(task: TaskRecord, deviceId: string, outcome: RunOutcome): (() => void) | undefined {
    this.#health(deviceId, outcome);
    if (outcome.status === "interrupted") return undefined; // hub shutdown: the next start requeues it
    if (outcome.status === "done" || outcome.status === "cancelled") {
      return this.#end(task.id, outcome.status, outcome.reason);
    }
    const failure = { taskId: task.id, runId: outcome.runId, deviceId, attempt: task.attempts, reason: outcome.reason };
    if (task.attempts < task.maxAttempts) {
      const backoff = Math.min(this.#options.retryCapMs, this.#options.retryBaseMs * 2 ** (task.attempts - 1));
      const notBefore = Date.now() + backoff * (0.5 + Math.random() / 2);
      this.#log.warn(
        failure,
        `run failed on ${deviceId} (attempt ${task.attempts} of ${task.maxAttempts}): ${outcome.reason}; retrying`,
      );
      if (!this.#tasks.requeue(task.id, notBefore, outcome.reason)) return undefined;
      return () => {
        const queued = this.#tasks.get(task.id);
        if (queued?.status !== "queued") return; // cancelled since the commit
        this.#index.add(entryOf(queued), Date.now());
        this.#schedule();
      };
    }
    this.#log.warn(
      failure,
      `task failed after ${task.attempts} attempt${task.attempts === 1 ? "" : "s"}; last on ${deviceId}: ${outcome.reason}`,
    );
    return this.#end(task.id, "failed", `${outcome.reason} (after ${task.attempts} attempts)`);
  }

  /** Ends a task; once that is committed, announces it. */
  #end(id: string, status: "done" | "failed" | "cancelled", reason: string): (() => void) | undefined {
    if (!this.#tasks.finish(id, status, reason)) return undefined;
    return () => {
      if (this.listenerCount("task_finished") > 0) this.emit("task_finished", this.#tasks.get(id)!);
    };
  }

  #health(deviceId: string, outcome: RunOutcome): void {
    const entry = this.#registry.get(deviceId);
    if (!entry || outcome.status === "interrupted") return;
    const failures = outcome.infra ? entry.infraFailures + 1 : 0;
    const quarantine = failures >= this.#options.quarantineAfter && !entry.quarantined;
    if (failures === entry.infraFailures && !quarantine) return;
    this.#registry.setHealth(deviceId, { infraFailures: failures, ...(quarantine ? { quarantined: true } : {}) });
    this.#persistHealth(entry);
    if (quarantine) {
      this.#log.warn({ deviceId, failures }, "phone quarantined after repeated infrastructure failures");
      this.emit("device_quarantined", entry);
    }
  }

  #persistHealth(entry: DeviceEntry): void {
    this.#credentials.setDeviceHealth(entry.id, {
      quarantined: entry.quarantined,
      draining: entry.draining,
      infraFailures: entry.infraFailures,
    });
  }

  /** One timer for the earliest retry backoff. */
  #schedule(): void {
    if (this.#stopped) return;
    const due = this.#index.nextDueAt();
    clearTimeout(this.#timer);
    if (due === undefined) return;
    this.#timer = setTimeout(
      () => {
        if (this.#index.promote(Date.now()) > 0) this.#dispatchAll();
        this.#schedule();
      },
      Math.max(0, due - Date.now()),
    );
    this.#timer.unref();
  }
}

function entryOf(task: TaskRecord): QueueEntry {
  return {
    id: task.id,
    priority: task.priority,
    seq: task.seq,
    deviceId: task.deviceId,
    tags: task.tags,
    minSdk: task.minSdk,
    notBefore: task.notBefore,
    lastDevice: task.lastDevice,
  };
}
