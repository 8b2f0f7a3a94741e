/**
 * Runs one task on one phone: builds the agent for the task's mode (chain, step, or a model-free
 * script of remote-control actions), commits every event to the run store as it happens, and
 * reports how the run ended. Leases and the queue belong to the fleet dispatcher.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { ChainAgent } from "../agent/chain/chain-agent.js";
import { describeStep } from "../agent/chain/perform.js";
import type { AgentEvent } from "../agent/events.js";
import { recordedSteps } from "../agent/replay/recorded.js";
import { ReplayAgent } from "../agent/replay/replay-agent.js";
import { StepAgent } from "../agent/step/index.js";
import type { LessonRepository, ReferenceRunRepository } from "../agent/step/memory.js";
import { parseAction, toDeviceRequest } from "../devices/actions.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { Model } from "../llm/model.js";
import type { EventRow, RunRow, RunStore } from "../store/run-store.js";
import type { ScreenshotStore, StoredFormat } from "../store/screenshot-store.js";
import type { TaskRecord } from "../store/task-store.js";

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

export interface RunnerEvents {
  event: [EventRow];
  started: [RunRow];
  finished: [RunRow];
}

type StopReason = "cancel" | "shutdown" | "timeout";

export class TaskRunner extends EventEmitter<RunnerEvents> {
  readonly #controllers = new Map<string, { controller: AbortController; reason: StopReason | undefined }>();
  readonly #settled = new Set<Promise<unknown>>();
  readonly #registry: DeviceRegistry;
  readonly #model: Model | undefined;
  readonly #store: RunStore;
  readonly #screenshots: ScreenshotStore;

  readonly #lessons: LessonRepository;
  readonly #references: ReferenceRunRepository;

  constructor(
    registry: DeviceRegistry,
    store: RunStore,
    screenshots: ScreenshotStore,
    model: Model | undefined,
    memory: { lessons: LessonRepository; references: ReferenceRunRepository },
  ) {
    super();
    this.#lessons = memory.lessons;
    this.#references = memory.references;
    this.setMaxListeners(0); // one per SSE client
    this.#registry = registry;
    this.#store = store;
    this.#screenshots = screenshots;
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

  getRun(id: string): RunRow {
    const run = this.#store.getRun(id);
    if (!run) throw new HubError("NOT_FOUND", `unknown run ${id}`, { details: { runId: id } });
    return run;
  }

  /** Starts the task's next attempt on `deviceId` (already leased by the caller). */
  start(
    task: TaskRecord,
    deviceId: string,
    secrets: Record<string, string> | undefined,
    /** Runs in the same transaction that records the run's end (the queue's own bookkeeping). */
    settle?: (outcome: RunOutcome) => void,
  ): { runId: string; outcome: Promise<RunOutcome> } {
    const runId = randomUUID();
    this.#store.createRun(runId, task.id, task.attempts, deviceId, task.goal, task.mode);
    const entry = { controller: new AbortController(), reason: undefined as StopReason | undefined };
    this.#controllers.set(task.id, entry);
    const timer =
      task.timeoutMs > 0
        ? setTimeout(() => {
            entry.reason = "timeout";
            entry.controller.abort();
          }, task.timeoutMs)
        : undefined;
    let seq = 0;
    const emit = (event: AgentEvent): void => {
      const at = Date.now();
      seq++;
      const body = this.#withStoredImages(event);
      this.#store.appendEvent(runId, seq, at, event.type, body);
      this.emit("event", { runId, seq, at: new Date(at).toISOString(), type: event.type, body: body as never });
    };
    if (this.listenerCount("started") > 0) this.emit("started", this.getRun(runId));
    const outcome = this.#execute(task, runId, deviceId, secrets, entry.controller.signal, emit)
      .catch((error: unknown) => ({
        status: "failed" as const,
        reason: error instanceof Error ? error.message : String(error),
        errorCode: isHubError(error) ? error.code : undefined,
        stats: undefined as unknown,
      }))
      .then((result): RunOutcome => {
        clearTimeout(timer);
        this.#controllers.delete(task.id);
        const connected = this.#registry.get(deviceId)?.session?.connected ?? false;
        let status: RunOutcome["status"] = result.status;
        let reason = result.reason;
        if (entry.reason === "shutdown") status = "interrupted";
        else if (entry.reason === "timeout") {
          status = "failed";
          reason = `timed out after ${task.timeoutMs} ms`;
        } else if (entry.reason === "cancel") status = "cancelled";
        const infra =
          status === "interrupted" || (status === "failed" && (INFRA_CODES.has(result.errorCode ?? "") || !connected));
        const outcome: RunOutcome = { runId, status, reason, infra, stats: result.stats };
        // One commit for the run's end and the task's next state: half the writes per task.
        this.#store.transaction(() => {
          this.#store.finishRun(runId, status, reason, result.stats);
          settle?.(outcome);
        });
        if (this.listenerCount("finished") > 0) this.emit("finished", this.getRun(runId));
        return outcome;
      });
    this.#settled.add(outcome);
    void outcome.finally(() => this.#settled.delete(outcome));
    return { runId, outcome };
  }

  async #execute(
    task: TaskRecord,
    runId: string,
    deviceId: string,
    secrets: Record<string, string> | undefined,
    signal: AbortSignal,
    emit: (event: AgentEvent) => void,
  ): Promise<{
    status: "done" | "failed" | "cancelled";
    reason: string;
    errorCode?: string | undefined;
    stats: unknown;
  }> {
    const session = this.#registry.requireSession(deviceId);
    if (task.mode === "script") return this.#script(task, deviceId, signal, emit);
    if (task.mode === "replay") return this.#replay(task, deviceId, secrets, signal, emit);
    if (!this.#model) throw new HubError("MODEL_NOT_CONFIGURED", "no model endpoint is configured");
    const common = { model: this.#model, session, goal: task.goal, signal, emit, ...(secrets ? { secrets } : {}) };
    if (task.mode === "step") {
      const result = await new StepAgent({
        ...common,
        runId,
        lessons: this.#lessons,
        references: this.#references,
        ...(task.extra.expected ? { expected: task.extra.expected } : {}),
        ...(task.extra.maxSteps ? { limits: { maxSteps: task.extra.maxSteps } } : {}),
        ...(task.extra.testCase
          ? {
              caseName: task.extra.testCase.name,
              ...(task.extra.testCase.app ? { app: task.extra.testCase.app } : {}),
              ...(task.extra.testCase.subgoals ? { subgoals: task.extra.testCase.subgoals } : {}),
            }
          : {}),
      }).run();
      return {
        status: result.status === "pass" ? "done" : signal.aborted ? "cancelled" : "failed",
        reason: result.reason,
        stats: result.stats,
      };
    }
    // A resumed task's planner starts knowing what the cut-off run had already done on the phone.
    const history = task.extra.resumeOf
      ? recordedSteps(this.#store.events(task.extra.resumeOf, 0, ["step_finished"])).map((r) => describeStep(r.step))
      : [];
    return new ChainAgent({
      ...common,
      ...(task.extra.verification ? { verification: task.extra.verification } : {}),
      ...(history.length ? { history } : {}),
    }).run();
  }

  /** Script mode: the task's remote-control actions in order, no model — for smoke tests and load. */
  async #script(task: TaskRecord, deviceId: string, signal: AbortSignal, emit: (event: AgentEvent) => void) {
    const session = this.#registry.requireSession(deviceId);
    const started = performance.now();
    const actions = task.extra.actions ?? [];
    emit({ type: "run_started", goal: task.goal, deviceId, mode: "script", verification: "none" });
    for (const [index, raw] of actions.entries()) {
      if (signal.aborted) return { status: "cancelled" as const, reason: "cancelled", stats: { actions: index } };
      const action = parseAction(raw);
      await session.call(toDeviceRequest(action, session.info.screen), { signal });
    }
    const stats = { actions: actions.length, ms: Math.round(performance.now() - started) };
    return { status: "done" as const, reason: `${actions.length} actions ran`, stats };
  }

  /**
   * Replay mode: the recorded run's OK steps re-run on this phone; the model (when configured) is
   * asked only where a step diverges. The replay is recorded like any run, so it can be replayed too.
   */
  async #replay(
    task: TaskRecord,
    deviceId: string,
    secrets: Record<string, string> | undefined,
    signal: AbortSignal,
    emit: (event: AgentEvent) => void,
  ) {
    const source = this.getRun(task.extra.replayOf ?? "");
    return new ReplayAgent({
      model: this.#model,
      session: this.#registry.requireSession(deviceId),
      steps: recordedSteps(this.#store.events(source.id, 0, ["step_finished"])),
      goal: source.goal,
      source: source.id,
      ...(secrets ? { secrets } : {}),
      signal,
      emit,
    }).run();
  }

  /** A step log's screenshot goes to the content-addressed store; the event keeps its hash. */
  #withStoredImages(event: AgentEvent): unknown {
    if (event.type === "step_frame") {
      const { data, format, width, height } = event.image;
      return { ...event, image: { ...this.#screenshots.put(data, format), width, height } };
    }
    if (event.type !== "step_log" || !event.log.screenshot) return event;
    const { data, format, width, height } = event.log.screenshot;
    const stored = this.#screenshots.put(data, format as StoredFormat);
    return { ...event, log: { ...event.log, screenshot: { ...stored, width, height } } };
  }

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
