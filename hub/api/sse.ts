/**
 * Server-sent events over a hijacked fastify reply: the stream stays open, a comment every 15 s
 * keeps proxies from closing it, and `close()` runs when the client goes away.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { trackStream } from "./open-streams.js";

export interface SseStream {
  send(event: string, data: unknown, id?: number | string): void;
  onClose(listener: () => void): void;
}

export function openSse(request: FastifyRequest, reply: FastifyReply): SseStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  raw.write(": connected\n\n");
  trackStream(request, raw);
  const keepAlive = setInterval(() => raw.write(": keep-alive\n\n"), 15_000);
  keepAlive.unref();
  const listeners: (() => void)[] = [];
  request.raw.on("close", () => {
    clearInterval(keepAlive);
    for (const listener of listeners) listener();
  });
  return {
    send(event, data, id) {
      if (raw.writableEnded) return;
      const lines = [`event: ${event}`];
      if (id !== undefined) lines.push(`id: ${id}`);
      for (const line of JSON.stringify(data).split("\n")) lines.push(`data: ${line}`);
      raw.write(`${lines.join("\n")}\n\n`);
    },
    onClose(listener) {
      listeners.push(listener);
    },
  };
}

/** The Last-Event-ID header (or ?lastEventId=) as a sequence number, 0 when absent. */
export function lastEventId(request: FastifyRequest): number {
  const header = request.headers["last-event-id"];
  const query = (request.query as Record<string, unknown> | undefined)?.["lastEventId"];
  const value = Number(Array.isArray(header) ? header[0] : (header ?? query ?? 0));
  return Number.isInteger(value) && value > 0 ? value : 0;
}
