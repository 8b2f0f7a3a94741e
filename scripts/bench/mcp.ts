/**
 * bench:mcp — not a test. Round trip of a screenshot and a tap on one virtual phone, in one run:
 * through the plain operator API (GET /api/devices/:id/screenshot, POST …/actions) and through MCP
 * (mobile_take_screenshot, mobile_click_on_screen_at_coordinates) with the SDK's client over /mcp.
 *   node --import tsx scripts/bench/mcp.ts   (BENCH_ROUNDS=200 by default)
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 200);
const API_KEY = "bench-operator-key-0123456789abcdef";
const FLEET_KEY = "bench-fleet-key-0123456789abcdef";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(label: string, once: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 10; i++) await once(); // warm-up: JIT, caches, fonts
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const fmt = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  console.log(`${label.padEnd(44)} p50 ${fmt(percentile(times, 50))}  p99 ${fmt(percentile(times, 99))}`);
}

const config = loadConfig({
  overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:", logLevel: "silent" },
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const phone = new SimPhone(new VirtualDevice({ deviceId: "bench", app: "login" }), {
  url: `${base.replace("http", "ws")}/v1/devices/connect`,
  fleetKey: FLEET_KEY,
});
await phone.start();
const headers = { authorization: `Bearer ${API_KEY}` };
const client = new Client({ name: "bench", version: "1" });
await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));

console.log(`one virtual phone, ${ROUNDS} rounds each, loopback, node ${process.version}`);
await measure("screenshot: GET /api/devices/:id/screenshot", async () => {
  const response = await fetch(`${base}/api/devices/bench/screenshot`, { headers });
  await response.arrayBuffer();
});
await measure("screenshot: MCP mobile_take_screenshot", () =>
  client.callTool({ name: "mobile_take_screenshot", arguments: { device: "bench" } }),
);
await measure("tap: POST /api/devices/:id/actions", async () => {
  const response = await fetch(`${base}/api/devices/bench/actions`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ action: "tap", x: 540, y: 100 }),
  });
  await response.arrayBuffer();
});
await measure("tap: MCP mobile_click_on_screen_at_coordinates", () =>
  client.callTool({ name: "mobile_click_on_screen_at_coordinates", arguments: { device: "bench", x: 540, y: 100 } }),
);

await client.close();
phone.stop();
await app.close();
