/**
 * `droidhub mcp` as a real process driven by the SDK's stdio client against a real hub with a
 * virtual phone: the hub's tools and scopes over stdio, nothing but JSON-RPC on stdout, a refused key
 * answered as a JSON-RPC error, and the session's phones released when the client closes stdin — or,
 * when the relay is killed outright, once the hub session goes idle.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { cleanEnv, REPO } from "../../helpers/cli-process.js";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { callTool, errorCode, jsonOf } from "../../helpers/mcp.js";
import { joinPhone } from "../../helpers/phones.js";

const BIN = path.join(REPO, "bin/droidhub.js");
const IDLE_MS = 1_500;
let hub: TestHub;
let phone: SimPhone;

beforeAll(async () => {
  hub = await startHub({}, { config: { mcpIdleMs: IDLE_MS } });
  phone = await joinPhone(hub, "p1");
});

afterAll(async () => {
  phone.stop();
  await hub.close();
});

/** The SDK's stdio client running `droidhub mcp` with the key in the environment. */
async function stdioClient(key = API_KEY): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--hub", hub.baseUrl],
    env: cleanEnv({ DROIDHUB_API_KEY: key }) as Record<string, string>,
    cwd: REPO,
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

describe("droidhub mcp (stdio)", () => {
  it("serves the hub's tools: lists them, reads the phone, taps it, takes a screenshot", async () => {
    const { client } = await stdioClient();
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("mobile_click_on_screen_at_coordinates");
      expect(names).toContain("allocate_device");
      const devices = jsonOf(await callTool(client, "mobile_list_available_devices"));
      expect(devices.devices.map((d: { id: string }) => d.id)).toEqual(["p1"]);
      const elements = jsonOf(await callTool(client, "mobile_list_elements_on_screen", { device: "p1" }));
      expect(elements.package).toBe("com.droidhub.login");
      const tap = await callTool(client, "mobile_click_on_element", { device: "p1", element: 1 });
      expect(tap.isError).toBeFalsy();
      const shot = await callTool(client, "mobile_take_screenshot", { device: "p1" });
      expect(shot.content[0]).toMatchObject({ type: "image", mimeType: "image/jpeg" });
      expect(errorCode(await callTool(client, "mobile_get_screen_size", { device: "nope" }))).toBe("DEVICE_NOT_FOUND");
    } finally {
      await client.close();
    }
  }, 60_000);

  it("gives a read key the read tools only and refuses a tap with FORBIDDEN", async () => {
    const key = (await hub.api("POST", "/api/operator-keys", { label: "stdio-viewer", scope: "read" })).json.key;
    const { client } = await stdioClient(key);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain("mobile_click_on_screen_at_coordinates");
      const tap = await callTool(client, "mobile_click_on_screen_at_coordinates", { device: "p1", x: 1, y: 1 });
      expect(errorCode(tap)).toBe("FORBIDDEN");
    } finally {
      await client.close();
    }
  }, 60_000);

  it("answers a refused key with a JSON-RPC error and writes nothing but JSON-RPC to stdout", async () => {
    const child = spawn(process.execPath, [BIN, "mcp", "--hub", hub.baseUrl, "--key", "wrong-key-0123456789abcdef"], {
      cwd: REPO,
      env: cleanEnv(),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await until(() => stdout.includes("\n"), 30_000, "the answer to initialize");
    child.stdin.end();
    const exit = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const answer = JSON.parse(lines[0]!);
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: -32603 } });
    expect(answer.error.message).toContain("HTTP 401");
    expect(stderr).toContain("UNAUTHORIZED");
    expect(stderr).not.toContain("wrong-key-0123456789abcdef");
    expect(exit).toBe(0);
  }, 60_000);

  it("releases the phone it allocated when the client closes stdin", async () => {
    const { client } = await stdioClient();
    expect(jsonOf(await callTool(client, "allocate_device", { device: "p1" }))).toEqual({ device: "p1", held: true });
    expect(hub.app.hub.registry.get("p1")?.lease).toMatch(/^mcp:/);
    await client.close();
    await until(() => hub.app.hub.registry.get("p1")?.lease === undefined, 10_000, "release at stdin close");
  }, 60_000);

  it("leaves the phone of a killed relay to the hub's idle expiry", async () => {
    const { client, transport } = await stdioClient();
    await callTool(client, "allocate_device", { device: "p1" });
    process.kill(transport.pid!, "SIGKILL");
    expect(hub.app.hub.registry.get("p1")?.lease).toMatch(/^mcp:/);
    await until(() => hub.app.hub.registry.get("p1")?.lease === undefined, IDLE_MS * 8, "idle expiry");
    await client.close().catch(() => undefined);
  }, 60_000);
});
