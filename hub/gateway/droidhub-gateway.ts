/**
 * The WebSocket side of the hub. Upgrades go through fastify's router, so authentication runs in a
 * preValidation hook and a refused phone gets a plain `HTTP/1.1 401 Unauthorized` before any
 * upgrade. Only this folder imports `ws`.
 */
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { RefusalCounter } from "../util/refusals.js";
import { authenticateDroidhub, type DroidhubAuth } from "./droidhub-auth.js";
import { DroidhubConnection, type DroidhubGatewayContext } from "./droidhub-connection.js";
import { releaseUpgrade } from "./upgrade-release.js";

declare module "fastify" {
  interface FastifyRequest {
    deviceAuth?: DroidhubAuth;
  }
}

export const DEVICE_CONNECT_PATH = "/v1/devices/connect";

/** `refusals` counts refused joins (metrics, one summary log line per interval) instead of a line each. */
export async function registerDroidhubGateway(
  app: FastifyInstance,
  ctx: DroidhubGatewayContext,
  refusals: RefusalCounter,
): Promise<void> {
  // ws reports oversized frames (and other socket-level protocol errors) here and has already
  // picked the close code (1009 for a too-large frame); just record why. One function for all sockets.
  const onSocketError = function (this: WebSocket, error: Error): void {
    ctx.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, "device socket error");
    this.terminate();
  };
  await app.register(websocket, {
    options: {
      maxPayload: ctx.config.maxFrameBytes,
      perMessageDeflate: false,
      // The registry tracks phones; ws's own client set would only duplicate it.
      clientTracking: false,
    },
    // Until releaseUpgrade() replaces it, and for an error thrown by a route handler.
    errorHandler: (error, socket) => onSocketError.call(socket, error),
  });

  app.addHook("preClose", async () => {
    ctx.heartbeat.stop();
    ctx.heartbeat.shutdownAll();
  });

  app.get(
    DEVICE_CONNECT_PATH,
    {
      websocket: true,
      // Phones, not operators: the fleet key or device secret is checked right here, before any upgrade.
      config: { access: "device" },
      preValidation: checkJoin(ctx, refusals),
    },
    (socket, request) => {
      releaseUpgrade(socket, request, onSocketError);
      const auth = request.deviceAuth;
      if (!auth) {
        socket.close(1008, "not authenticated");
        return;
      }
      new DroidhubConnection(socket, auth, ctx);
    },
  );
}

/** The preValidation hook: who may open a device socket (droidhub-auth.ts), answered before any upgrade. */
function checkJoin(ctx: DroidhubGatewayContext, refusals: RefusalCounter) {
  const connected = (id: string): boolean => ctx.sessions.get(id)?.connected === true;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    try {
      request.deviceAuth = await authenticateDroidhub(request.headers, ctx.credentials, request.ip, connected);
      return undefined;
    } catch (error) {
      const hubError = isHubError(error) ? error : new HubError("UNAUTHORIZED");
      refusals.count(
        { kind: "upgrade", code: hubError.code, dialect: "droidhub", reason: hubError.message },
        request.ip,
        request.raw,
      );
      request.log.debug({ code: hubError.code, ip: request.ip }, `device join refused: ${hubError.message}`);
      // A lost-Welcome enrolment that must wait is not a refusal: 409, which phones retry.
      if (hubError.code === "CONFLICT") {
        return reply.code(409).send({ error: { code: "CONFLICT", message: "device id is still connected" } });
      }
      return reply.code(401).send({ error: { code: "UNAUTHORIZED", message: "invalid device credentials" } });
    }
  };
}
