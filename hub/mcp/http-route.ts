/**
 * `/mcp`: the hub's MCP server over Streamable HTTP (the SDK's transport on fastify's raw request
 * and response). A session starts with an `initialize` POST and lives until the client deletes it,
 * the hub closes, or it stays idle `idleMs`; every request must carry the key that opened it. Its
 * end releases the phones it allocated, so a client that vanishes cannot keep phones from the fleet.
 */
import { randomUUID } from "node:crypto";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { OperatorIdentity } from "../api/access.js";
import type { AuditLog } from "../api/audit.js";
import { jsonRpcAnswer } from "../api/responses.js";
import { route } from "../api/route.js";
import type { NamedSecrets } from "../config/named-secrets.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";
import type { UiElement } from "../perception/index.js";
import { McpLeases } from "./leases.js";
import type { ToolContext } from "./tool.js";

/**
 * The SDK and the tools' server, loaded by the first request to /mcp: they are a fifth of a hub's
 * start, and most hubs never see an MCP client.
 */
async function importSdk() {
  const [{ StreamableHTTPServerTransport }, { isInitializeRequest }, { createSessionServer }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("./server.js"),
  ]);
  return { StreamableHTTPServerTransport, isInitializeRequest, createSessionServer };
}
let sdk: ReturnType<typeof importSdk> | undefined;
const loadSdk = () => {
  sdk ??= importSdk();
  return sdk;
};

/** JSON-RPC requests are small (the longest argument is a typed text of 10 000 characters). */
export const MCP_BODY_LIMIT = 256 * 1024;

export interface McpRouteDeps {
  registry: DeviceRegistry;
  audit: AuditLog;
  /** A session with no request for this long is closed and its phones released. */
  idleMs: number;
  /** The secrets the hub holds by name (DROIDHUB_SECRETS_FILE), for run_task. */
  namedSecrets: NamedSecrets;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  keyId: number;
  lastSeen: number;
  /** Requests of this session still being answered: a long tool call is not idleness. */
  busy: number;
}

/** The live sessions by id, and what opening one needs. */
interface McpState {
  app: FastifyInstance;
  deps: McpRouteDeps;
  leases: McpLeases;
  sessions: Map<string, Session>;
}

export function registerMcpRoute(app: FastifyInstance, deps: McpRouteDeps): McpLeases {
  const state: McpState = { app, deps, leases: new McpLeases(deps.registry), sessions: new Map() };
  for (const method of ["POST", "GET", "DELETE"] as const) {
    route(app, {
      method,
      url: "/mcp",
      access: "read",
      summary: SUMMARIES[method],
      // The SDK answers a POST with JSON-RPC, a GET with the event stream, a DELETE with no content.
      ...(method === "POST" ? { response: jsonRpcAnswer } : { produces: PRODUCES[method] }),
      bodyLimit: MCP_BODY_LIMIT,
      handler: async (_input, request, reply) => handle(state, request, reply),
    });
  }
  closeIdleSessions(state);
  return state.leases;
}

const SUMMARIES = {
  POST: "MCP over Streamable HTTP: JSON-RPC requests (initialize, tools/list, tools/call).",
  GET: "MCP over Streamable HTTP: the session's server-to-client event stream.",
  DELETE: "MCP over Streamable HTTP: end the session (releases the phones it allocated).",
} as const;
const PRODUCES = { GET: "text/event-stream", DELETE: "text/plain" } as const;

async function handle(state: McpState, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { isInitializeRequest } = await loadSdk();
  const hasSession = request.headers["mcp-session-id"] !== undefined;
  let transport: StreamableHTTPServerTransport;
  let session: Session | undefined;
  if (!hasSession && request.method === "POST" && isInitializeRequest(request.body)) {
    transport = await open(state, request, defined(request.operator, "operator"));
  } else if (hasSession) {
    session = existing(state, request);
    transport = session.transport;
  } else {
    throw new HubError("INVALID_BODY", "no mcp-session-id: the first request of a session is initialize", {
      details: { field: "mcp-session-id" },
    });
  }
  // The SDK writes the answer (JSON or an event stream) on the raw response.
  reply.hijack();
  // A POST is answered when its tool calls are (a GET is the event stream, open for as long as the
  // client listens): until then the session is not idle, and its idle time counts from the answer.
  const counted = session !== undefined && request.method === "POST" ? session : undefined;
  if (counted) counted.busy++;
  try {
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } finally {
    if (counted) {
      counted.busy--;
      counted.lastSeen = Date.now();
    }
  }
}

async function open(
  { app, deps, leases, sessions }: McpState,
  request: FastifyRequest,
  identity: OperatorIdentity,
): Promise<StreamableHTTPServerTransport> {
  const { StreamableHTTPServerTransport, createSessionServer } = await loadSdk();
  const id = randomUUID();
  const holder = `mcp:${id.slice(0, 8)}`;
  const authorization = request.headers.authorization ?? "";
  const ctx: ToolContext = {
    registry: deps.registry,
    leases,
    holder,
    identity,
    lastElements: new Map<string, readonly UiElement[]>(),
    namedSecrets: deps.namedSecrets,
    api: (method, url, body) => callApi(app, authorization, method, url, body),
  };
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    enableJsonResponse: true,
    onsessioninitialized: (sessionId) => {
      sessions.set(sessionId, { transport, keyId: identity.keyId, lastSeen: Date.now(), busy: 0 });
    },
  });
  transport.onclose = () => {
    sessions.delete(id);
    const released = leases.releaseAll(holder);
    if (released.length > 0) app.log.info({ session: holder, released }, "an MCP session ended: phones released");
  };
  const server = createSessionServer({
    ctx,
    audit: deps.audit,
    ip: request.ip,
    logError: (error, tool) => app.log.error({ err: error, tool }, "an MCP tool failed"),
  });
  await server.connect(transport);
  return transport;
}

/** The session the request names, if it is live and the same key opened it. */
function existing({ sessions }: McpState, request: FastifyRequest): Session {
  const id = request.headers["mcp-session-id"];
  const session = typeof id === "string" ? sessions.get(id) : undefined;
  // Another key's session is as unknown as a closed one: its id must not be usable or confirmable.
  if (!session || session.keyId !== request.operator?.keyId) {
    throw new HubError("NOT_FOUND", "no such MCP session: initialize a new one", { details: { session: "unknown" } });
  }
  session.lastSeen = Date.now();
  return session;
}

/** Closes sessions idle `idleMs` (which releases their phones), and every session when the hub closes. */
function closeIdleSessions({ app, deps, sessions }: McpState): void {
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - deps.idleMs;
      for (const session of sessions.values()) {
        if (session.busy === 0 && session.lastSeen < cutoff) void session.transport.close();
      }
    },
    Math.max(50, Math.min(deps.idleMs / 4, 30_000)),
  );
  sweep.unref();
  app.addHook("preClose", async () => {
    clearInterval(sweep);
    await Promise.all([...sessions.values()].map((session) => session.transport.close()));
  });
}

/** One operator API call with the session's key, in-process: errors come back as the HubError they were. */
async function callApi(
  app: FastifyInstance,
  authorization: string,
  method: "GET" | "POST",
  url: string,
  body: unknown,
): Promise<unknown> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const json = response.json() as { error?: { code: string; message: string; details?: Record<string, unknown> } };
  if (response.statusCode >= 400) {
    const error = json.error;
    throw new HubError((error?.code ?? "INTERNAL") as never, error?.message, { details: error?.details ?? {} });
  }
  return json;
}
