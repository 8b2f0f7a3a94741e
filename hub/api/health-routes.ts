/**
 * Liveness and readiness, both public (a load balancer or an orchestrator has no key):
 * - `GET /healthz`: the process answers — restart it when this fails;
 * - `GET /readyz`: it can do its work — the store takes a write and the hub is not shutting down;
 *   send it no traffic while this answers 503 (the body says why).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "./route.js";

export const READINESS_URL = "/readyz";

export interface Readiness {
  /** Rejects when the store does not take a write. */
  probeStore(): Promise<void>;
  readonly closing: boolean;
  devices(): number;
}

export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  route(app, {
    method: "GET",
    url: "/healthz",
    access: "public",
    summary: "Liveness and the number of known phones.",
    response: z.object({ ok: z.literal(true), devices: z.number().int(), uptimeS: z.number().int() }),
    handler: async () => ({ ok: true, devices: readiness.devices(), uptimeS: Math.round(process.uptime()) }),
  });

  route(app, {
    method: "GET",
    url: READINESS_URL,
    access: "public",
    summary: "Readiness: 200 when the store takes a write and the hub is not shutting down, else 503 and why.",
    response: z.object({ ready: z.literal(true) }),
    handler: async (_input, request, reply) => {
      const reason = await notReadyBecause(readiness);
      if (reason === undefined) return { ready: true };
      // Logged at warn: an orchestrator polls this every few seconds, and a failing store is news.
      if (!readiness.closing) request.log.warn({ reason }, "not ready");
      reply.code(503);
      return { ready: false, reason };
    },
  });
}

async function notReadyBecause(readiness: Readiness): Promise<string | undefined> {
  if (readiness.closing) return "shutting down";
  try {
    await readiness.probeStore();
    return undefined;
  } catch (error) {
    // The driver's own sentence (e.g. "attempt to write a readonly database"); it holds no data.
    return `store does not take writes: ${error instanceof Error ? error.message : String(error)}`;
  }
}
