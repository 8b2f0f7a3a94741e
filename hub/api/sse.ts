/**
 * Server-sent events over a hijacked fastify reply: the stream stays open, a comment every 15 s
 * keeps proxies from closing it, and close listeners run when the client goes away.
 *
 * A client that reads slower than events arrive must not grow the hub's memory (measured before this
 * bound: one client that never read, one chatty phone, 179 MB → 1,210 MB in 10 s). So every stream
 * honours `write()` backpressure: once the socket refuses more, events wait in a queue here until it
 * drains. What the client has not taken yet — the socket's `writableLength` plus that queue — is its
 * unsent buffer; an event that would take it past `maxBufferBytes` disconnects the client instead.
 * One event is always let through to an otherwise empty stream, so a reading client is never cut for
 * a single large event; a stream holds at most the cap plus one event.
 *
 * Disconnecting is safe only where the client can recover what it missed; each route says why it
 * can. A route whose events are kept elsewhere (a run's, in the store) need not queue at all: it
 * writes while the stream is `writable` and picks up from there `onWritable`. Partial updates of one thing (`patch`) merge while they wait: only the latest value of each
 * field matters, so a phone that changes fast does not fill the queue of a client that reads slowly.
 */

import type { ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { defined } from "../errors/invariant.js";

export interface SseOptions {
  /** Unsent bytes (socket buffer + queue) a client may fall behind before it is disconnected. */
  maxBufferBytes: number;
}

export interface SseStream {
  /**
   * Sends one event (queued behind what the client has not taken yet). `key` names the thing the
   * event is about: later patches of that key come after it instead of merging into an earlier one.
   */
  send(event: string, data: unknown, id?: number | string, key?: string): void;
  /** Sends a partial update of `key`; while it waits, later patches of the same key merge into it. */
  patch(key: string, event: string, data: Record<string, unknown>, id?: number | string): void;
  /** Hands what is queued to the socket and ends the response (after `comment`, if given). */
  end(comment?: string): void;
  /** Takes no more events: ended, cut or gone. */
  readonly closed: boolean;
  /** Open, and nothing waits for the client: an event sent now goes straight to the socket. */
  readonly writable: boolean;
  /** Runs each time the client has taken what waited and the stream is writable again. */
  onWritable(listener: () => void): void;
  /** Bytes the client has not taken yet: the socket's buffer plus this stream's queue. */
  unsentBytes(): number;
  onClose(listener: () => void): void;
}

/** The open streams of one hub: the cap they share, what they hold, and ending them all at shutdown. */
export class SseStreams {
  readonly #open = new Set<SseStream>();
  /** Streams cut since start because their client fell more than the cap behind. */
  slowDisconnects = 0;

  constructor(readonly options: SseOptions) {}

  open(request: FastifyRequest, reply: FastifyReply): SseStream {
    reply.hijack();
    const stream: SseStream = new Stream(reply.raw, this.options.maxBufferBytes, {
      cut: (unsentBytes) => {
        this.slowDisconnects++;
        request.log.warn(
          { url: request.routeOptions.url, unsentBytes, maxBufferBytes: this.options.maxBufferBytes },
          "event stream client fell too far behind; disconnected",
        );
      },
      closed: () => this.#open.delete(stream),
    });
    this.#open.add(stream);
    // A stream's "request completed" line comes only when it ends, perhaps hours later.
    request.log.info({ req: request }, "event stream opened");
    return stream;
  }

  get size(): number {
    return this.#open.size;
  }

  /** Unsent bytes of every open stream. */
  unsentBytes(): number[] {
    return [...this.#open].map((stream) => stream.unsentBytes());
  }

  /** Ends every open stream; an open one would keep the server from closing. Returns how many. */
  endAll(): number {
    const count = this.#open.size;
    // The comment tells a reader why the stream ended; a complete response, not a reset.
    for (const stream of this.#open) stream.end("hub shutting down");
    return count;
  }
}

interface Frame {
  event: string;
  id: number | string | undefined;
  data: unknown;
  text: string;
  bytes: number;
  /** Set on a queued patch: what a later patch of the same key may merge into. */
  key: string | undefined;
}

interface StreamHooks {
  cut(unsentBytes: number): void;
  closed(): void;
}

class Stream implements SseStream {
  readonly #raw: ServerResponse;
  readonly #cap: number;
  readonly #hooks: StreamHooks;
  readonly #queue: Frame[] = [];
  #queuedBytes = 0;
  /** Queued patches by key, still open to merging. */
  readonly #patches = new Map<string, Frame>();
  /** write() returned false: nothing more is written until the socket drains. */
  #blocked = false;
  #closed = false;
  readonly #listeners: (() => void)[] = [];
  readonly #writableListeners: (() => void)[] = [];

  constructor(raw: ServerResponse, cap: number, hooks: StreamHooks) {
    this.#raw = raw;
    this.#cap = cap;
    this.#hooks = hooks;
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // The connection ends with the stream. A kept-alive one raced the client: it could send its
      // next request (a reconnect, the next stream) into the socket the hub was closing, and that
      // request got no answer (api/run-follower.ts's streams, opened one after another, hung).
      connection: "close",
      "x-accel-buffering": "no",
    });
    raw.write(": connected\n\n");
    // Only an idle stream needs a keep-alive: anything unsent already stands in for one, and a
    // keep-alive written behind it would only pile up in front of a client that does not read.
    const keepAlive = setInterval(() => {
      if (!this.closed && this.unsentBytes() === 0) this.#write(": keep-alive\n\n");
    }, 15_000);
    keepAlive.unref();
    raw.on("drain", () => this.#flush());
    raw.on("close", () => {
      this.#closed = true;
      clearInterval(keepAlive);
      this.#drop();
      hooks.closed();
      for (const listener of this.#listeners) listener();
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  get writable(): boolean {
    return !this.#closed && !this.#blocked && this.#queue.length === 0;
  }

  onWritable(listener: () => void): void {
    this.#writableListeners.push(listener);
  }

  unsentBytes(): number {
    return this.#raw.writableLength + this.#queuedBytes;
  }

  send(event: string, data: unknown, id?: number | string, key?: string): void {
    if (key !== undefined) this.#patches.delete(key);
    this.#push(frame(event, data, id));
  }

  patch(key: string, event: string, data: Record<string, unknown>, id?: number | string): void {
    const waiting = this.#patches.get(key);
    if (waiting) {
      this.#merge(waiting, data);
      return;
    }
    const next = frame(event, data, id);
    if (this.#push(next)) {
      next.key = key;
      this.#patches.set(key, next);
    }
  }

  end(comment?: string): void {
    if (this.#closed) return;
    this.#closed = true;
    // What waits is at most the cap: hand it to the socket in one go and end after it.
    for (const queued of this.#queue) this.#raw.write(queued.text);
    this.#drop();
    // "connection: close" above: the socket closes once this is sent (shutdown waits for it).
    this.#raw.end(comment ? `: ${comment}\n\n` : undefined);
  }

  onClose(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Writes the frame or queues it; true when it was queued. */
  #push(next: Frame): boolean {
    if (this.#closed || !this.#fits(next.bytes)) return false;
    if (!this.#blocked && this.#queue.length === 0) {
      this.#write(next.text);
      return false;
    }
    this.#queue.push(next);
    this.#queuedBytes += next.bytes;
    return true;
  }

  #merge(waiting: Frame, data: Record<string, unknown>): void {
    const merged = frame(waiting.event, { ...(waiting.data as Record<string, unknown>), ...data }, waiting.id);
    const growth = merged.bytes - waiting.bytes;
    if (!this.#fits(growth)) return;
    waiting.data = merged.data;
    waiting.text = merged.text;
    waiting.bytes = merged.bytes;
    this.#queuedBytes += growth;
  }

  /** False (and the client cut) when `bytes` more would take a non-empty unsent buffer past the cap. */
  #fits(bytes: number): boolean {
    const unsent = this.unsentBytes();
    if (unsent === 0 || unsent + bytes <= this.#cap) return true;
    this.#closed = true;
    this.#drop();
    this.#hooks.cut(unsent + bytes);
    this.#raw.destroy();
    return false;
  }

  #write(text: string): void {
    if (!this.#raw.write(text)) this.#blocked = true;
  }

  #flush(): void {
    this.#blocked = false;
    while (this.#queue.length > 0 && !this.#blocked && !this.#closed) {
      const next = defined(this.#queue.shift(), "queued event");
      this.#queuedBytes -= next.bytes;
      if (next.key !== undefined && this.#patches.get(next.key) === next) this.#patches.delete(next.key);
      this.#write(next.text);
    }
    if (this.writable) for (const listener of this.#writableListeners) listener();
  }

  #drop(): void {
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.#patches.clear();
  }
}

/** One event in the wire format; JSON.stringify escapes newlines, so the data is a single line. */
function frame(event: string, data: unknown, id: number | string | undefined): Frame {
  const text = `event: ${event}\n${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
  return { event, id, data, text, bytes: Buffer.byteLength(text), key: undefined };
}

/** The Last-Event-ID header (or ?lastEventId=) as a sequence number, 0 when absent. */
export function lastEventId(request: FastifyRequest): number {
  const header = request.headers["last-event-id"];
  const query = (request.query as Record<string, unknown> | undefined)?.["lastEventId"];
  const value = Number(Array.isArray(header) ? header[0] : (header ?? query ?? 0));
  return Number.isInteger(value) && value > 0 ? value : 0;
}
