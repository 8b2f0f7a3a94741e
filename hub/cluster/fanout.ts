/**
 * Fleet and run events across hubs: each hub publishes what happens on it (tasks queued, started,
 * finished; runs started, finished) once on one Redis channel, and re-emits what the others publish
 * on its own dispatcher and runner, so every hub's `GET /api/events` streams the whole fleet and a
 * run's event stream on any hub ends when the run ends. A task queued elsewhere also wakes this
 * hub's free phones (they claim it from PostgreSQL) instead of waiting for a poll.
 *
 * Why Redis and not PostgreSQL's NOTIFY for the wake-up: the event is published anyway for the
 * SSE fan-out, one message serves both, and the database (the one shared write path) carries no
 * extra notifications per task. NOTIFY would be the better tool only if a wake-up had to be
 * transactional; it need not be — the claim reads the committed queue, a lost wake-up is caught by
 * the periodic one (cluster.ts), and an extra one costs one empty claim.
 */
import type { Redis } from "ioredis";
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { FleetTx, TaskRecord } from "../fleet/ports.js";
import type { RunRow } from "../runs/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { keys } from "./keys.js";

type Published =
  | { type: "task_queued" | "task_finished"; data: TaskRecord }
  | { type: "task_started"; data: { task: TaskRecord; deviceId: string; runId: string } }
  | { type: "run_started" | "run_finished"; data: RunRow };

interface Message {
  from: string;
  event: Published;
}

export interface FanoutDeps {
  hubId: string;
  pub: Redis;
  sub: Redis;
  dispatcher: Dispatcher;
  runner: TaskRunner<FleetTx>;
  onError: (error: unknown) => void;
}

export class Fanout {
  readonly #deps: FanoutDeps;
  /** Objects that came from another hub: re-emitted here, never published again. */
  readonly #remote = new WeakSet<object>();
  readonly #detach: (() => void)[] = [];
  /** Events received from other hubs (for /api/cluster and the tests). */
  received = 0;

  constructor(deps: FanoutDeps) {
    this.#deps = deps;
  }

  async start(): Promise<void> {
    const { dispatcher, sub, runner } = this.#deps;
    this.#publishOn(dispatcher, "task_queued", (data: TaskRecord) => ({ type: "task_queued", data }));
    this.#publishOn(dispatcher, "task_finished", (data: TaskRecord) => ({ type: "task_finished", data }));
    this.#publishOn(dispatcher, "task_started", (data: { task: TaskRecord; deviceId: string; runId: string }) => ({
      type: "task_started",
      data,
    }));
    this.#publishOn(runner, "started", (data: RunRow) => ({ type: "run_started", data }));
    this.#publishOn(runner, "finished", (data: RunRow) => ({ type: "run_finished", data }));
    sub.on("message", (channel: string, message: string) => {
      if (channel === keys.events) this.#receive(message);
    });
    await sub.subscribe(keys.events);
  }

  stop(): void {
    for (const detach of this.#detach.splice(0)) detach();
  }

  #publishOn<T extends object>(
    emitter: {
      on(event: string, listener: (data: T) => void): unknown;
      off(event: string, listener: (data: T) => void): unknown;
    },
    event: string,
    toMessage: (data: T) => Published,
  ): void {
    const listener = (data: T): void => {
      if (this.#remote.has(data)) return;
      const message: Message = { from: this.#deps.hubId, event: toMessage(data) };
      this.#deps.pub.publish(keys.events, JSON.stringify(message)).catch(this.#deps.onError);
    };
    emitter.on(event, listener);
    this.#detach.push(() => emitter.off(event, listener));
  }

  #receive(raw: string): void {
    const message = JSON.parse(raw) as Message;
    if (message.from === this.#deps.hubId) return;
    this.received++;
    const { event } = message;
    const { dispatcher, runner } = this.#deps;
    this.#remote.add(event.data);
    switch (event.type) {
      case "task_queued":
        dispatcher.emit("task_queued", event.data);
        dispatcher.wake();
        break;
      case "task_finished":
        dispatcher.emit("task_finished", event.data);
        break;
      case "task_started":
        dispatcher.emit("task_started", event.data);
        break;
      case "run_started":
        runner.emit("started", event.data);
        break;
      case "run_finished":
        runner.emit("finished", event.data);
        break;
    }
  }
}
