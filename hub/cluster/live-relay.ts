/**
 * The live screen across hubs. A viewer's WebSocket lands on any hub (the balancer picks), but only
 * the hub that holds the phone can stream it. So a hub with viewers of a phone another hub holds
 * says so on `keys.liveWatch`, again every RENEW_MS while they watch; the holder then watches the
 * phone itself through a relay viewer (live/live-hub.ts, so its frames are masked as every frame
 * is) that publishes each frame on `keys.live(phone)`, and the watching hub hands them to its own
 * viewers, each dropping what it cannot take as on the holder (live/viewer.ts). The relay stops
 * when every watching hub said it stopped or went quiet for WATCH_TTL_MS.
 *
 * The frames have a Redis connection of their own: a burst of frames on the connection that also
 * carries forwarded calls and fleet events would hold those back. Redis keeps nothing: pub/sub only.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { DeviceRegistry } from "../devices/registry.js";
import type { LiveHub, RemoteScreens } from "../live/live-hub.js";
import type { Viewer, ViewerSocket } from "../live/viewer.js";
import { keys } from "./keys.js";

/** How often a watching hub says it still watches. */
export const RENEW_MS = 2_000;
/** A watching hub not heard from this long has stopped (it died, or Redis lost its message). */
const WATCH_TTL_MS = 3 * RENEW_MS;

/** The first byte of a relayed message: what the rest is. */
const FRAME = 0;
const NOTICE = 1;
const CLOSE = 2;

interface WatchMessage {
  deviceId: string;
  hubId: string;
  watch: boolean;
}

/** A phone another hub holds, watched from here. */
interface Watched {
  viewers: Set<Viewer>;
  /** The latest frame and notice: a viewer who joins sees the screen at once. */
  frame: Uint8Array | undefined;
  notice: Record<string, unknown> | undefined;
  renew: NodeJS.Timeout;
}

/** A phone of this hub's that other hubs watch. */
interface Relay {
  watchers: Map<string, number>;
  leave: () => void;
}

export interface LiveRelayDeps {
  hubId: string;
  pub: Redis;
  /** A subscriber connection of the relay's own. */
  sub: Redis;
  registry: DeviceRegistry;
  live: LiveHub;
  log: FastifyBaseLogger;
}

export class LiveRelay implements RemoteScreens {
  readonly #deps: LiveRelayDeps;
  readonly #watched = new Map<string, Watched>();
  readonly #relays = new Map<string, Relay>();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(deps: LiveRelayDeps) {
    this.#deps = deps;
  }

  async start(): Promise<void> {
    const { sub } = this.#deps;
    sub.on("messageBuffer", (channel: Buffer, message: Buffer) => this.#relayed(channel.toString(), message));
    sub.on("message", (channel: string, message: string) => {
      if (channel === keys.liveWatch) this.#watchMessage(message);
    });
    await sub.subscribe(keys.liveWatch);
    this.#sweeper = setInterval(() => this.#sweep(), RENEW_MS);
    this.#sweeper.unref();
    this.#deps.live.remote = this;
  }

  stop(): void {
    clearInterval(this.#sweeper);
    if (this.#deps.live.remote === this) this.#deps.live.remote = undefined;
    for (const [deviceId, watched] of this.#watched) {
      clearInterval(watched.renew);
      this.#say(deviceId, false);
    }
    this.#watched.clear();
    for (const relay of this.#relays.values()) relay.leave();
    this.#relays.clear();
  }

  holds(deviceId: string): boolean {
    return this.#deps.registry.remote.get(deviceId) !== undefined;
  }

  watch(deviceId: string, viewer: Viewer): () => void {
    let watched = this.#watched.get(deviceId);
    if (watched === undefined) {
      const renew = setInterval(() => this.#say(deviceId, true), RENEW_MS);
      renew.unref();
      watched = { viewers: new Set(), frame: undefined, notice: undefined, renew };
      this.#watched.set(deviceId, watched);
      this.#deps.sub.subscribe(keys.live(deviceId)).then(
        () => this.#say(deviceId, true),
        (error: unknown) => viewer.notice({ type: "error", code: "CLUSTER_UNAVAILABLE", message: String(error) }),
      );
    }
    watched.viewers.add(viewer);
    if (watched.notice) viewer.notice(watched.notice);
    if (watched.frame) viewer.offer(watched.frame);
    const joined = watched;
    return () => {
      if (!joined.viewers.delete(viewer) || joined.viewers.size > 0 || this.#watched.get(deviceId) !== joined) return;
      clearInterval(joined.renew);
      this.#watched.delete(deviceId);
      this.#say(deviceId, false);
      this.#deps.sub.unsubscribe(keys.live(deviceId)).catch(() => undefined);
    };
  }

  /** Tells the phone's holder that this hub watches it (or stopped). */
  #say(deviceId: string, watch: boolean): void {
    const message: WatchMessage = { deviceId, hubId: this.#deps.hubId, watch };
    this.#deps.pub.publish(keys.liveWatch, JSON.stringify(message)).catch((error: unknown) => {
      this.#deps.log.warn({ deviceId, err: String(error) }, "cluster: a live watch could not be sent");
    });
  }

  /** A frame, notice or close from the holder, for this hub's viewers of the phone. */
  #relayed(channel: string, message: Buffer): void {
    if (!channel.startsWith(keys.livePrefix)) return;
    const watched = this.#watched.get(channel.slice(keys.livePrefix.length));
    if (watched === undefined || message.length === 0) return;
    const body = message.subarray(1);
    if (message[0] === FRAME) {
      watched.frame = body;
      for (const viewer of watched.viewers) viewer.offer(body);
    } else if (message[0] === NOTICE) {
      const notice = parseObject(body.toString("utf8"));
      if (notice === undefined) return;
      watched.notice = notice;
      for (const viewer of watched.viewers) viewer.notice(notice);
    } else if (message[0] === CLOSE) {
      const { code, reason } = parseObject(body.toString("utf8")) ?? {};
      for (const viewer of watched.viewers) viewer.close(Number(code) || 1011, String(reason ?? ""));
    }
  }

  /** Another hub watches (or stopped watching) a phone: relay it if it is this hub's. */
  #watchMessage(text: string): void {
    const message = parseObject(text) as Partial<WatchMessage> | undefined;
    const { deviceId, hubId, watch } = message ?? {};
    if (typeof deviceId !== "string" || typeof hubId !== "string" || hubId === this.#deps.hubId) return;
    let relay = this.#relays.get(deviceId);
    if (!watch) {
      relay?.watchers.delete(hubId);
      if (relay && relay.watchers.size === 0) this.#endRelay(deviceId, relay);
      return;
    }
    if (relay === undefined) {
      if (!this.#deps.registry.get(deviceId)?.session?.connected) return; // not this hub's phone
      const { leave } = this.#deps.live.watch(deviceId, this.#relaySocket(deviceId));
      relay = { watchers: new Map(), leave };
      this.#relays.set(deviceId, relay);
    }
    relay.watchers.set(hubId, Date.now());
  }

  #endRelay(deviceId: string, relay: Relay): void {
    if (this.#relays.get(deviceId) === relay) this.#relays.delete(deviceId);
    relay.leave();
  }

  /** Watching hubs that went quiet have stopped. */
  #sweep(): void {
    const now = Date.now();
    for (const [deviceId, relay] of this.#relays) {
      for (const [hubId, seen] of relay.watchers) if (now - seen > WATCH_TTL_MS) relay.watchers.delete(hubId);
      if (relay.watchers.size === 0) this.#endRelay(deviceId, relay);
    }
  }

  /** The holder's side: a viewer that publishes what it is sent; Redis takes it at once. */
  #relaySocket(deviceId: string): ViewerSocket {
    const channel = keys.live(deviceId);
    const publish = (kind: number, body: Uint8Array | string) => {
      const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
      this.#deps.pub.publish(channel, Buffer.concat([Buffer.of(kind), bytes])).catch(() => undefined);
    };
    return {
      bufferedAmount: 0,
      sendBinary: (data) => publish(FRAME, data),
      sendText: (text) => publish(NOTICE, text),
      close: (code, reason) => {
        publish(CLOSE, JSON.stringify({ code, reason }));
        const relay = this.#relays.get(deviceId);
        if (relay) this.#relays.delete(deviceId);
      },
    };
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
