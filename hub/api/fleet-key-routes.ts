/**
 * Fleet keys: the credential phones enrol with. A key can carry tags that every phone enrolling
 * with it gets (a lab, a country, a customer). The plain key is in the creation answer only.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import type { KeyStore } from "./ports.js";
import { fleetKeyListing, fleetKeyRecord, revoked, shownOnce } from "./responses.js";
import { route } from "./route.js";

export const fleetKeyBody = z
  .object({
    label: z.string().trim().min(1).max(100),
    tags: z.array(z.string().trim().min(1).max(64)).max(32).default([]),
    /** The key enrols no phone after this many seconds (phones it enrolled keep their own secrets). */
    expiresInS: z
      .number()
      .int()
      .positive()
      .max(366 * 86_400)
      .optional(),
    /** The key enrols one phone. */
    singleUse: z.boolean().default(false),
  })
  .strict();

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function registerFleetKeyRoutes(app: FastifyInstance, credentials: KeyStore): void {
  route(app, {
    method: "POST",
    url: "/api/fleet-keys",
    access: "admin",
    summary: "Create a fleet key (shown once) whose phones get its tags; it may expire or be single-use.",
    body: fleetKeyBody,
    status: 201,
    response: fleetKeyRecord.extend({ key: shownOnce }),
    handler: async ({ body }, request, reply) => {
      const { key, record } = await credentials.createFleetKey(body.label, [...new Set(body.tags)], {
        expiresAt: body.expiresInS === undefined ? undefined : Date.now() + body.expiresInS * 1000,
        maxUses: body.singleUse ? 1 : undefined,
      });
      request.audit = {
        target: { type: "fleet_key", id: String(record.id) },
        detail: { label: record.label, singleUse: body.singleUse, expiresInS: body.expiresInS ?? 0 },
      };
      return reply.header("cache-control", "no-store").send({ ...record, key });
    },
  });

  route(app, {
    method: "GET",
    url: "/api/fleet-keys",
    access: "admin",
    summary: "Fleet keys (never the keys themselves).",
    response: z.object({ keys: z.array(fleetKeyListing) }),
    handler: async () => ({ keys: await credentials.listFleetKeys() }),
  });

  route(app, {
    method: "DELETE",
    url: "/api/fleet-keys/:id",
    access: "admin",
    summary: "Revoke a fleet key.",
    params: idParams,
    target: "fleet_key",
    response: revoked,
    handler: async ({ params }) => {
      if (!(await credentials.revokeFleetKey(params.id)))
        throw new HubError("NOT_FOUND", `no active fleet key ${params.id}`);
      return { id: params.id, revoked: true };
    },
  });
}
