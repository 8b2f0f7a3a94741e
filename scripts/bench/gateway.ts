/**
 * bench:gateway — not a test. In one run, on this machine:
 *   1. hub memory per idle phone with N phones joined (default 2,000; BENCH_PHONES=10000 to try more);
 *   2. tap round trip p50/p99 and commands/s with 1,000 phones busy through DeviceSession.call;
 *   3. the same request/response pattern over a plain `ws` echo server (the baseline).
 * Phones live in a child process so the hub process's memory is the hub's alone.
 *   node --expose-gc --import tsx scripts/bench/gateway.ts   (npm run bench:gateway)
 * BENCH_CPU_PROFILE=PREFIX writes CPU profiles of the two load phases only (joins left out),
 * PREFIX-hub.cpuprofile and PREFIX-echo.cpuprofile, for profile-top.ts; BENCH_PHONES_PROFILE=PREFIX
 * does the same for the phones' process (PREFIX-phones.cpuprofile, PREFIX-echo.cpuprofile). CPU per
 * command (this process's user+system time over the load) is the figure least moved by other work on
 * the machine.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg } from "node:os";
import { WebSocketServer } from "ws";
import { encodeEnvelope } from "../../hub/protocol/codec.js";
import { allocationMeter, emitFigures } from "./figures.js";
import { memory, startBenchHub, startPhones } from "./gateway-setup.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 2000);
const BUSY = Math.min(PHONES, Number(process.env["BENCH_BUSY"] ?? 1000));
const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 8);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface LoadResult {
  commands: number;
  /** V8 heap bytes allocated in this process per command (the load loop's own share included). */
  allocatedPerCommand: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** This process's CPU time (user + system) per command, in microseconds. */
  cpuPerCommand: number;
  /** The phones' process's CPU time per command (SimPhones decode and answer; echo clients only echo). */
  phonesCpuPerCommand: number;
  /** This process's write and read system calls per command (/proc/self/io): each write is a trip into the kernel. */
  writesPerCommand: number;
  readsPerCommand: number;
}

/** This process's read and write system calls so far (Linux /proc; NaN elsewhere). */
function syscalls(): { reads: number; writes: number } {
  try {
    const io = readFileSync("/proc/self/io", "utf8");
    return { reads: Number(/syscr: (\d+)/.exec(io)?.[1]), writes: Number(/syscw: (\d+)/.exec(io)?.[1]) };
  } catch {
    return { reads: Number.NaN, writes: Number.NaN };
  }
}

/** User + system CPU time of process `pid` in microseconds, from /proc (Linux; NaN elsewhere). */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return Number.NaN;
  }
}

/** `send(i)` resolves when phone i answered; each of `busy` phones runs requests back to back. */
async function load(
  busy: number,
  phonesPid: number | undefined,
  send: (i: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const meter = allocationMeter();
  const cpu = process.cpuUsage();
  const phonesCpu = cpuOf(phonesPid);
  const calls = syscalls();
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: busy }, async (_, i) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await send(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const allocated = meter.stop();
  const used = process.cpuUsage(cpu);
  const phonesUsed = cpuOf(phonesPid) - phonesCpu;
  const callsAfter = syscalls();
  latencies.sort((a, b) => a - b);
  return {
    commands: latencies.length,
    allocatedPerCommand: allocated / latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerCommand: (used.user + used.system) / latencies.length,
    phonesCpuPerCommand: phonesUsed / latencies.length,
    writesPerCommand: (callsAfter.writes - calls.writes) / latencies.length,
    readsPerCommand: (callsAfter.reads - calls.reads) / latencies.length,
  };
}

/** A CPU profile of what runs between start and stop, when BENCH_CPU_PROFILE names a file. */
async function startProfile(side: "hub" | "echo"): Promise<{ stop(): Promise<void> } | undefined> {
  const prefix = process.env["BENCH_CPU_PROFILE"];
  if (!prefix) return undefined;
  const file = `${prefix}-${side}.cpuprofile`;
  const session = new Session();
  session.connect();
  // BENCH_HEAP_PROFILE=1: a sampling heap profile instead, dead objects included, so the
  // allocation per command can be traced to the code that makes it.
  if (process.env["BENCH_HEAP_PROFILE"]) {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as never);
    return {
      async stop() {
        const { profile } = await session.post("HeapProfiler.stopSampling");
        writeFileSync(file.replace(/cpuprofile$/, "heapprofile"), JSON.stringify(profile));
        session.disconnect();
      },
    };
  }
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function benchHub(): Promise<{ perPhone: { heap: number; rss: number; external: number }; result: LoadResult }> {
  const hub = await startBenchHub("bench");
  const { app } = hub;
  const before = memory();
  const phones = startPhones("phones", hub.url, PHONES);
  await phones.ready;
  while (app.hub.registry.size < PHONES) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1000));
  const after = memory();
  const perPhone = {
    heap: (after.heap - before.heap) / PHONES,
    rss: (after.rss - before.rss) / PHONES,
    external: (after.external - before.external) / PHONES,
  };
  const sessions = Array.from({ length: BUSY }, (_, i) => app.hub.registry.requireSession(`bench-${i}`));
  const profile = await startProfile("hub");
  const result = await load(BUSY, phones.child.pid, async (i) => {
    await sessions[i]!.call({ tap: { x: 540, y: 1200 } });
  });
  await profile?.stop();
  phones.child.kill();
  await hub.close();
  return { perPhone, result };
}

async function benchEcho(): Promise<{ perPhone: { heap: number; rss: number; external: number }; result: LoadResult }> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false, clientTracking: false });
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as { port: number }).port;
  const sockets: import("ws").WebSocket[] = [];
  const waiting = new Map<import("ws").WebSocket, () => void>();
  server.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("message", () => {
      const resolve = waiting.get(socket);
      waiting.delete(socket);
      resolve?.();
    });
  });
  const before = memory();
  const phones = startPhones("echo", `ws://127.0.0.1:${port}`, PHONES);
  await phones.ready;
  await new Promise((r) => setTimeout(r, 1000));
  const after = memory();
  // The same bytes a hub tap sends, so frame sizes match.
  const frame = encodeEnvelope({ id: 1795977739783 * 1024, tap: { x: 540, y: 1200 } });
  const profile = await startProfile("echo");
  const result = await load(BUSY, phones.child.pid, (i) => {
    const socket = sockets[i]!;
    return new Promise<void>((resolve) => {
      waiting.set(socket, resolve);
      socket.send(frame);
    });
  });
  await profile?.stop();
  phones.child.kill();
  await new Promise((r) => server.close(r));
  return {
    perPhone: {
      heap: (after.heap - before.heap) / PHONES,
      rss: (after.rss - before.rss) / PHONES,
      external: (after.external - before.external) / PHONES,
    },
    result,
  };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `bench:gateway — ${PHONES} phones joined, ${BUSY} busy for ${SECONDS}s, node ${process.version}, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
const echo = await benchEcho();
const hub = await benchHub();
console.table({
  "plain ws echo": {
    "heap/phone": kb(echo.perPhone.heap),
    "rss/phone": kb(echo.perPhone.rss),
    "cmds/s": Math.round(echo.result.perSecond),
    "p50 ms": echo.result.p50.toFixed(2),
    "p99 ms": echo.result.p99.toFixed(2),
    "alloc/cmd": `${Math.round(echo.result.allocatedPerCommand)} B`,
    "cpu/cmd": `${echo.result.cpuPerCommand.toFixed(1)} µs`,
    "phones cpu/cmd": `${echo.result.phonesCpuPerCommand.toFixed(1)} µs`,
    "writes/reads per cmd": `${echo.result.writesPerCommand.toFixed(2)} / ${echo.result.readsPerCommand.toFixed(2)}`,
  },
  "droidhub hub": {
    "heap/phone": kb(hub.perPhone.heap),
    "rss/phone": kb(hub.perPhone.rss),
    "cmds/s": Math.round(hub.result.perSecond),
    "p50 ms": hub.result.p50.toFixed(2),
    "p99 ms": hub.result.p99.toFixed(2),
    "alloc/cmd": `${Math.round(hub.result.allocatedPerCommand)} B`,
    "cpu/cmd": `${hub.result.cpuPerCommand.toFixed(1)} µs`,
    "phones cpu/cmd": `${hub.result.phonesCpuPerCommand.toFixed(1)} µs`,
    "writes/reads per cmd": `${hub.result.writesPerCommand.toFixed(2)} / ${hub.result.readsPerCommand.toFixed(2)}`,
  },
});
console.log(
  `hub throughput = ${((100 * hub.result.perSecond) / echo.result.perSecond).toFixed(0)}% of plain echo (target ≥ 90%); ` +
    `hub memory per idle phone = ${kb(hub.perPhone.heap + hub.perPhone.external)} heap+external, ${kb(hub.perPhone.rss)} rss (target ≤ 5 KB); load average now ${loadavg()[0]?.toFixed(2)}`,
);
const ECHO = "plain echo cmds/s";
emitFigures({
  [ECHO]: { value: echo.result.perSecond, unit: "/s", better: "higher" },
  "hub cmds/s": { value: hub.result.perSecond, unit: "/s", better: "higher", reference: ECHO },
  "hub/echo throughput": {
    value: hub.result.perSecond / echo.result.perSecond,
    unit: "×",
    better: "higher",
    reference: ECHO,
  },
  "hub p50 ms": { value: hub.result.p50, unit: "ms", better: "lower", reference: ECHO },
  "hub p99 ms": { value: hub.result.p99, unit: "ms", better: "lower", reference: ECHO },
  "hub alloc/cmd": { value: hub.result.allocatedPerCommand, unit: "B", better: "lower" },
  "echo alloc/cmd": { value: echo.result.allocatedPerCommand, unit: "B", better: "lower" },
  "hub cpu/cmd": { value: hub.result.cpuPerCommand, unit: "µs", better: "lower" },
  "echo cpu/cmd": { value: echo.result.cpuPerCommand, unit: "µs", better: "lower" },
  "hub phones cpu/cmd": { value: hub.result.phonesCpuPerCommand, unit: "µs", better: "lower" },
  "echo clients cpu/cmd": { value: echo.result.phonesCpuPerCommand, unit: "µs", better: "lower" },
  "hub rss/idle phone": { value: hub.perPhone.rss, unit: "B", better: "lower" },
  "hub heap+external/idle phone": { value: hub.perPhone.heap + hub.perPhone.external, unit: "B", better: "lower" },
  "echo rss/idle phone": { value: echo.perPhone.rss, unit: "B", better: "lower" },
  "echo heap/idle phone": { value: echo.perPhone.heap, unit: "B", better: "lower" },
});
process.exit(0);
