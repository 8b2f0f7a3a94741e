/**
 * Operator keys: who may use the API, and how much. `read` lists and watches (dashboards, CI),
 * `control` acts on phones and runs tasks, `admin` manages keys and enrolment. The plain key is in
 * the creation answer only; the store keeps its hash.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { SCOPES } from "./access.js";
import type { KeyStore } from "./ports.js";
import { operatorKeyRecord, revoked, shownOnce } from "./responses.js";
import { route } from "./route.js";

export const operatorKeyBody = z
  .object({
    label: z.string().trim().min(1).max(100),
    scope: z.enum(SCOPES),
  })
  .strict();

const idParams = z.object({ id: z.coerce.number().int().positive() });

const REFUSALS = {
  environment: "this key is set by DROIDHUB_API_KEY: change the environment and restart the hub instead",
  "last-admin": "this is the last admin key: create another admin key first, or nobody could manage keys",
} as const;

export function registerOperatorKeyRoutes(app: FastifyInstance, credentials: KeyStore): void {
  route(app, {
    method: "POST",
    url: "/api/operator-keys",
    access: "admin",
    summary: "Create an operator key (shown once) with a scope: read, control or admin.",
    body: operatorKeyBody,
    status: 201,
    response: operatorKeyRecord.extend({ key: shownOnce }),
    handler: async ({ body }, request, reply) => {
      const { key, record } = await credentials.createOperatorKey(body.label, body.scope);
      request.audit = {
        target: { type: "operator_key", id: String(record.id) },
        detail: { label: record.label, scope: record.scope },
      };
      return reply.header("cache-control", "no-store").send({ ...record, key });
    },
  });

  route(app, {
    method: "GET",
    url: "/api/operator-keys",
    access: "admin",
    summary: "Operator keys with their scopes (never the keys themselves).",
    response: z.object({ keys: z.array(operatorKeyRecord) }),
    handler: async () => ({ keys: await credentials.listOperatorKeys() }),
  });

  route(app, {
    method: "DELETE",
    url: "/api/operator-keys/:id",
    access: "admin",
    summary: "Revoke an operator key; its next request is refused.",
    params: idParams,
    target: "operator_key",
    response: revoked,
    handler: async ({ params }) => {
      const outcome = await credentials.revokeOperatorKey(params.id);
      if (outcome === "unknown") throw new HubError("NOT_FOUND", `no active operator key ${params.id}`);
      if (outcome !== "revoked") {
        throw new HubError("CONFLICT", REFUSALS[outcome], { details: { id: params.id, reason: outcome } });
      }
      return { id: params.id, revoked: true };
    },
  });
}
