/**
 * One MCP server per session, over whichever transport: it lists the tools the session's key may
 * call (a `read` key sees only read tools), validates each call against the tool's zod schema (a bad
 * argument answers INVALID_BODY naming it), refuses a tool beyond the key's scope with FORBIDDEN,
 * and writes every call to the audit trail (key, tool, device or task, outcome — never arguments).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { scopeAllows } from "../api/access.js";
import type { AuditLog } from "../api/audit.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import { invalidBody } from "../errors/invalid-body.js";
import { droidhubVersion } from "../util/version.js";
import { actionTools } from "./action-tools.js";
import { fleetTools } from "./fleet-tools.js";
import { screenTools } from "./screen-tools.js";
import { errorResult, type ToolAudit, type ToolContext, type ToolSpec } from "./tool.js";

/** Every tool, in the order tools/list shows them. */
export const TOOLS: readonly ToolSpec[] = [...screenTools, ...actionTools, ...fleetTools];

const INSTRUCTIONS =
  "droidhub drives Android phones that dial out to this hub. List phones with mobile_list_available_devices; " +
  "every phone tool takes `device`. Coordinates are device pixels. mobile_list_elements_on_screen gives element " +
  "ids for mobile_click_on_element. allocate_device holds a phone for this session so the fleet runs no task on it.";

export interface SessionServerOptions {
  ctx: ToolContext;
  audit: AuditLog;
  /** The client's address, for the audit trail. */
  ip: string;
  /** Where an unexpected failure is told (the client gets INTERNAL without its text). */
  logError(error: unknown, tool: string): void;
}

function describe(tool: ToolSpec): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.input, { io: "input" }) as Tool["inputSchema"],
    annotations: { readOnlyHint: tool.scope === "read" },
  };
}

export function createSessionServer(options: SessionServerOptions): Server {
  const { ctx } = options;
  const server = new Server(
    { name: "droidhub", version: droidhubVersion() },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const visible = TOOLS.filter((tool) => scopeAllows(ctx.identity.scope, tool.scope));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: visible.map(describe) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`);
    const audit: ToolAudit = {};
    const result = await call(tool, request.params.arguments ?? {}, ctx, audit).catch((error: unknown) => {
      if (!isHubError(error)) options.logError(error, tool.name);
      return errorResult(error);
    });
    await record(options, tool, audit, result);
    return result;
  });
  return server;
}

async function call(tool: ToolSpec, args: unknown, ctx: ToolContext, audit: ToolAudit): Promise<CallToolResult> {
  try {
    if (!scopeAllows(ctx.identity.scope, tool.scope)) {
      throw new HubError("FORBIDDEN", `${tool.name} needs an operator key with the ${tool.scope} scope`, {
        details: { needed: tool.scope, scope: ctx.identity.scope },
      });
    }
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) throw invalidBody(parsed.error);
    return await tool.run(parsed.data, ctx, audit);
  } catch (error) {
    if (isHubError(error)) return errorResult(error);
    throw error;
  }
}

async function record(options: SessionServerOptions, tool: ToolSpec, audit: ToolAudit, result: CallToolResult) {
  const error = result.isError ? (result.structuredContent as ReturnType<HubError["toJSON"]>).error : undefined;
  await options.audit.record({
    at: Date.now(),
    keyId: options.ctx.identity.keyId,
    keyLabel: options.ctx.identity.label,
    action: `mcp:${tool.name}`,
    target: audit.target,
    outcome: error ? "error" : "ok",
    status: error ? new HubError(error.code).status : 200,
    errorCode: error?.code,
    ip: options.ip,
    detail: undefined,
  });
}
