/**
 * `GET /api/devices/:id/stream`: the operator side of the live screen, a WebSocket per viewer.
 * Access is the route's (`read`, the key in `Authorization` or `?access_token=` since a browser's
 * WebSocket cannot send headers), checked by access.ts before any upgrade: no key or a wrong one is
 * an HTTP 401, a fleet key is not an operator key. An unknown device is a 404 and an offline one a
 * 503, also before the upgrade. After it, the socket only receives: frames as binary messages
 * (live/frame-message.ts) and notices as JSON text; what a viewer sends is ignored (input goes
 * through `POST /api/devices/:id/actions`, which checks the `control` scope and is audited).
 */
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { LiveHub } from "../live/live-hub.js";
import type { ViewerSocket } from "../live/viewer.js";

export const DEVICE_STREAM_PATH = "/api/devices/:id/stream";

export function registerViewerGateway(app: FastifyInstance, live: LiveHub): void {
  app.get<{ Params: { id: string } }>(
    DEVICE_STREAM_PATH,
    {
      websocket: true,
      config: { access: "read", queryToken: true },
      preValidation: async (request) => {
        live.check(request.params.id);
      },
    },
    (socket, request) => {
      const { id } = request.params as { id: string };
      const { leave } = live.watch(id, viewerSocket(socket));
      socket.on("close", leave);
      socket.on("error", () => socket.terminate());
    },
  );
}

function viewerSocket(socket: WebSocket): ViewerSocket {
  return {
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    sendBinary(data) {
      if (socket.readyState === socket.OPEN) socket.send(data, { binary: true });
    },
    sendText(text) {
      if (socket.readyState === socket.OPEN) socket.send(text, { binary: false });
    },
    close(code, reason) {
      socket.close(code, reason);
    },
  };
}
