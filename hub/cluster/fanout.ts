/**
 * Fleet and run events across hubs: each hub publishes what happens on it (tasks queued, started,
 * finished; runs started, finished; phones joined, left) once on one Redis channel, and re-emits
 * what the others publish on its own dispatcher and runner, so every hub's `GET /api/events` streams
 * the whole fleet and a run's event stream on any hub ends when the run ends. A task queued
 * elsewhere also wakes this hub's free phones (they claim it from PostgreSQL) instead of waiting for
 * a poll.
 *
 * Phones other hubs hold go to the registry's `remote` list (not the registry itself: this hub must
 * not dispatch to them or take their ownership), which GET /api/devices and the fleet stream show.
 * A hub that starts asks the others for their phones (`hello`, answered with one `devices` message
 * each); a hub gone from the members list has its phones dropped (those that rejoin another hub come
 * back with that hub's announcement).
 *
 * Why Redis and not PostgreSQL's NOTIFY for the wake-up: the event is published anyway for the
 * SSE fan-out, one message serves both, and the database (the one shared write path) carries no
 * extra notifications per task. NOTIFY would be the better tool only if a wake-up had to be
 * transactional; it need not be — the claim reads the committed queue, a lost wake-up is caught by
 * the periodic one (cluster.ts), and an extra one costs one empty claim.
 */
import type { Redis } from "ioredis";
import { type DeviceEntry, DeviceRegistry, type DeviceView } from "../devices/registry.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { FleetTx, TaskRecord } from "../fleet/ports.js";
import type { RunRow } from "../runs/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { keys } from "./keys.js";

type Published =
  | { type: "task_queued" | "task_finished"; data: TaskRecord }
  | { type: "task_retry"; data: { id: string } }
  | { type: "task_started"; data: { task: TaskRecord; deviceId: string; runId: string } }
  | { type: "run_started" | "run_finished"; data: RunRow }
  | { type: "device_joined"; data: DeviceView }
  | { type: "device_left"; data: { id: string } }
  | { type: "hello"; data: Record<string, never> }
  | { type: "devices"; data: DeviceView[] };

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
  registry: DeviceRegistry;
  /** The hubs registered now (members.ts): the phones of any other are dropped from the remote list. */
  liveHubs: () => Promise<string[]>;
  /** How often to look for hubs gone (the ownership time limit). */
  pruneMs: number;
  onError: (error: unknown) => void;
}

export class Fanout {
  readonly #deps: FanoutDeps;
  /** Objects that came from another hub: re-emitted here, never published again. */
  readonly #remote = new WeakSet<object>();
  readonly #detach: (() => void)[] = [];
  #pruner: NodeJS.Timeout | undefined;
  /** Events received from other hubs (for /api/cluster and the tests). */
  received = 0;

  constructor(deps: FanoutDeps) {
    this.#deps = deps;
  }

  async start(): Promise<void> {
    const { dispatcher, sub, runner } = this.#deps;
    this.#publishOn(dispatcher, "task_queued", (data: TaskRecord) => ({ type: "task_queued", data }));
    this.#publishOn(dispatcher, "task_finished", (data: TaskRecord) => ({ type: "task_finished", data }));
    this.#publishOn(dispatcher, "task_retry", (data: { id: string }) => ({ type: "task_retry", data }));
    this.#publishOn(dispatcher, "task_started", (data: { task: TaskRecord; deviceId: string; runId: string }) => ({
      type: "task_started",
      data,
    }));
    this.#publishOn(runner, "started", (data: RunRow) => ({ type: "run_started", data }));
    this.#publishOn(runner, "finished", (data: RunRow) => ({ type: "run_finished", data }));
    this.#publishDevices();
    sub.on("message", (channel: string, message: string) => {
      if (channel === keys.events) this.#receive(message);
    });
    await sub.subscribe(keys.events);
    this.#publish({ type: "hello", data: {} });
    this.#pruner = setInterval(() => void this.#prune(), this.#deps.pruneMs);
    this.#pruner.unref();
  }

  stop(): void {
    clearInterval(this.#pruner);
    for (const detach of this.#detach.splice(0)) detach();
  }

  #publish(event: Published): void {
    const message: Message = { from: this.#deps.hubId, event };
    this.#deps.pub.publish(keys.events, JSON.stringify(message)).catch(this.#deps.onError);
  }

  /** This hub's phones joining and leaving, for the others' remote lists. */
  #publishDevices(): void {
    const { registry } = this.#deps;
    registry.remote.self = this.#deps.hubId;
    const joined = (entry: DeviceEntry): void => {
      registry.remote.forget(entry.id);
      this.#publish({ type: "device_joined", data: DeviceRegistry.view(entry) });
    };
    const left = (entry: DeviceEntry): void => this.#publish({ type: "device_left", data: { id: entry.id } });
    registry.on("joined", joined);
    registry.on("left", left);
    this.#detach.push(() => {
      registry.off("joined", joined);
      registry.off("left", left);
    });
  }

  /** Drops the phones of hubs no longer registered (killed: they announced no "left"). */
  async #prune(): Promise<void> {
    try {
      const live = new Set(await this.#deps.liveHubs());
      for (const hub of this.#deps.registry.remote.hubs()) if (!live.has(hub)) this.#deps.registry.remote.dropHub(hub);
    } catch (error) {
      this.#deps.onError(error); // Redis away: the next round tries again
    }
  }

  /** A phone another hub announced, unless its socket is here (an announcement that arrived late). */
  #remoteJoined(hub: string, view: DeviceView): void {
    if (this.#deps.registry.get(view.id)?.session?.connected) return;
    this.#deps.registry.remote.joined(hub, view);
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
      if (!this.#remote.has(data)) this.#publish(toMessage(data));
    };
    emitter.on(event, listener);
    this.#detach.push(() => emitter.off(event, listener));
  }

  #receive(raw: string): void {
    const message = JSON.parse(raw) as Message;
    if (message.from === this.#deps.hubId) return;
    this.received++;
    const { event, from } = message;
    const { dispatcher, runner, registry } = this.#deps;
    this.#remote.add(event.data);
    switch (event.type) {
      case "hello":
        this.#publish({ type: "devices", data: this.#ownViews() });
        break;
      case "devices":
        for (const view of event.data) this.#remoteJoined(from, view);
        break;
      case "device_joined":
        this.#remoteJoined(from, event.data);
        break;
      case "device_left":
        registry.remote.left(from, event.data.id);
        break;
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
      case "task_retry":
        // The requeuing hub's timer serves only its own phones; a free phone here may fit the retry.
        dispatcher.retryQueued();
        break;
      case "run_started":
        registry.remote.leased(event.data.deviceId, event.data.id);
        runner.emit("started", event.data);
        break;
      case "run_finished":
        registry.remote.leased(event.data.deviceId, undefined);
        runner.emit("finished", event.data);
        break;
    }
  }

  #ownViews(): DeviceView[] {
    return this.#deps.registry
      .list()
      .filter((entry) => entry.session?.connected)
      .map((entry) => DeviceRegistry.view(entry));
  }
}
