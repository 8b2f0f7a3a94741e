/** `GET /api/audit`: the audit trail, newest first, paged with an id cursor. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AuditLog, AuditRecord } from "./audit.js";
import { auditAnswer } from "./responses.js";
import { route } from "./route.js";

const auditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(50),
    /** The `next` of the previous page: entries older than this id. */
    before: z.coerce.number().int().positive().optional(),
    key: z.coerce.number().int().nonnegative().optional(),
    device: z.string().min(1).max(128).optional(),
    task: z.string().min(1).max(64).optional(),
    /** A fleet key's id: its creation, the phones it enrolled and the joins refused once it was spent. */
    fleetKey: z.coerce.number().int().positive().optional(),
    action: z.string().min(1).max(200).optional(),
  })
  .strict();

function view(entry: AuditRecord) {
  return { ...entry, at: new Date(entry.at).toISOString() };
}

export function registerAuditRoutes(app: FastifyInstance, audit: AuditLog): void {
  route(app, {
    method: "GET",
    url: "/api/audit",
    access: "admin",
    summary:
      "The audit trail of state-changing calls, newest first (?limit=&before=&key=&device=&task=&fleetKey=&action=).",
    query: auditQuery,
    response: z.object({
      entries: z.array(auditAnswer),
      next: z.number().int().optional().describe("?before= for the next page, when there is one"),
    }),
    handler: async ({ query }) => {
      const target = query.device
        ? { targetType: "device" as const, targetId: query.device }
        : query.task
          ? { targetType: "task" as const, targetId: query.task }
          : query.fleetKey
            ? { targetType: "fleet_key" as const, targetId: String(query.fleetKey) }
            : {};
      const entries = await audit.list({
        limit: query.limit + 1,
        before: query.before,
        keyId: query.key,
        action: query.action,
        ...target,
      });
      const page = entries.slice(0, query.limit);
      return { entries: page.map(view), next: entries.length > query.limit ? page.at(-1)?.id : undefined };
    },
  });
}
