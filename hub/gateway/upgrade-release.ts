/**
 * After an upgrade, the HTTP request that carried it is dead weight, yet @fastify/websocket keeps it
 * for the socket's whole life: the socket's 'error' listener is a closure over the fastify request
 * and reply (and through them the IncomingMessage, its headers — the bearer token among them —, the
 * ServerResponse, a child logger and the buffer the upgrade was read into), and the TCP socket still
 * points at the ServerResponse. On an idle phone that was about 4 KB of the hub's 9.6 KB heap
 * (bench:gateway-heap). This lets it all go.
 */
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

/**
 * Replaces the plugin's per-socket 'error' listener with `onError` (one function for every socket,
 * called with the socket as `this`), and detaches the upgrade's ServerResponse from the TCP socket.
 * Call it first thing in a `websocket: true` route handler.
 */
export function releaseUpgrade(
  socket: WebSocket,
  request: FastifyRequest,
  onError: (this: WebSocket, error: Error) => void,
): void {
  // ws needs an 'error' listener on the socket (an unlistened 'error' would throw); ws itself adds none.
  socket.removeAllListeners("error");
  socket.on("error", onError);
  // ServerResponse.assignSocket() left socket._httpMessage (and a 'close' listener) behind.
  const tcp = request.raw.socket as (Socket & { _httpMessage?: ServerResponse | null }) | null;
  const response = tcp?._httpMessage;
  if (tcp && response) response.detachSocket(tcp);
}
