/**
 * Log bytes per refused request — not a test. Boots the hub at the default `info` level with its log
 * going to a byte counter, then sends refused joins in both device dialects and operator-API 401s,
 * and prints how many log bytes (and lines) each kind of refusal cost.
 *   node --import tsx scripts/bench/refusal-log.ts   (BENCH_REFUSALS=500 per kind by default)
 */
import net from "node:net";
import { Writable } from "node:stream";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";

const COUNT = Number(process.env["BENCH_REFUSALS"] ?? 500);
let bytes = 0;
let lines = 0;
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    lines += chunk.toString().split("\n").length - 1;
    done();
  },
});

const config = loadConfig({
  overrides: { apiKey: "bench-operator-key-0123456789", fleetKey: "bench-fleet-key-0123456789", dataDir: ":memory:" },
});
const app = await buildApp(config, { logger: { level: "info", stream } });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as net.AddressInfo).port;

/** One upgrade request with a wrong key; resolves with the status line. */
function refusedUpgrade(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        [
          `GET ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          "Connection: Upgrade",
          "Upgrade: websocket",
          "Sec-WebSocket-Version: 13",
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
          "Authorization: Bearer wrong-key-0123456789abcdef",
          "X-Device-ID: bench-phone",
          "",
          "",
        ].join("\r\n"),
      );
    });
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
      if (data.includes("\r\n")) {
        socket.destroy();
        resolve(data.split("\r\n")[0]!);
      }
    });
    socket.on("error", reject);
  });
}

async function refusedApi(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/devices`, {
    headers: { authorization: "Bearer wrong-key-0123456789abcdef" },
  });
  await response.arrayBuffer();
  return String(response.status);
}

async function measure(name: string, send: () => Promise<string>): Promise<void> {
  const before = { bytes, lines };
  const statuses = new Set<string>();
  for (let i = 0; i < COUNT; i++) statuses.add(await send());
  await new Promise((resolve) => setTimeout(resolve, 50));
  const b = bytes - before.bytes;
  const l = lines - before.lines;
  console.log(
    `${name.padEnd(34)} ${COUNT} × ${[...statuses].join(",")}: ${b} log bytes, ${l} lines → ${(b / COUNT).toFixed(1)} bytes/refusal`,
  );
}

await measure("droidhub-dialect join, wrong key", () => refusedUpgrade("/v1/devices/connect"));
await measure("portal-dialect join, wrong key", () => refusedUpgrade("/v1/providers/personal/join"));
await measure("operator API, wrong key", refusedApi);
const beforeClose = bytes;
await app.close();
console.log(`on close (summaries flushed): ${bytes - beforeClose} bytes; total ${bytes} bytes, ${lines} lines`);
