/**
 * Slowloris — not a test. Boots the hub with its configuration from the environment (defaults
 * otherwise), opens BENCH_SOCKETS (20) sockets that each send one header byte every 2 s and never
 * finish their headers, and prints when the hub closed each of them (or that it had not after
 * BENCH_SECONDS, 100 by default). Meanwhile a normal request every 5 s must keep working.
 *   node --import tsx scripts/bench/slowloris.ts
 *   DROIDHUB_HEADERS_TIMEOUT_MS=5000 node --import tsx scripts/bench/slowloris.ts
 */
import net from "node:net";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";

const SOCKETS = Number(process.env["BENCH_SOCKETS"] ?? 20);
const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 100);

const config = loadConfig({
  env: process.env,
  overrides: { dataDir: ":memory:", apiKey: "bench-operator-key-0123456789" },
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as net.AddressInfo).port;

const start = performance.now();
const closedAt: (number | undefined)[] = new Array(SOCKETS).fill(undefined);
const answers: string[] = [];
const timers: NodeJS.Timeout[] = [];
for (let i = 0; i < SOCKETS; i++) {
  const socket = net.connect(port, "127.0.0.1", () => socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "));
  socket.on("data", (chunk) => answers.push(chunk.toString().split("\r\n")[0]!));
  socket.on("error", () => {});
  socket.on("close", () => {
    closedAt[i] = (performance.now() - start) / 1000;
  });
  timers.push(setInterval(() => socket.writable && socket.write("a"), 2_000));
}
let healthy = 0;
let failed = 0;
const probe = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => (r.ok ? healthy++ : failed++),
    () => failed++,
  );
}, 5_000);

while (closedAt.some((t) => t === undefined) && performance.now() - start < SECONDS * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
for (const timer of [...timers, probe]) clearInterval(timer);
const closed = closedAt.filter((t): t is number => t !== undefined).sort((a, b) => a - b);
console.log(
  `headersTimeout ${app.server.headersTimeout} ms, requestTimeout ${app.server.requestTimeout} ms: ` +
    `${closed.length}/${SOCKETS} slow sockets closed within ${SECONDS} s` +
    (closed.length ? ` (first ${closed[0]!.toFixed(1)} s, last ${closed.at(-1)!.toFixed(1)} s)` : "") +
    `; answers they got: ${JSON.stringify([...new Set(answers)])}; normal requests meanwhile: ${healthy} ok, ${failed} failed`,
);
await app.close();
process.exit(0);
