/**
 * bench:command-path — not a test. The hub's own share of one command, without sockets: a
 * DroidhubSession encodes N taps to a transport that keeps nothing, and each answer is decoded and
 * handed back as the gateway would: read by hand when it is a bare ok (readOkResult + handleResult,
 * what the gateway does), and, in alternating rounds of the same run, through the generic decoder
 * (decodeEnvelope + handleEnvelope, the path before ok-result.ts). Reports CPU time and V8 heap
 * allocation per command; on a busy machine these move far less than bench:gateway's throughput,
 * so a change to the command path can be compared before → after. Last, the phone's side of an
 * answer: encodeEnvelope against encodeOkResult for the same bare ok.
 *   node --expose-gc --import tsx scripts/bench/command-path.ts   (BENCH_COMMANDS, default 200,000)
 */
import { DroidhubSession } from "../../hub/devices/droidhub-session.js";
import type { DeviceInfo } from "../../hub/devices/types.js";
import { decodeEnvelope, encodeEnvelope } from "../../hub/protocol/codec.js";
import { encodeOkResult, readOkResult } from "../../hub/protocol/ok-result.js";
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
async function round(count: number, path: "ok-result" | "generic"): Promise<{ cpu: number; allocated: number }> {
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
    const answer = answers[i] as Uint8Array;
    const ok = path === "ok-result" ? readOkResult(answer) : undefined;
    if (ok !== undefined) session.handleResult(ok.replyTo, { ok: true, durationMs: ok.durationMs });
    else session.handleEnvelope(decodeEnvelope(answer));
    await call;
  }
  const used = process.cpuUsage(cpu);
  const allocated = meter.stop();
  if (sent !== count) throw new Error(`sent ${sent} frames for ${count} commands`);
  return { cpu: (used.user + used.system) / count, allocated: allocated / count };
}

await round(20_000, "ok-result"); // warm-up: JIT, the writer, the timers
await round(20_000, "generic");
const results = {
  "ok-result": [] as { cpu: number; allocated: number }[],
  generic: [] as { cpu: number; allocated: number }[],
};
for (let r = 0; r < ROUNDS; r++) {
  results["ok-result"].push(await round(COMMANDS, "ok-result"));
  results.generic.push(await round(COMMANDS, "generic"));
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const summary = (path: "ok-result" | "generic") => ({
  cpu: median(results[path].map((r) => r.cpu)),
  allocated: median(results[path].map((r) => r.allocated)),
});
const fast = summary("ok-result");
const generic = summary("generic");
for (const [name, s] of [
  ["bare ok read by hand (the gateway's path)", fast],
  ["generic decoder", generic],
] as const) {
  console.log(
    `bench:command-path — ${name}: ${s.cpu.toFixed(2)} µs CPU and ${Math.round(s.allocated)} B heap per command (median of ${ROUNDS} rounds of ${COMMANDS})`,
  );
}

/** The phone's side: one bare ok answer encoded COMMANDS times each way, CPU per answer (median of ROUNDS). */
function encodeRound(encode: (i: number) => Uint8Array): number {
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < COMMANDS; i++) bytes += encode(i + 1_000_000).length;
  const used = process.cpuUsage(cpu);
  if (bytes === 0) throw new Error("nothing encoded");
  return (used.user + used.system) / COMMANDS;
}
const viaEnvelope = (i: number) => encodeEnvelope({ id: 0, replyTo: i, result: { ok: true, durationMs: 3 } });
const byHand = (i: number) => encodeOkResult(i, 3);
encodeRound(viaEnvelope);
encodeRound(byHand);
const encodes = { generic: [] as number[], byHand: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  encodes.generic.push(encodeRound(viaEnvelope));
  encodes.byHand.push(encodeRound(byHand));
}
const encodeGeneric = median(encodes.generic);
const encodeByHand = median(encodes.byHand);
console.log(
  `phone answer encode: encodeEnvelope ${encodeGeneric.toFixed(2)} µs, encodeOkResult ${encodeByHand.toFixed(2)} µs`,
);
emitFigures({
  "cpu/cmd": { value: fast.cpu, unit: "µs", better: "lower" },
  "alloc/cmd": { value: fast.allocated, unit: "B", better: "lower" },
  "cpu/cmd generic decoder": { value: generic.cpu, unit: "µs", better: "lower" },
  "alloc/cmd generic decoder": { value: generic.allocated, unit: "B", better: "lower" },
  "phone answer encode generic": { value: encodeGeneric, unit: "µs", better: "lower" },
  "phone answer encode by hand": { value: encodeByHand, unit: "µs", better: "lower" },
});
process.exit(0);
