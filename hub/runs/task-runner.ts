/**
 * Starts agent runs: accept a goal for one phone, lease the phone, run the agent, and commit every
 * event to the run store as it happens (redacted by the agent before it gets here). Live listeners
 * (SSE) hear each event after it is committed.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { ChainAgent } from "../agent/chain/chain-agent.js";
import type { AgentEvent } from "../agent/events.js";
import { StepAgent } from "../agent/step/index.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { Model } from "../llm/model.js";
import type { EventRow, RunRow, RunStore, TaskRow, TaskStatus } from "../store/run-store.js";
import type { ScreenshotStore, StoredFormat } from "../store/screenshot-store.js";

export interface TaskSpec {
  goal: string;
  device: string;
  mode: "chain" | "step";
  expected?: string | undefined;
  maxSteps?: number | undefined;
  secrets?: Record<string, string> | undefined;
  verification?: "economy" | "naive" | undefined;
}

export interface TaskView extends TaskRow {
  runs: RunRow[];
}

export interface RunnerEvents {
  event: [EventRow];
  started: [RunRow];
  finished: [RunRow];
}

export class TaskRunner extends EventEmitter<RunnerEvents> {
  readonly #controllers = new Map<string, AbortController>();
  readonly #settled = new Set<Promise<void>>();
  readonly #registry: DeviceRegistry;
  readonly #model: Model | undefined;
  readonly #store: RunStore;
  readonly #screenshots: ScreenshotStore;

  constructor(registry: DeviceRegistry, store: RunStore, screenshots: ScreenshotStore, model: Model | undefined) {
    super();
    this.setMaxListeners(0); // one per SSE client
    this.#registry = registry;
    this.#store = store;
    this.#screenshots = screenshots;
    this.#model = model;
  }

  get screenshots(): ScreenshotStore {
    return this.#screenshots;
  }

  get store(): RunStore {
    return this.#store;
  }

  get running(): number {
    return this.#controllers.size;
  }

  getTask(id: string): TaskView {
    const task = this.#store.getTask(id);
    if (!task) throw new HubError("NOT_FOUND", `unknown task ${id}`, { details: { taskId: id } });
    return { ...task, runs: this.#store.runsOfTask(id) };
  }

  getRun(id: string): RunRow {
    const run = this.#store.getRun(id);
    if (!run) throw new HubError("NOT_FOUND", `unknown run ${id}`, { details: { runId: id } });
    return run;
  }

  submit(spec: TaskSpec): { taskId: string; runId: string } {
    if (!this.#model) {
      throw new HubError("MODEL_NOT_CONFIGURED", "set OPENAI_BASE_URL / OPENAI_API_KEY / DROIDHUB_MODEL to run tasks");
    }
    const session = this.#registry.requireSession(spec.device);
    const taskId = randomUUID();
    const runId = randomUUID();
    const holder = `run:${runId}`;
    this.#registry.acquire(spec.device, holder);
    this.#store.createTask(taskId, spec.goal, spec.device, spec.mode, runId);
    const controller = new AbortController();
    this.#controllers.set(taskId, controller);
    let seq = 0;
    const record = (event: AgentEvent): void => {
      const at = Date.now();
      seq++;
      const body = this.#withStoredImages(event);
      this.#store.appendEvent(runId, seq, at, event.type, body);
      this.emit("event", { runId, seq, at: new Date(at).toISOString(), type: event.type, body: body as never });
    };
    const common = {
      model: this.#model,
      session,
      goal: spec.goal,
      ...(spec.secrets ? { secrets: spec.secrets } : {}),
      signal: controller.signal,
      emit: record,
    };
    const run: () => Promise<{ status: TaskStatus; reason: string; stats: unknown }> =
      spec.mode === "step"
        ? () =>
            new StepAgent({
              ...common,
              ...(spec.expected ? { expected: spec.expected } : {}),
              ...(spec.maxSteps ? { limits: { maxSteps: spec.maxSteps } } : {}),
              runId,
            })
              .run()
              .then((r) => ({
                status: r.status === "pass" ? "done" : controller.signal.aborted ? "cancelled" : "failed",
                reason: r.reason,
                stats: r.stats,
              }))
        : () => new ChainAgent({ ...common, ...(spec.verification ? { verification: spec.verification } : {}) }).run();
    this.emit("started", this.getRun(runId));
    const settled: Promise<void> = run()
      .then(
        (result) => result,
        (error: unknown) => ({
          status: "failed" as TaskStatus,
          reason: error instanceof Error ? error.message : String(error),
          stats: undefined as unknown,
        }),
      )
      .then((outcome) => {
        this.#store.finish(taskId, runId, outcome.status, outcome.reason, outcome.stats);
        this.#controllers.delete(taskId);
        this.#registry.release(spec.device, holder);
        this.emit("finished", this.getRun(runId));
      })
      .finally(() => this.#settled.delete(settled));
    this.#settled.add(settled);
    return { taskId, runId };
  }

  /** A step log's screenshot goes to the content-addressed store; the event keeps its hash. */
  #withStoredImages(event: AgentEvent): unknown {
    if (event.type !== "step_log" || !event.log.screenshot) return event;
    const { data, format, width, height } = event.log.screenshot;
    const stored = this.#screenshots.put(data, format as StoredFormat);
    return { ...event, log: { ...event.log, screenshot: { ...stored, width, height } } };
  }

  cancel(id: string): TaskView {
    const task = this.getTask(id);
    this.#controllers.get(id)?.abort();
    return task;
  }

  /** Hub shutdown: stop every run and wait (bounded) until each has written its end. */
  async cancelAll(timeoutMs = 5_000): Promise<void> {
    for (const controller of this.#controllers.values()) controller.abort();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.#settled]), timer]);
  }
}
