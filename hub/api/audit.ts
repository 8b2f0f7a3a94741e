/**
 * The audit trail: every state-changing call an operator key makes (and every MCP tool call) is
 * written to the store before its answer leaves — who (key id and label, address), what (the route
 * or tool, its target, a few safe facts), when, and how it ended. Bodies are never recorded: they
 * can carry passwords and keys. Only facts a route names explicitly (an action's kind, a created
 * id) go in `detail`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";

export interface AuditTarget {
  type: "device" | "task" | "run" | "fleet_key" | "operator_key";
  id: string;
}

export type AuditDetail = Record<string, string | number | boolean>;

export interface AuditEntry {
  at: number;
  /** Undefined for calls no key authorised (not recorded today) and for the hub's own actions. */
  keyId: number | undefined;
  keyLabel: string;
  /** `POST /api/devices/:id/actions`, or `mcp:tap` for an MCP tool. */
  action: string;
  target: AuditTarget | undefined;
  outcome: "ok" | "error";
  status: number;
  errorCode: string | undefined;
  ip: string;
  detail: AuditDetail | undefined;
}

export interface AuditRecord extends AuditEntry {
  id: number;
}

export interface AuditQuery {
  limit: number;
  /** Entries older than this id (paging backwards from the newest). */
  before?: number | undefined;
  keyId?: number | undefined;
  targetType?: AuditTarget["type"] | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
}

/** The store port the API and the MCP server write through. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  list(query: AuditQuery): Promise<AuditRecord[]>;
  /** Drops entries older than `cutoffMs` (the retention); answers how many. */
  prune(cutoffMs: number): Promise<number>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Facts a handler adds to its audit record: the target it created, a safe detail. */
    audit?: { target?: AuditTarget; detail?: AuditDetail };
  }
}

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

function target(request: FastifyRequest): AuditTarget | undefined {
  if (request.audit?.target) return request.audit.target;
  const type = request.routeOptions.config.auditTarget;
  const id = (request.params as Record<string, unknown> | undefined)?.["id"];
  return type && typeof id === "string" ? { type, id: id.slice(0, 128) } : undefined;
}

function errorCode(payload: unknown): string | undefined {
  if (typeof payload !== "string" || !payload.startsWith('{"error"')) return undefined;
  const match = /^\{"error":\{"code":"([A-Z_]{1,40})"/.exec(payload);
  return match?.[1];
}

/**
 * Records every state-changing request an operator key was checked for (so a refused scope is on
 * the record too). Requests without a valid key are counted in /metrics instead: recording them
 * would let anyone fill the disk.
 */
export function installAuditTrail(app: FastifyInstance, log: AuditLog): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (READ_ONLY.has(request.method) || !request.operator || request.is404) return payload;
    const status = reply.statusCode;
    await log.record({
      at: Date.now(),
      keyId: request.operator.keyId,
      keyLabel: request.operator.label,
      action: `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`,
      target: target(request),
      outcome: status < 400 ? "ok" : "error",
      status,
      errorCode: status < 400 ? undefined : errorCode(payload),
      ip: request.ip,
      detail: request.audit?.detail,
    });
    return payload;
  });
}
