/**
 * bench:live-view — not a test. One virtual phone (1080×2400, streamed at 720 px, JPEG 70, 10 fps)
 * joined to an in-process hub on loopback, N viewers on GET /api/devices/:id/stream, and a driver
 * that types one character every 50 ms so the screen keeps changing. Prints, per run: frames/s
 * delivered to each viewer, bytes per frame, capture-to-viewer latency p50/p99, tap round trip p99
 * with and without the stream, and the hub process's memory per viewer (RSS and heap deltas; the
 * phone runs in the same process, so these include nothing of it beyond the stream's own frames).
 *   node --import tsx scripts/bench/live-view.ts
 * Env: BENCH_VIEWERS (1,10,30; a phone takes at most 32 viewers), BENCH_SECONDS (10).
 */
import WebSocket from "ws";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { decodeFrameMessage } from "../../hub/live/frame-message.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { openDatabase } from "../../hub/store/database.js";
import { sqliteStores } from "../../hub/store/stores.js";

const VIEWERS = (process.env["BENCH_VIEWERS"] ?? "1,10,30").split(",").map(Number);
const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 10);
const API_KEY = "bench-operator-key-0123456789abcdef";
const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const config = loadConfig({
  overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:", logLevel: "warn" },
});
const stores = sqliteStores(openDatabase(":memory:"), { dataDir: ":memory:" });
const app = await buildApp(config, { stores, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
const device = new VirtualDevice({ deviceId: "bench", app: "login" });
const phone = new SimPhone(device, { url: `ws://127.0.0.1:${port}/v1/devices/connect`, fleetKey: FLEET_KEY });
await phone.start();
const session = app.hub.registry.requireSession("bench");
const field = (await session.call({ getUi: { allWindows: true } })).result.ui!.nodes!.findIndex((n) => n.editable);

async function tapRoundTrips(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await session.call({ tap: { x: 10, y: 300 } }); // on no element: the screen does not change
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times;
}

interface Watch {
  socket: WebSocket;
  frames: number;
  bytes: number;
  latencies: number[];
}

function watch(): Promise<Watch> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/devices/bench/stream?access_token=${API_KEY}`);
  const w: Watch = { socket, frames: 0, bytes: 0, latencies: [] };
  socket.on("message", (data, binary) => {
    if (!binary) return;
    const { header, jpeg } = decodeFrameMessage(data as Buffer);
    w.frames++;
    w.bytes += jpeg.length;
    w.latencies.push(Date.now() - header.capturedAtMs);
  });
  return new Promise((resolve) => socket.once("open", () => resolve(w)));
}

const baseline = await tapRoundTrips(100);
console.log(
  `tap round trip without a stream: p50 ${pct(baseline, 50).toFixed(1)} ms, p99 ${pct(baseline, 99).toFixed(1)} ms`,
);

for (const n of VIEWERS) {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const watches = await Promise.all(Array.from({ length: n }, () => watch()));
  let typing = true;
  const driver = (async () => {
    while (typing) {
      await session.call({ inputText: { text: "a", nodeIndex: field, hasNode: true } });
      await sleep(50);
    }
  })();
  await sleep(1000); // warm-up: first renders, sharp's pools
  for (const w of watches) Object.assign(w, { frames: 0, bytes: 0, latencies: [] });
  const started = Date.now();
  const taps = tapRoundTrips(100);
  await sleep(SECONDS * 1000);
  const elapsed = (Date.now() - started) / 1000;
  const rss = process.memoryUsage().rss - rssBefore;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  typing = false;
  await driver;
  const tapTimes = await taps;
  const fps = watches.map((w) => w.frames / elapsed);
  const latencies = watches.flatMap((w) => w.latencies);
  const frames = watches.reduce((s, w) => s + w.frames, 0);
  const bytes = watches.reduce((s, w) => s + w.bytes, 0);
  console.log(
    `${n} viewer(s): ${Math.min(...fps).toFixed(1)}–${Math.max(...fps).toFixed(1)} frames/s each, ` +
      `${(bytes / Math.max(1, frames) / 1024).toFixed(1)} KiB/frame, latency p50 ${pct(latencies, 50)} ms p99 ${pct(latencies, 99)} ms, ` +
      `tap p99 ${pct(tapTimes, 99).toFixed(1)} ms with the stream (${(pct(tapTimes, 99) / pct(baseline, 99)).toFixed(2)}× without), ` +
      `memory +${mb(rss)} MB RSS / +${mb(heap)} MB heap (${(rss / n / 1024).toFixed(0)} KiB RSS per viewer)`,
  );
  for (const w of watches) w.socket.close();
  await sleep(1500); // the stream stops after the last viewer leaves
  // Each new run types into the same field: clear it so the screen stays comparable.
  await session.call({ inputText: { text: "", nodeIndex: field, hasNode: true, clearFirst: true } });
}

phone.stop();
await app.close();
await stores.close();
