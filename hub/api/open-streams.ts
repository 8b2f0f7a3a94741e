/**
 * The SSE streams open on each server, so shutdown can end them: a hijacked reply is invisible to
 * fastify, and an open stream would hold the HTTP server (and the process) open.
 */
import type { Server, ServerResponse } from "node:http";
import type { FastifyRequest } from "fastify";

const streams = new WeakMap<object, Set<ServerResponse>>();

/**
 * Registers a stream until its response closes. A stream's "request completed" line comes only when
 * it ends, perhaps hours later, so its start gets a line of its own.
 */
export function trackStream(request: FastifyRequest, response: ServerResponse): void {
  request.log.info({ req: request }, "event stream opened");
  const server = request.server.server;
  let open = streams.get(server);
  if (!open) {
    open = new Set();
    streams.set(server, open);
  }
  const set = open;
  set.add(response);
  response.once("close", () => set.delete(response));
}

/**
 * Ends every open stream cleanly (the client reads a complete response, then the connection
 * closes) so browsers see an end, not a reset; returns how many were open.
 */
export function endOpenStreams(server: Server): number {
  const open = streams.get(server);
  if (!open) return 0;
  const count = open.size;
  for (const response of open) {
    const socket = response.socket;
    response.end(": hub shutting down\n\n", () => socket?.end());
  }
  open.clear();
  return count;
}
