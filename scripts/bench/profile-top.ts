/**
 * `node --import tsx scripts/bench/profile-top.ts FILE.cpuprofile [N]` — the N (default 15)
 * functions with the most self time in a `--cpu-prof` profile, and the hub files with the most
 * total (inclusive) time, to name a benchmark's top costs.
 */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, count] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-top.ts FILE.cpuprofile [N]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (n: Node): string => {
  const url = n.callFrame.url.replace(/^file:\/\/.*?\/(hub|node_modules|scripts)\//, "$1/");
  return `${n.callFrame.functionName || "(anonymous)"} ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ""}`.trim();
};
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const key = where(node);
  byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
console.log(`profile ${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log("self time:");
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(count ?? 15))) {
  console.log(`  ${pct(us).padStart(6)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}

// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = where(nodes.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
console.log("total time, hub and store drivers:");
for (const [name, us] of [...inclusive]
  .filter(([name]) => /hub\/|better-sqlite3|node_modules\/pg/.test(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(count ?? 15))) {
  console.log(`  ${pct(us).padStart(6)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}
