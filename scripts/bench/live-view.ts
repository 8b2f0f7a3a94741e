/**
 * bench:live-view — not a test. One virtual phone (1080×2400, streamed at 720 px, JPEG 70, 10 fps)
 * joined to an in-process hub on loopback, N viewers on GET /api/devices/:id/stream, and a driver
 * that every 50 ms replaces the text of the login form's e-mail field with a new one ("user17@…",
 * "user18@…"), so every frame shows something new (appending letters would not: a long value is
 * drawn cut off with "…", and the picture stops changing while the tree still does). Viewer 0
 * counts distinct JPEGs to show the frames really differ. The form has a password field, so every
 * frame carries a secret: the phone paints the field itself and the hub checks the paint
 * (BENCH_PAINT=phone, the default, as the droidhub portal does), or the hub decodes, paints and
 * encodes every frame again (BENCH_PAINT=hub, a phone that does not paint). Its cost is in every figure.
 *
 * The phone runs in a process of its own (`droidhub sim`), as a real phone is a device of its own:
 * its rendering and JPEG encoding would otherwise share the hub's event loop and count as the hub's
 * cost. BENCH_PHONE=inline puts it back in the hub's process (the figures of earlier runs).
 *
 * Prints, per run: frames/s delivered to each viewer, bytes per frame, capture-to-viewer latency
 * p50/p99, tap round trip p99 without and then with the stream (measured back to back, so a busy
 * machine moves both; the driver types in both, so the stream is the only difference), the hub
 * process's CPU time per frame (with an inline phone, the phone's too), and the hub process's memory
 * per viewer (and the phone process's CPU per frame). Then one viewer that keeps up beside one that stops reading: what each got, what was
 * dropped for the slow one, the tap p99. Last, the tap p99 without and with one viewer measured in
 * BENCH_TAP_ROUNDS (16) alternating pairs of BENCH_TAP_SECONDS (5) windows, taps pooled per side, the
 * viewer in a process of its own there (live-viewer.ts).
 *   node --import tsx scripts/bench/live-view.ts
 * Env: BENCH_VIEWERS (1,10,30; a phone takes at most 32 viewers), BENCH_SECONDS (10), BENCH_APP (login;
 * "browser" types into its URL bar, a screen with nothing to mask), BENCH_PHONE (process; inline),
 * BENCH_PAINT (phone; hub), BENCH_TAPS_ONLY=1 (the interleaved tap comparison alone).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type EventLoopUtilization, monitorEventLoopDelay, performance } from "node:perf_hooks";
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
/** The interleaved tap comparison: rounds, and seconds per window. */
const ROUNDS = Number(process.env["BENCH_TAP_ROUNDS"] ?? 16);
const ROUND_SECONDS = Number(process.env["BENCH_TAP_SECONDS"] ?? 5);
/** How long the stalled viewer may go before the hub must have dropped one of its frames. */
const STALL_LIMIT_S = 120;
/** "login" (a password field on screen: every frame masked) or "browser" (its URL bar: nothing to mask). */
const APP = process.env["BENCH_APP"] ?? "login";
/** "process" (the phone in a `droidhub sim` child process) or "inline" (in the hub's process). */
const PHONE = process.env["BENCH_PHONE"] ?? "process";
if (PHONE !== "process" && PHONE !== "inline") throw new Error("BENCH_PHONE must be process or inline");
/** "phone" (the phone paints its password field, the hub checks) or "hub" (the hub paints every frame). */
const PAINT = process.env["BENCH_PAINT"] ?? "phone";
if (PAINT !== "phone" && PAINT !== "hub") throw new Error("BENCH_PAINT must be phone or hub");
const API_KEY = "bench-operator-key-0123456789abcdef";
const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
/** The phone's id: `droidhub sim --prefix bench` names its first phone bench-1. */
const DEVICE = "bench-1";

async function inlinePhone(): Promise<() => Promise<void>> {
  const device = new VirtualDevice({ deviceId: DEVICE, app: APP, knobs: { paintPasswords: PAINT === "phone" } });
  const phone = new SimPhone(device, { url: hubUrl, fleetKey: FLEET_KEY });
  await phone.start();
  return async () => phone.stop();
}

/** The phone process's pid (BENCH_PHONE=process), for its CPU time. */
let phonePid: number | undefined;

/** CPU milliseconds the phone process has used so far (Linux /proc, 100 ticks a second); 0 inline. */
function phoneCpuMs(): number {
  if (phonePid === undefined) return 0;
  const fields = readFileSync(`/proc/${phonePid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of stat)
}

/** `droidhub sim` in a child process, joined once the hub's registry has its session. */
async function phoneProcess(): Promise<() => Promise<void>> {
  const scratch = mkdtempSync(path.join(tmpdir(), "droidhub-live-bench-"));
  const bin = new URL("../../bin/droidhub.js", import.meta.url).pathname;
  const args = ["sim", "--hub", hubUrl, "--key", FLEET_KEY, "--app", APP, "--prefix", "bench"];
  if (PAINT === "hub") args.push("--unpainted");
  const child = spawn(process.execPath, [bin, ...args, "--secrets-file", path.join(scratch, "secrets.json")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  phonePid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (const started = Date.now(); !app.hub.registry.get(DEVICE)?.session?.connected; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`droidhub sim exited with ${child.exitCode} before its phone joined`);
    if (Date.now() - started > 60_000) throw new Error("the phone process did not join within 60 s");
  }
  return async () => {
    child.kill("SIGINT");
    await exited;
    rmSync(scratch, { recursive: true, force: true });
  };
}

const config = loadConfig({
  overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:", logLevel: "warn" },
});
const stores = sqliteStores(openDatabase(":memory:"), { dataDir: ":memory:" });
const app = await buildApp(config, { stores, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
const hubUrl = `ws://127.0.0.1:${port}/v1/devices/connect`;
const stopPhone = PHONE === "inline" ? await inlinePhone() : await phoneProcess();
const session = app.hub.registry.requireSession(DEVICE);
const field = (await session.call({ getUi: { allWindows: true } })).result.ui!.nodes!.findIndex((n) => n.editable);

/**
 * Tap round trips, one every 20 ms, for `ms`: about 400 in 10 s, so the p99 is not the one worst tap
 * (100 taps made it the maximum, and one scheduler hiccup moved it 3×).
 */
async function tapRoundTrips(ms: number): Promise<number[]> {
  const times: number[] = [];
  for (const until = performance.now() + ms; performance.now() < until; ) {
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
  distinct: Set<string> | undefined;
}

function watch(countDistinct: boolean): Promise<Watch> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/devices/${DEVICE}/stream?access_token=${API_KEY}`);
  const w: Watch = { socket, frames: 0, bytes: 0, latencies: [], distinct: countDistinct ? new Set() : undefined };
  socket.on("message", (data, binary) => {
    if (!binary) return;
    const { header, jpeg } = decodeFrameMessage(data as Buffer);
    w.frames++;
    w.bytes += jpeg.length;
    w.latencies.push(Date.now() - header.capturedAtMs);
    w.distinct?.add(createHash("sha1").update(jpeg).digest("hex"));
  });
  return new Promise((resolve) => socket.once("open", () => resolve(w)));
}

/** Replaces the e-mail field's text every 50 ms until the returned function is called. */
function keepTyping(): () => Promise<void> {
  let typing = true;
  let n = 0;
  const driver = (async () => {
    while (typing) {
      const text = `user${++n}@example.com`;
      await session.call({ inputText: { text, nodeIndex: field, hasNode: true, clearFirst: true } });
      await sleep(50);
    }
  })();
  return async () => {
    typing = false;
    await driver;
  };
}

const loopShare = (u: EventLoopUtilization | undefined) => `${((u?.utilization ?? Number.NaN) * 100).toFixed(1)} %`;
/** The main thread's busy time the stream added, per frame delivered: past the no-stream window's share. */
const loopMsPerFrame = (u: EventLoopUtilization, frames: number) =>
  (((u.utilization - (lastBusy?.utilization ?? 0)) * (u.idle + u.active)) / Math.max(1, frames)).toFixed(2);
const reset = (w: Watch) => Object.assign(w, { frames: 0, bytes: 0, latencies: [], distinct: w.distinct && new Set() });
const tapLine = (base: number[], taps: number[]) =>
  `tap p99 ${pct(base, 99).toFixed(1)} ms without / ${pct(taps, 99).toFixed(1)} ms with the stream (${(pct(taps, 99) / pct(base, 99)).toFixed(2)}×; ` +
  `p50 ${pct(base, 50).toFixed(1)} / ${pct(taps, 50).toFixed(1)} ms; ${base.length} / ${taps.length} taps)`;

/** Tap round trips while the driver types and nobody watches: the same load but the stream. */
async function typingTaps(): Promise<number[]> {
  const stop = keepTyping();
  await sleep(500);
  const busy = performance.eventLoopUtilization();
  const taps = await tapRoundTrips(SECONDS * 1000);
  lastBusy = performance.eventLoopUtilization(busy);
  await stop();
  return taps;
}

/** How busy the hub's event loop was in the last typingTaps window (no stream): the stream's share is the difference. */
let lastBusy: EventLoopUtilization | undefined;

async function viewersRun(n: number): Promise<void> {
  const baseline = await typingTaps();
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const watches = await Promise.all(Array.from({ length: n }, (_, i) => watch(i === 0)));
  const stop = keepTyping();
  await sleep(1000); // warm-up: first renders, sharp's pools
  for (const w of watches) reset(w);
  const started = Date.now();
  const cpu = process.cpuUsage();
  const phoneCpu = phoneCpuMs();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const busy = performance.eventLoopUtilization();
  const taps = tapRoundTrips(SECONDS * 1000);
  await sleep(SECONDS * 1000);
  const elapsed = (Date.now() - started) / 1000;
  const streamBusy = performance.eventLoopUtilization(busy);
  const { user, system } = process.cpuUsage(cpu);
  const phoneMs = phoneCpuMs() - phoneCpu;
  loop.disable();
  const rss = process.memoryUsage().rss - rssBefore;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  const masking = app.hub.live.masking(DEVICE);
  await stop();
  const tapTimes = await taps;
  const fps = watches.map((w) => w.frames / elapsed);
  const latencies = watches.flatMap((w) => w.latencies);
  const frames = watches.reduce((s, w) => s + w.frames, 0);
  const bytes = watches.reduce((s, w) => s + w.bytes, 0);
  const first = watches[0];
  console.log(
    `${n} viewer(s): ${Math.min(...fps).toFixed(1)}–${Math.max(...fps).toFixed(1)} frames/s each ` +
      `(viewer 0: ${first?.distinct?.size} distinct of ${first?.frames}), ` +
      `${(bytes / Math.max(1, frames) / 1024).toFixed(1)} KiB/frame, latency p50 ${pct(latencies, 50)} ms p99 ${pct(latencies, 99)} ms, ` +
      `frames painted by the hub ${masking?.masked ?? 0} / by the phone (checked) ${masking?.phonePainted ?? 0}, tree reads ${masking?.treeReads ?? 0}, ` +
      `${tapLine(baseline, tapTimes)}, hub event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, ` +
      `busy ${loopShare(lastBusy)} without / ${loopShare(streamBusy)} with the stream (${loopMsPerFrame(streamBusy, first?.frames ?? 0)} ms per frame), CPU ${((user + system) / 1000 / Math.max(1, first?.frames ?? 0)).toFixed(0)} ms per frame (the phone's ${(phoneMs / Math.max(1, first?.frames ?? 0)).toFixed(0)} ms), memory +${mb(rss)} MB RSS / +${mb(heap)} MB heap (${(rss / n / 1024).toFixed(0)} KiB RSS per viewer)`,
  );
  for (const w of watches) w.socket.close();
  await sleep(1500); // the stream stops after the last viewer leaves
}

/**
 * One viewer that keeps up, one that stops reading (its socket paused): the slow one must cost
 * nothing. The kernel takes megabytes of a stalled loopback socket's frames first (its send
 * buffer grows to tcp_wmem's 4 MB here), so the figures are taken once the hub has begun to drop
 * the stalled viewer's frames (within STALL_LIMIT_S), not while the kernel still swallows them.
 */
async function slowViewerRun(): Promise<void> {
  const baseline = await typingTaps();
  const fast = await watch(true);
  const slow = await watch(false);
  slow.socket.pause();
  const stop = keepTyping();
  const stalledAt = Date.now();
  const slowView = () => app.hub.live.viewers(DEVICE)[1];
  while ((slowView()?.framesDropped ?? 0) === 0 && Date.now() - stalledAt < STALL_LIMIT_S * 1000) await sleep(250);
  const firstDrop = (Date.now() - stalledAt) / 1000;
  if ((slowView()?.framesDropped ?? 0) === 0)
    throw new Error(`the hub dropped none of a stalled viewer's frames in ${STALL_LIMIT_S} s`);
  reset(fast);
  const dropsBefore = slowView()?.framesDropped ?? 0;
  const started = Date.now();
  const taps = tapRoundTrips(SECONDS * 1000);
  await sleep(SECONDS * 1000);
  const elapsed = (Date.now() - started) / 1000;
  const [fastView, stalled] = app.hub.live.viewers(DEVICE);
  await stop();
  const tapTimes = await taps;
  console.log(
    `1 fast + 1 stalled viewer: the hub's first drop ${firstDrop.toFixed(1)} s into the stall; over the next ${SECONDS} s: ` +
      `fast ${(fast.frames / elapsed).toFixed(1)} frames/s (${fast.distinct?.size} distinct), ` +
      `latency p50 ${pct(fast.latencies, 50)} ms p99 ${pct(fast.latencies, 99)} ms; stalled: ${stalled?.framesSent} sent in all, ` +
      `${(stalled?.framesDropped ?? 0) - dropsBefore} dropped in the window, ${mb(stalled?.bufferedBytes ?? 0)} MB held by the hub ` +
      `(fast: ${fastView?.framesSent} sent, ${fastView?.framesDropped} dropped); ${tapLine(baseline, tapTimes)}`,
  );
  fast.socket.close();
  slow.socket.terminate();
  await sleep(1500);
}

/**
 * One viewer in a process of its own (live-viewer.ts), as a browser elsewhere would be: in the
 * hub's process, reading and decoding its frames delayed the taps as well (1.57-1.76× against
 * 1.43× apart, in one session's runs). Resolves once it is connected; `stop` answers the frames it
 * got, so a window "with the stream" that had none is an error, not a figure.
 */
async function viewerProcess(): Promise<{ stop(): Promise<number> }> {
  const script = new URL("./live-viewer.ts", import.meta.url).pathname;
  const url = `ws://127.0.0.1:${port}/api/devices/${DEVICE}/stream?access_token=${API_KEY}`;
  const child = spawn(process.execPath, ["--import", "tsx", script, url], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the viewer process exited with ${code} before it connected`)));
  });
  return {
    async stop() {
      child.kill("SIGTERM");
      await exited;
      return Number(/frames (\d+)/.exec(output)?.[1] ?? 0);
    },
  };
}

/**
 * The tap figure alone, as fairly as this machine allows: ROUNDS rounds of a window without a viewer
 * then one with one, taps pooled per side. Back-to-back single windows let the machine's drift (a
 * burst of other work, a GC in the phone) land on one side only. A p99 is the 1 % tail of a few
 * thousand taps, and on two shared cores it moves by a fifth from one run to the next on its own
 * (the same run with no stream at all gave 0.98× and 1.24×): the ratio is printed with a 90 %
 * interval from resampling whole rounds (a bootstrap), so one run says how far it can be trusted.
 */
async function interleavedTaps(): Promise<void> {
  const rounds: { without: number[]; with: number[] }[] = [];
  const stop = keepTyping();
  await sleep(500);
  for (let round = 0; round < ROUNDS; round++) {
    const without = await tapRoundTrips(ROUND_SECONDS * 1000);
    const viewer = await viewerProcess();
    await sleep(1000); // the stream's first frames
    rounds.push({ without, with: await tapRoundTrips(ROUND_SECONDS * 1000) });
    const frames = await viewer.stop();
    if (frames === 0)
      throw new Error(`round ${round + 1}: the viewer got no frames, so there was no stream to compare`);
    await sleep(1500); // the stream stops after the last viewer leaves
  }
  await stop();
  const without = rounds.flatMap((r) => r.without);
  const withStream = rounds.flatMap((r) => r.with);
  const [low, high] = bootstrapRatio(rounds, 99);
  console.log(
    `interleaved, ${ROUNDS} rounds of ${ROUND_SECONDS} s without / with 1 viewer: ${tapLine(without, withStream)}; ` +
      `p99 ratio 90 % interval ${low.toFixed(2)}–${high.toFixed(2)}× (rounds resampled 1,000 times)`,
  );
  console.log(
    `  tail without / with: ${[90, 95, 98, 99, 99.5].map((q) => `p${q} ${pct(without, q).toFixed(2)} / ${pct(withStream, q).toFixed(2)} ms`).join(", ")}`,
  );
}

/** The 5th and 95th percentiles of the pooled p`q` ratio (with / without) over rounds drawn with replacement. */
function bootstrapRatio(rounds: { without: number[]; with: number[] }[], q: number): [number, number] {
  const ratios: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const pick = rounds.map(() => rounds[Math.floor(Math.random() * rounds.length)]!);
    ratios.push(
      pct(
        pick.flatMap((r) => r.with),
        q,
      ) /
        pct(
          pick.flatMap((r) => r.without),
          q,
        ),
    );
  }
  return [pct(ratios, 5), pct(ratios, 95)];
}

if (process.env["BENCH_TAPS_ONLY"] !== "1") {
  for (const n of VIEWERS) await viewersRun(n);
  await slowViewerRun();
}
await interleavedTaps();

await stopPhone();
await app.close();
await stores.close();
