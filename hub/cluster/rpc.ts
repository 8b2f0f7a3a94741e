/**
 * Request/reply between hubs over Redis pub/sub: a hub listens on its own request channel and its
 * own reply channel; a request names its sender and a correlation id, and the answer comes back on
 * the sender's reply channel. No subscriber on the target's channel (the hub is gone) is
 * DEVICE_UNREACHABLE at once; no answer within the time limit is CLUSTER_TIMEOUT. Pub/sub delivers at
 * most once, so a request is never run twice by the transport; an operator may retry a timed-out one.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { HubError } from "../errors/hub-error.js";
import { keys } from "./keys.js";
import { unavailable } from "./redis.js";

interface Envelope<T> {
  id: string;
  from: string;
  body: T;
}

export type RequestHandler<Q, A> = (body: Q, from: string) => Promise<A>;

export class Rpc<Q, A> {
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #hubId: string;
  readonly #pending = new Map<string, { resolve: (answer: A) => void; timer: NodeJS.Timeout }>();
  #handler: RequestHandler<Q, A> | undefined;

  constructor(pub: Redis, sub: Redis, hubId: string) {
    this.#pub = pub;
    this.#sub = sub;
    this.#hubId = hubId;
  }

  /** Subscribes this hub's channels; `handler` answers the requests other hubs send here. */
  async listen(handler: RequestHandler<Q, A>): Promise<void> {
    this.#handler = handler;
    this.#sub.on("message", (channel: string, message: string) => {
      if (channel === keys.requests(this.#hubId)) void this.#serve(message);
      else if (channel === keys.replies(this.#hubId)) this.#answer(message);
    });
    await this.#sub.subscribe(keys.requests(this.#hubId), keys.replies(this.#hubId));
  }

  /** Sends a request to a hub and waits for its answer. */
  async request(hubId: string, body: Q, timeoutMs: number): Promise<A> {
    const id = randomUUID();
    const envelope: Envelope<Q> = { id, from: this.#hubId, body };
    const answer = new Promise<A>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(
          new HubError("CLUSTER_TIMEOUT", `hub ${hubId} did not answer within ${timeoutMs} ms`, {
            details: { hubId },
          }),
        );
      }, timeoutMs);
      this.#pending.set(id, { resolve, timer });
    });
    let receivers: number;
    try {
      receivers = await this.#pub.publish(keys.requests(hubId), JSON.stringify(envelope));
    } catch (error) {
      this.#settle(id);
      throw unavailable(error);
    }
    if (receivers === 0) {
      this.#settle(id);
      throw new HubError("DEVICE_UNREACHABLE", `hub ${hubId}, which holds the phone, is not listening`, {
        details: { hubId },
      });
    }
    return answer;
  }

  close(): void {
    for (const id of [...this.#pending.keys()]) this.#settle(id);
  }

  #settle(id: string): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
  }

  async #serve(message: string): Promise<void> {
    const envelope = JSON.parse(message) as Envelope<Q>;
    const handler = this.#handler;
    if (!handler) return;
    const answer = await handler(envelope.body, envelope.from);
    const reply: Envelope<A> = { id: envelope.id, from: this.#hubId, body: answer };
    await this.#pub.publish(keys.replies(envelope.from), JSON.stringify(reply)).catch(() => undefined);
  }

  #answer(message: string): void {
    const envelope = JSON.parse(message) as Envelope<A>;
    const pending = this.#pending.get(envelope.id);
    if (!pending) return; // timed out already
    this.#settle(envelope.id);
    pending.resolve(envelope.body);
  }
}
