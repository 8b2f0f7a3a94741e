/** Bearer operator key on everything under /api and /metrics. */
import type { FastifyInstance } from "fastify";
import { HubError } from "../errors/hub-error.js";
import type { CredentialStore } from "../store/credentials.js";
import { bearerToken } from "../util/secrets.js";

const PROTECTED = /^\/(api|metrics)(\/|$|\?)/;

export function installOperatorAuth(app: FastifyInstance, credentials: CredentialStore): void {
  app.addHook("onRequest", async (request) => {
    if (!PROTECTED.test(request.url)) return;
    const token = bearerToken(request.headers.authorization);
    if (!token || !credentials.isOperatorKey(token)) {
      throw new HubError("UNAUTHORIZED", "a valid operator key is required (Authorization: Bearer <key>)");
    }
  });
}
