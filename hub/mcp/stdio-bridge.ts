/**
 * `droidhub mcp`: MCP over stdio for a local client (Claude Desktop, Claude Code, Cursor), relayed
 * message by message to a hub's `/mcp` over Streamable HTTP with an operator key. The relay keeps no
 * tools of its own: the hub's server lists, checks, runs and audits every call, so both transports
 * serve one tool set under one set of scopes. stdout carries JSON-RPC and nothing else; what a person
 * should read goes to stderr. When the client closes stdin the relay ends the hub session, which
 * releases the phones it allocated (a killed relay leaves them to the hub's idle expiry).
 */
import type { Readable, Writable } from "node:stream";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  ErrorCode,
  isInitializeRequest,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";

export interface StdioBridgeOptions {
  /** The hub's base URL (http:// or https://). */
  hub: string;
  /** Headers every request to the hub carries (the operator key). */
  headers: Record<string, string>;
  stdin: Readable;
  stdout: Writable;
  /** A line for a person (stderr). */
  log(line: string): void;
}

/** Relays until the client closes stdin; then ends the hub session. */
export async function serveStdio(options: StdioBridgeOptions): Promise<void> {
  const hubUrl = new URL("/mcp", options.hub);
  const upstream = new StreamableHTTPClientTransport(hubUrl, { requestInit: { headers: options.headers } });
  const local = new StdioServerTransport(options.stdin, options.stdout);
  /** Ids of initialize requests in flight: their answer names the protocol version later requests carry. */
  const initializing = new Set<string | number>();

  upstream.onmessage = (message) => {
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === "string") upstream.setProtocolVersion(version);
    }
    void local.send(message);
  };
  upstream.onerror = (error) => options.log(`droidhub mcp: ${hubUrl.origin}: ${error.message}`);
  local.onerror = (error) => options.log(`droidhub mcp: stdin: ${error.message}`);
  local.onmessage = (message) => {
    if (isInitializeRequest(message) && isJSONRPCRequest(message)) initializing.add(message.id);
    upstream.send(message).catch((error: unknown) => refuse(message, error));
  };

  /** The hub did not take the message (unreachable, 401, a session it ended): the client hears why. */
  const refuse = (message: JSONRPCMessage, error: unknown) => {
    const status = (error as { code?: unknown }).code;
    const why = typeof status === "number" ? `HTTP ${status}: ${(error as Error).message}` : (error as Error).message;
    const hint = status === 401 ? " (check --key / DROIDHUB_API_KEY)" : "";
    const text = `the hub at ${hubUrl.origin} refused or did not answer: ${why}${hint}`;
    options.log(`droidhub mcp: ${text}`);
    if (!isJSONRPCRequest(message)) return;
    void local.send({ jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InternalError, message: text } });
  };

  const ended = new Promise<void>((resolve) => {
    options.stdin.once("end", resolve);
    options.stdin.once("close", resolve);
  });
  await upstream.start();
  await local.start();
  options.log(`droidhub mcp: relaying stdio to ${hubUrl.href}`);
  await ended;
  await upstream.terminateSession().catch(() => undefined);
  await upstream.close();
  await local.close();
}
