/**
 * Fleet keys: the credential phones enrol with. A key can carry tags that every phone enrolling
 * with it gets (a lab, a country, a customer). The plain key is in the creation answer only.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { parseOrThrow } from "../errors/invalid-body.js";
import type { CredentialStore } from "../store/credentials.js";

export const fleetKeyBody = z
  .object({
    label: z.string().trim().min(1).max(100),
    tags: z.array(z.string().trim().min(1).max(64)).max(32).default([]),
  })
  .strict();

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function registerFleetKeyRoutes(app: FastifyInstance, credentials: CredentialStore): void {
  app.post("/api/fleet-keys", async (request, reply) => {
    const { label, tags } = parseOrThrow(fleetKeyBody, request.body);
    const { key, record } = credentials.createFleetKey(label, [...new Set(tags)]);
    return reply
      .code(201)
      .header("cache-control", "no-store")
      .send({ ...record, key });
  });

  app.get("/api/fleet-keys", async () => ({ keys: credentials.listFleetKeys() }));

  app.delete("/api/fleet-keys/:id", async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    if (!credentials.revokeFleetKey(id)) throw new HubError("NOT_FOUND", `no active fleet key ${id}`);
    return { id, revoked: true };
  });
}
