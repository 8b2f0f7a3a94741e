/**
 * One place where errors become HTTP answers: HubErrors keep their code and status, fastify's own
 * client errors keep theirs, and anything else is a 500 whose text never reaches the client.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { HubError, isHubError } from "../errors/hub-error.js";

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HubError, request, reply) => {
    if (isHubError(error)) {
      if (error.status >= 500) request.log.warn({ code: error.code, details: error.details }, error.message);
      return reply.code(error.status).send(error.toJSON());
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      const code = status === 400 ? "INVALID_BODY" : status === 404 ? "NOT_FOUND" : "INVALID_BODY";
      return reply.code(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(new HubError("INTERNAL").toJSON());
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(new HubError("NOT_FOUND", `no route for ${request.method} ${request.url.split("?")[0]}`).toJSON());
  });
}
