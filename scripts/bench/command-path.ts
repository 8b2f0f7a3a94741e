/**
 * bench:command-path — not a test. The hub's own share of one command, without sockets: a
 * DroidhubSession encodes N taps to a transport that keeps nothing, and each answer is decoded and
 * handed back as the gateway would (decodeEnvelope + handleEnvelope). Reports CPU time and V8 heap
 * allocation per command; on a busy machine these move far less than bench:gateway's throughput,
 * so a change to the command path can be compared before → after.
 *   node --expose-gc --import tsx scripts/bench/command-path.ts   (BENCH_COMMANDS, default 200,000)
 */
import { DroidhubSession } from "../../hub/devices/droidhub-session.js";
import type { DeviceInfo } from "../../hub/devices/types.js";
import { decodeEnvelope, encodeEnvelope } from "../../hub/protocol/codec.js";
import { allocationMeter, emitFigures } from "./figures.js";
import { gc } from "./gateway-setup.js";

const COMMANDS = Number(process.env["BENCH_COMMANDS"] ?? 200_000);
const ROUNDS = 5;
const INFO: DeviceInfo = {
  dialect: "droidhub",
  portalVersion: "bench",
  protocolVersion: 1,
  manufacturer: "Bench",
  model: "Bench",
  sdkInt: 34,
  screen: { width: 1080, height: 2400, densityDpi: 420, rotation: 0 },
  capabilities: [],
};

/** One round of `count` commands on a fresh session; ids start at 1, so the answers are made in advance. */
async function round(count: number): Promise<{ cpu: number; allocated: number }> {
  const answers = Array.from({ length: count }, (_, i) =>
    encodeEnvelope({ replyTo: i + 1, result: { ok: true, durationMs: 3 } }),
  );
  let next = 1;
  const session = new DroidhubSession({
    deviceId: "bench-0",
    sessionId: "s",
    info: INFO,
    maxInFlight: 16,
    defaultTimeoutMs: 30_000,
    resumeGraceMs: 60_000,
    resumeToken: "t",
    nextId: () => next++,
  });
  let sent = 0;
  session.attach({ send: () => void sent++, close: () => {} });
  session.flush();
  gc();
  const meter = allocationMeter();
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const call = session.call({ tap: { x: 540, y: 1200 } });
    session.handleEnvelope(decodeEnvelope(answers[i] as Uint8Array));
    await call;
  }
  const used = process.cpuUsage(cpu);
  const allocated = meter.stop();
  if (sent !== count) throw new Error(`sent ${sent} frames for ${count} commands`);
  return { cpu: (used.user + used.system) / count, allocated: allocated / count };
}

await round(20_000); // warm-up: JIT, the writer, the timers
const results: { cpu: number; allocated: number }[] = [];
for (let r = 0; r < ROUNDS; r++) results.push(await round(COMMANDS));
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const cpu = median(results.map((r) => r.cpu));
const allocated = median(results.map((r) => r.allocated));
console.log(
  `bench:command-path — ${ROUNDS} rounds of ${COMMANDS} commands, median: ${cpu.toFixed(2)} µs CPU and ${Math.round(allocated)} B heap per command (rounds: ${results
    .map((r) => `${r.cpu.toFixed(2)} µs/${Math.round(r.allocated)} B`)
    .join(", ")})`,
);
emitFigures({
  "cpu/cmd": { value: cpu, unit: "µs", better: "lower" },
  "alloc/cmd": { value: allocated, unit: "B", better: "lower" },
});
process.exit(0);
