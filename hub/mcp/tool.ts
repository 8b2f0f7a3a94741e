/**
 * One declaration per MCP tool: its name, what it is for, the scope a key needs to call it, one zod
 * schema that both validates the arguments and becomes the tool's input schema, and what it does.
 * The server (server.ts) lists, checks and audits every tool the same way from this table.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { OperatorIdentity, Scope } from "../api/access.js";
import type { AuditTarget } from "../api/audit.js";
import type { NamedSecrets } from "../config/named-secrets.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { UiElement } from "../perception/index.js";
import type { McpLeases } from "./leases.js";

/** What a tool can reach: the hub's own parts, and the operator API as the calling key. */
export interface ToolContext {
  registry: DeviceRegistry;
  leases: McpLeases;
  /** The lease holder name of this MCP session (`mcp:<session id>`). */
  holder: string;
  identity: OperatorIdentity;
  /** The elements each phone showed in this session's last element list, for taps by id. */
  lastElements: Map<string, readonly UiElement[]>;
  /** The secrets the hub holds by name: run_task names them, their values never reach the client. */
  namedSecrets: NamedSecrets;
  /** Calls an operator API route with the session's key: the same validation, scopes and audit as HTTP. */
  api(method: "GET" | "POST", url: string, body?: unknown): Promise<unknown>;
}

/** Facts a tool reports for its audit record (never argument values: text can be a password). */
export interface ToolAudit {
  target?: AuditTarget;
}

export interface ToolSpec<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  scope: Scope;
  input: S;
  run(args: z.infer<S>, ctx: ToolContext, audit: ToolAudit): Promise<CallToolResult>;
}

/** Declares a tool, keeping the schema's type for `run`. */
export function defineTool<S extends z.ZodObject>(spec: ToolSpec<S>): ToolSpec {
  return spec as unknown as ToolSpec;
}

/** A JSON answer: as text (every client reads it) and as structured content. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A refusal as the client sees it: `isError` with the hub's error code first in the text (models
 * read text) and as structured content (programs read that), so "cannot" is never a silent success.
 */
export function errorResult(error: unknown): CallToolResult {
  const hubError = isHubError(error) ? error : new HubError("INTERNAL");
  const body = hubError.toJSON();
  return {
    isError: true,
    content: [{ type: "text", text: `${hubError.code}: ${hubError.message}` }],
    structuredContent: body,
  };
}
