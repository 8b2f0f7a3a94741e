/** `droidhub mcp`: an MCP server on stdio for Claude, Cursor and other agents, backed by a hub. */
import { defineCommand } from "./command.js";
import { HUB_FLAGS, hubClient } from "./hub-client.js";

export const mcpCommandSpec = defineCommand({
  name: "mcp",
  summary: "MCP server on stdio (Claude Desktop, Claude Code, Cursor) for a hub's phones",
  usage: ["mcp [--hub URL] [--key KEY]"],
  about: [
    "Speaks MCP on stdin/stdout and relays every message to the hub's /mcp endpoint with the operator",
    "key, so the tools and their scopes are the hub's: a read key gets the read tools only. stdout",
    "carries JSON-RPC only; messages for people go to stderr. Ends when the client closes stdin,",
    "releasing any phone the session allocated.",
  ].join("\n"),
  flags: [...HUB_FLAGS],
  async run(args, { err }) {
    const client = hubClient(args.string("hub"), args.string("key"));
    // Loaded here, not at the top: the MCP SDK would slow every `droidhub --help`.
    const { serveStdio } = await import("../mcp/stdio-bridge.js");
    await serveStdio({
      hub: client.base,
      headers: client.headers,
      stdin: process.stdin,
      stdout: process.stdout,
      log: (line) => err.write(`${line}\n`),
    });
    return 0;
  },
});
