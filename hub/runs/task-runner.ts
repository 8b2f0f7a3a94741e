/**
 * Tasks in memory: accept a goal for one phone, lease the phone, run the agent, keep the redacted
 * event log. (The runs issue replaces the in-memory record with the SQLite run store and adds the
 * fleet queue; this keeps the same API shape.)
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { ChainAgent } from "../agent/chain/chain-agent.js";
import type { AgentEvent, RunStats } from "../agent/events.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { Model } from "../llm/model.js";

export type TaskStatus = "running" | "done" | "failed" | "cancelled";

export interface TaskSpec {
  goal: string;
  device: string;
  mode: "chain";
  secrets?: Record<string, string> | undefined;
  verification?: "economy" | "naive" | undefined;
}

export interface RecordedEvent {
  seq: number;
  at: string;
  event: AgentEvent;
}

export interface TaskRecord {
  id: string;
  goal: string;
  deviceId: string;
  mode: "chain";
  status: TaskStatus;
  createdAt: string;
  finishedAt: string | undefined;
  reason: string | undefined;
  stats: RunStats | undefined;
  events: RecordedEvent[];
}

export class TaskRunner extends EventEmitter<{ event: [TaskRecord, RecordedEvent]; finished: [TaskRecord] }> {
  readonly #tasks = new Map<string, TaskRecord>();
  readonly #controllers = new Map<string, AbortController>();
  readonly #registry: DeviceRegistry;
  readonly #model: Model | undefined;

  constructor(registry: DeviceRegistry, model: Model | undefined) {
    super();
    this.#registry = registry;
    this.#model = model;
  }

  get(id: string): TaskRecord {
    const task = this.#tasks.get(id);
    if (!task) throw new HubError("NOT_FOUND", `unknown task ${id}`, { details: { taskId: id } });
    return task;
  }

  list(): TaskRecord[] {
    return [...this.#tasks.values()].reverse();
  }

  submit(spec: TaskSpec): TaskRecord {
    if (!this.#model) {
      throw new HubError("MODEL_NOT_CONFIGURED", "set OPENAI_BASE_URL / OPENAI_API_KEY / DROIDHUB_MODEL to run tasks");
    }
    const session = this.#registry.requireSession(spec.device);
    const id = randomUUID();
    this.#registry.acquire(spec.device, `task:${id}`);
    const task: TaskRecord = {
      id,
      goal: spec.goal,
      deviceId: spec.device,
      mode: spec.mode,
      status: "running",
      createdAt: new Date().toISOString(),
      finishedAt: undefined,
      reason: undefined,
      stats: undefined,
      events: [],
    };
    this.#tasks.set(id, task);
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    const agent = new ChainAgent({
      model: this.#model,
      session,
      goal: spec.goal,
      ...(spec.secrets ? { secrets: spec.secrets } : {}),
      ...(spec.verification ? { verification: spec.verification } : {}),
      signal: controller.signal,
      emit: (event) => {
        const recorded = { seq: task.events.length + 1, at: new Date().toISOString(), event };
        task.events.push(recorded);
        this.emit("event", task, recorded);
      },
    });
    void agent
      .run()
      .then((result) => {
        task.status = result.status;
        task.reason = result.reason;
        task.stats = result.stats;
      })
      .catch((error: unknown) => {
        task.status = "failed";
        task.reason = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        task.finishedAt = new Date().toISOString();
        this.#controllers.delete(id);
        this.#registry.release(spec.device, `task:${id}`);
        this.emit("finished", task);
      });
    return task;
  }

  cancel(id: string): TaskRecord {
    const task = this.get(id);
    this.#controllers.get(id)?.abort();
    return task;
  }

  /** Hub shutdown: stop every run. */
  cancelAll(): void {
    for (const controller of this.#controllers.values()) controller.abort();
  }

  static summary(task: TaskRecord): Omit<TaskRecord, "events"> & { eventCount: number } {
    const { events, ...rest } = task;
    return { ...rest, eventCount: events.length };
  }
}
