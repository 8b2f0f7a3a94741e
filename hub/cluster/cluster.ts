/**
 * Cluster mode (DROIDHUB_REDIS_URL): several hubs on one PostgreSQL share one fleet. This wires the
 * parts on Redis into a built hub: phone ownership with epochs (ownership.ts), the hub's registration
 * (members.ts), operator calls forwarded to the phone's hub (forward.ts over rpc.ts), fleet events
 * fanned out and wake-ups (fanout.ts), and the reaper: the runs of a hub whose registration lapsed
 * are interrupted and their tasks retried here, exactly as a restarted hub would retry its own.
 *
 * Every third of the ownership time limit the hub renews its phones and registration, wakes its free
 * phones (a lost wake-up costs at most that long) and looks for dead hubs. A phone another hub took
 * meanwhile has its session here ended (STALE_EPOCH), so this hub sends and leases nothing more on it.
 * Renewing and reaping are two loops: the renewal needs only Redis, the reaper reads PostgreSQL, and
 * a renewal that waited behind a slow query (a busy pool mid-drain) let a live hub's registration
 * lapse, so the others took it for dead and it stopped its own runs (found by the scale run).
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { FleetTx, TaskStore } from "../fleet/ports.js";
import type { LiveHub } from "../live/live-hub.js";
import type { RunStore } from "../runs/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { admit } from "./admission.js";
import { Fanout } from "./fanout.js";
import { type ForwardedAnswer, type ForwardedCall, installForwarding, serveForwarded } from "./forward.js";
import { installHandover } from "./handover.js";
import { keys } from "./keys.js";
import { LiveRelay } from "./live-relay.js";
import { type HubFacts, Members } from "./members.js";
import { Ownership } from "./ownership.js";
import { connect, redisClient } from "./redis.js";
import { Rpc } from "./rpc.js";

export interface ClusterOptions {
  redisUrl: string;
  hubId: string;
  hubUrl: string | undefined;
  ownershipTtlMs: number;
  /** How long a forwarded call may take (the phone's command time limit plus the trip). */
  forwardTimeoutMs: number;
}

export interface ClusterDeps {
  registry: DeviceRegistry;
  live: LiveHub;
  dispatcher: Dispatcher;
  runner: TaskRunner<FleetTx>;
  tasks: TaskStore;
  runs: RunStore;
  log: FastifyBaseLogger;
}

export class Cluster {
  readonly hubId: string;
  readonly ownership: Ownership;
  readonly members: Members;
  readonly fanout: Fanout;
  readonly #pub: Redis;
  readonly #sub: Redis;
  /** The live relay's subscriber (frames only: live-relay.ts says why). */
  readonly #liveSub: Redis;
  readonly #live: LiveRelay;
  readonly #rpc: Rpc<ForwardedCall, ForwardedAnswer>;
  readonly #options: ClusterOptions;
  readonly #deps: ClusterDeps;
  readonly #startedAt = new Date().toISOString();
  /** Phones whose take failed (Redis away): taken at the next renewal. */
  readonly #untaken = new Set<string>();
  /** Since when Redis has answered without a break: a hub missing before that may be a Redis restart. */
  #upSince = Date.now();
  readonly #timers: NodeJS.Timeout[] = [];
  #renewing = false;
  #reaping = false;
  /** Hubs whose runs this hub interrupted (and how many), for /api/cluster and the logs. */
  readonly reaped = new Map<string, number>();

  private constructor(options: ClusterOptions, deps: ClusterDeps, pub: Redis, sub: Redis, liveSub: Redis) {
    this.hubId = options.hubId;
    this.#options = options;
    this.#deps = deps;
    this.#pub = pub;
    this.#sub = sub;
    this.#liveSub = liveSub;
    this.#live = new LiveRelay({
      hubId: options.hubId,
      pub,
      sub: liveSub,
      registry: deps.registry,
      live: deps.live,
      log: deps.log,
    });
    this.ownership = new Ownership(pub, options.hubId, options.ownershipTtlMs);
    this.members = new Members(pub, options.ownershipTtlMs);
    this.#rpc = new Rpc(pub, sub, options.hubId);
    this.fanout = new Fanout({
      hubId: options.hubId,
      pub,
      sub,
      dispatcher: deps.dispatcher,
      runner: deps.runner,
      registry: deps.registry,
      liveHubs: async () => (await this.members.list()).map((hub) => hub.id),
      pruneMs: options.ownershipTtlMs,
      onError: (error) => deps.log.warn({ err: String(error) }, "a fleet event could not be published"),
    });
  }

  /** Connects to Redis (CLUSTER_UNAVAILABLE when it cannot), registers the hub and installs the seams. */
  static async start(app: FastifyInstance, options: ClusterOptions, deps: ClusterDeps): Promise<Cluster> {
    const pub = redisClient(options.redisUrl, `droidhub-${options.hubId}`);
    const sub = redisClient(options.redisUrl, `droidhub-${options.hubId}-sub`);
    const liveSub = redisClient(options.redisUrl, `droidhub-${options.hubId}-live`);
    for (const client of [pub, sub, liveSub]) await connect(client, options.redisUrl);
    const cluster = new Cluster(options, deps, pub, sub, liveSub);
    await cluster.#install(app);
    return cluster;
  }

  async #install(app: FastifyInstance): Promise<void> {
    const { registry, log } = this.#deps;
    for (const client of [this.#pub, this.#sub, this.#liveSub]) {
      client.on("error", () => undefined); // each failed reconnect; the state changes below are logged
      client.on("close", () => {
        this.#upSince = Number.POSITIVE_INFINITY;
      });
      client.on("ready", () => {
        this.#upSince = Date.now();
      });
    }
    this.#pub.on("ready", () => log.info("cluster: Redis is reachable"));
    this.#pub.on("end", () => log.warn("cluster: the Redis connection ended"));
    await this.members.register(this.#facts(), true);
    await this.#rpc.listen((call) => serveForwarded(app, this.hubId, call));
    await this.fanout.start();
    await this.#live.start();
    installForwarding(app, {
      hubId: this.hubId,
      registry,
      tasks: this.#deps.tasks,
      runs: this.#deps.runs,
      ownership: this.ownership,
      rpc: this.#rpc,
      timeoutMs: this.#options.forwardTimeoutMs,
    });
    const { runs, dispatcher } = this.#deps;
    // A phone that joins here is this hub's (in Redis and in the database) before it takes work, and
    // any run another hub still marks running on it is over: interrupted, its task requeued (the old
    // hub's late end is fenced, and so is a late lease: admission.ts).
    const admission = { hubId: this.hubId, ownership: this.ownership, runs, dispatcher, registry, log };
    dispatcher.admitJoins((deviceId: string) => admit({ ...admission, take: (id) => this.#take(id) }, deviceId));
    installHandover(registry, this.ownership, log);
    registry.on("left", (entry: DeviceEntry) => {
      this.#untaken.delete(entry.id);
      this.ownership.release(entry.id).catch(() => undefined); // it lapses by itself otherwise
    });
    for (const entry of registry.list()) if (entry.session?.connected) void this.#take(entry.id);
    const every = Math.max(200, Math.floor(this.#options.ownershipTtlMs / 3));
    for (const round of [() => this.#renewRound(), () => this.#reapRound()]) {
      const timer = setInterval(() => void round(), every);
      timer.unref();
      this.#timers.push(timer);
    }
    log.info({ hubId: this.hubId }, `cluster: hub ${this.hubId} joined`);
  }

  /** Takes the phone's ownership: its epoch, or undefined when Redis is away (retaken at the next renewal). */
  #take(deviceId: string): Promise<number | undefined> {
    return this.ownership.take(deviceId).then(
      (epoch) => {
        this.#untaken.delete(deviceId);
        return epoch;
      },
      (error: unknown) => {
        this.#untaken.add(deviceId);
        this.#deps.log.warn({ deviceId, err: String(error) }, "cluster: a phone's ownership could not be taken");
        return undefined;
      },
    );
  }

  /** One renewal round (Redis only, never behind a PostgreSQL query); never two at once, never throws. */
  async #renewRound(): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    try {
      await this.#renew();
      this.#deps.dispatcher.wake();
    } catch (error) {
      this.#deps.log.warn({ err: String(error) }, "cluster: renewal failed (Redis away); retrying");
    } finally {
      this.#renewing = false;
    }
  }

  /** One reaper round (Redis and PostgreSQL); never two at once, never throws. */
  async #reapRound(): Promise<void> {
    if (this.#reaping) return;
    this.#reaping = true;
    try {
      await this.#reap();
    } catch (error) {
      this.#deps.log.warn({ err: String(error) }, "cluster: reaping failed (Redis or PostgreSQL away); retrying");
    } finally {
      this.#reaping = false;
    }
  }

  async #renew(): Promise<void> {
    const { registry, log, runner } = this.#deps;
    for (const id of [...this.#untaken]) if (registry.get(id)?.session?.connected) void this.#take(id);
    for (const id of await this.ownership.renew()) {
      log.warn({ deviceId: id }, `cluster: device ${id} is held by another hub now; its session here ends`);
      registry.endSession(id, new HubError("STALE_EPOCH", `device ${id} joined another hub`));
    }
    if (!(await this.members.register(this.#facts(), false))) {
      // The others took this hub for dead and may have retried its runs: stop them (they end interrupted).
      log.error("cluster: this hub's registration had lapsed; stopping its runs, which other hubs may retry");
      await runner.stopAll();
    }
  }

  /** Interrupts the runs of hubs whose registration lapsed; one hub does it per dead hub (a Redis lock). */
  async #reap(): Promise<void> {
    // Just after Redis came back every registration is missing: wait until live hubs have re-registered.
    if (Date.now() - this.#upSince < 2 * this.#options.ownershipTtlMs) return;
    const { runs, dispatcher, log } = this.#deps;
    for (const hubId of await runs.hubsWithRunningRuns()) {
      if (hubId === this.hubId || (await this.members.isAlive(hubId))) continue;
      const lock = await this.#pub.set(keys.reap(hubId), this.hubId, "PX", this.#options.ownershipTtlMs, "NX");
      if (lock !== "OK") continue;
      const interrupted = await runs.markInterrupted(hubId);
      await dispatcher.resume(interrupted);
      this.reaped.set(hubId, (this.reaped.get(hubId) ?? 0) + interrupted.length);
      log.warn({ deadHub: hubId, runs: interrupted.length }, `cluster: hub ${hubId} is gone; its runs are retried`);
    }
    await this.#requeueStranded();
  }

  /**
   * Tasks left "running" with every run ended: a hub whose registration lapsed stops its runs (they
   * end interrupted, their tasks await a restart that may never come), or a reaper died between
   * interrupting and requeueing. Only ends older than two time limits count, so a reaper still at
   * work is not raced; one hub sweeps per round (a Redis lock).
   */
  async #requeueStranded(): Promise<void> {
    const { runs, dispatcher, log } = this.#deps;
    if (!runs.strandedRuns) return;
    const ttl = this.#options.ownershipTtlMs;
    if ((await this.#pub.set(keys.strandedSweep, this.hubId, "PX", ttl, "NX")) !== "OK") return;
    const stranded = await runs.strandedRuns(Date.now() - 2 * ttl);
    if (stranded.length === 0) return;
    await dispatcher.resume(stranded);
    log.warn({ tasks: stranded.length }, `cluster: ${stranded.length} stranded task(s) requeued`);
  }

  #facts(): HubFacts {
    const phones = this.ownership.count;
    const running = this.#deps.runner.running;
    return {
      id: this.hubId,
      url: this.#options.hubUrl,
      phones,
      running,
      load: phones === 0 ? 0 : Math.round((running / phones) * 1000) / 1000,
      startedAt: this.#startedAt,
      seenAt: new Date().toISOString(),
    };
  }

  /** GET /api/cluster: every live hub, its phones and its load. */
  async view(): Promise<{ self: string; hubs: (HubFacts & { phoneIds: string[] })[] }> {
    const [hubs, owners] = await Promise.all([this.members.list(), this.ownership.all()]);
    return { self: this.hubId, hubs: hubs.map((hub) => ({ ...hub, phoneIds: owners.get(hub.id) ?? [] })) };
  }

  /** Leaves the cluster: releases the phones (they rejoin elsewhere at once) and the registration. */
  async close(): Promise<void> {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    this.fanout.stop();
    this.#live.stop();
    this.#rpc.close();
    await this.members.leave(this.hubId).catch(() => undefined);
    this.#pub.disconnect();
    this.#sub.disconnect();
    this.#liveSub.disconnect();
  }
}
