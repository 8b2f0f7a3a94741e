/**
 * bench:gateway-heap — not a test. Where an idle phone's hub memory goes: a hub with no phones and
 * the same hub with N idle phones joined (default 2,000) are each written as a V8 heap snapshot,
 * and the difference is printed per object type (constructor or V8 node type) divided by N.
 * Self sizes, not retained sizes: summed over every type they add up to the heap per phone, where
 * retained sizes would count a socket's Receiver again inside its WebSocket.
 * Socket buffers and other memory outside the V8 heap show as "(off-heap: external+arrayBuffers)";
 * RSS is bench:gateway's (writing a snapshot inflates this process's).
 *   node --expose-gc --import tsx scripts/bench/gateway-heap.ts   (npm run bench:gateway-heap)
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { memory, startBenchHub, startPhones } from "./gateway-setup.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 2000);
const TOP = Number(process.env["BENCH_TOP"] ?? 25);

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Self bytes and object count per type: "Name" for objects, "(type)" for strings, code, arrays... */
function sizesByType(file: string): Map<string, { bytes: number; count: number }> {
  const heap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const typeNames = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = typeNames[heap.nodes[i + typeAt] ?? 0] ?? "?";
    const name = type === "object" || type === "closure" ? heap.strings[heap.nodes[i + nameAt] ?? 0] : undefined;
    const key = type === "closure" ? `closure ${name}` : (name ?? `(${type})`);
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[i + sizeAt] ?? 0;
    entry.count += 1;
    out.set(key, entry);
  }
  return out;
}

function snapshot(dir: string, name: string): string {
  const collect = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) collect?.();
  return v8.writeHeapSnapshot(path.join(dir, name));
}

const hub = await startBenchHub("heap");
const { app, dataDir, url } = hub;
// One phone joins first and stays, so what the first join compiles and caches is in both snapshots.
const warm = startPhones("phones", url, 1, PHONES);
await warm.ready;
const before = memory();
const emptyFile = snapshot(dataDir, "empty.heapsnapshot");
const phones = startPhones("phones", url, PHONES);
await phones.ready;
while (app.hub.registry.size < PHONES + 1) await new Promise((r) => setTimeout(r, 50));
await new Promise((r) => setTimeout(r, 1000));
const after = memory();
const fullFile = snapshot(dataDir, "full.heapsnapshot");
phones.child.kill();
warm.child.kill();
await app.close();

const empty = sizesByType(emptyFile);
const full = sizesByType(fullFile);
const rows = [...full.entries()]
  .map(([type, f]) => {
    const e = empty.get(type) ?? { bytes: 0, count: 0 };
    return { type, bytes: (f.bytes - e.bytes) / PHONES, count: (f.count - e.count) / PHONES };
  })
  .filter((row) => Math.abs(row.bytes) >= 1)
  .sort((a, b) => b.bytes - a.bytes);
const heapTotal = rows.reduce((sum, row) => sum + row.bytes, 0);
const table: Record<string, { "B/phone": number; "objects/phone": string }> = {};
for (const row of rows.slice(0, TOP)) {
  table[row.type] = { "B/phone": Math.round(row.bytes), "objects/phone": row.count.toFixed(2) };
}
const rest = rows.slice(TOP).reduce((sum, row) => sum + row.bytes, 0);
table["(the rest)"] = { "B/phone": Math.round(rest), "objects/phone": "" };
table["= heap (snapshot)"] = { "B/phone": Math.round(heapTotal), "objects/phone": "" };
table["(off-heap: external+arrayBuffers)"] = {
  "B/phone": Math.round((after.external - before.external) / PHONES),
  "objects/phone": "",
};
table["heapUsed (process.memoryUsage)"] = {
  "B/phone": Math.round((after.heap - before.heap) / PHONES),
  "objects/phone": "",
};
console.log(`bench:gateway-heap — ${PHONES} idle phones, node ${process.version}`);
console.table(table);
// BENCH_KEEP=1 keeps both snapshots to open in Chrome's DevTools (Memory, Comparison).
if (process.env["BENCH_KEEP"]) console.log(`snapshots: ${emptyFile} ${fullFile}`);
else rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
