/**
 * One place where errors become HTTP answers: HubErrors keep their code and status, fastify's own
 * client errors get a hub code (hub/edge/framework-errors.ts), and anything else is a 500 whose
 * text never reaches the client. Auth refusals (401/403) are counted, not logged one by one.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { drainRequest, fromFramework } from "../edge/framework-errors.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { RefusalCounter } from "../util/refusals.js";

export function installErrorHandler(app: FastifyInstance, refusals: RefusalCounter): void {
  app.setErrorHandler(async (error: FastifyError | HubError, request, reply) => {
    const hubError = isHubError(error) ? error : fromFramework(error, request);
    if (!hubError) {
      request.log.error({ err: error }, "unhandled error");
      return reply.code(500).send(new HubError("INTERNAL").toJSON());
    }
    if (hubError.status === 401 || hubError.status === 403) {
      refusals.count({ kind: "request", code: hubError.code }, request.ip, request.raw);
    }
    // Answered only once the client has sent it all, else it may read a reset instead of the 413.
    if (hubError.code === "PAYLOAD_TOO_LARGE") await drainRequest(request.raw);
    if (hubError.status >= 500) request.log.warn({ code: hubError.code, details: hubError.details }, hubError.message);
    return reply.code(hubError.status).send(hubError.toJSON());
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(new HubError("NOT_FOUND", `no route for ${request.method} ${request.url.split("?")[0]}`).toJSON());
  });
}
