/** The official MCP SDK client, connected to a test hub's /mcp (Streamable HTTP). */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { API_KEY, type TestHub } from "./hub.js";

export interface McpConnection {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

export async function connectMcp(hub: TestHub, key = API_KEY): Promise<McpConnection> {
  const transport = new StreamableHTTPClientTransport(new URL(`${hub.baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: "droidhub-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** A tools/call answer, typed as the tool result it is. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The JSON a tool answered (its text content). */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
export function jsonOf(result: CallToolResult): any {
  const text = result.content.find((c) => c.type === "text");
  if (text?.type !== "text") throw new Error(`no text content: ${JSON.stringify(result)}`);
  return JSON.parse(text.text);
}

/** The hub error code of a refused call (isError with `{error: {code}}`). */
export function errorCode(result: CallToolResult): string | undefined {
  if (!result.isError) return undefined;
  return (result.structuredContent as { error?: { code?: string } } | undefined)?.error?.code;
}
