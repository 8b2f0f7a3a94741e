/** Bearer operator key on everything under /api and /metrics. */
import type { FastifyInstance } from "fastify";
import { HubError } from "../errors/hub-error.js";
import type { CredentialStore } from "../store/credentials.js";
import { bearerToken } from "../util/secrets.js";

const PROTECTED = /^\/(api|metrics)(\/|$|\?)/;
/** Only the SSE streams take the key in the query: browsers' EventSource cannot send headers. */
const EVENT_STREAM = /^\/api\/(?:runs\/[^/?]+\/)?events$/;
const ACCESS_TOKEN = /([?&]access_token=)[^&]*/g;

/** The key from `?access_token=` on a GET of an SSE route, else undefined. */
function queryToken(method: string, url: string): string | undefined {
  if (method !== "GET") return undefined;
  const [path = "", query] = url.split("?", 2);
  if (!EVENT_STREAM.test(path) || query === undefined) return undefined;
  return new URLSearchParams(query).get("access_token") || undefined;
}

/** The URL with any access_token value replaced, for logs. */
export function redactAccessToken(url: string): string {
  return url.includes("access_token=") ? url.replace(ACCESS_TOKEN, "$1[REDACTED]") : url;
}

export function installOperatorAuth(app: FastifyInstance, credentials: CredentialStore): void {
  app.addHook("onRequest", async (request) => {
    if (!PROTECTED.test(request.url)) return;
    const token = bearerToken(request.headers.authorization) ?? queryToken(request.method, request.url);
    if (!token || !credentials.isOperatorKey(token)) {
      throw new HubError("UNAUTHORIZED", "a valid operator key is required (Authorization: Bearer <key>)");
    }
  });
}
