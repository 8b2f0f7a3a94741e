/**
 * `droidhub migrate-data` on a large SQLite hub: rows per second and the process's peak RSS, to show
 * the copy streams (memory stays flat however many events there are).
 *
 *   node --import tsx scripts/bench/migrate-data.ts --to postgres://…/empty_db [--events 500000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../hub/store/database.js";
import { migrateData } from "../../hub/store/migrate-data.js";

const { values } = parseArgs({ options: { to: { type: "string" }, events: { type: "string", default: "500000" } } });
if (!values.to) throw new Error("--to postgres://… (an empty database) is required");
const events = Number(values.events);
const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-bench-migrate-"));
try {
  const db = openDatabase(dataDir);
  const now = Date.now();
  db.prepare(
    "INSERT INTO tasks (id, goal, mode, status, created_at, seq) VALUES ('t', 'g', 'script', 'done', ?, 1)",
  ).run(now);
  db.prepare(
    "INSERT INTO runs (id, task_id, device_id, goal, mode, status, started_at) VALUES ('r', 't', 'p', 'g', 'script', 'done', ?)",
  ).run(now);
  const add = db.prepare("INSERT INTO run_events (run_id, seq, at, type, body) VALUES ('r', ?, ?, 'step', ?)");
  const body = JSON.stringify({ type: "step", thought: "x".repeat(200) });
  db.transaction(() => {
    for (let seq = 1; seq <= events; seq++) add.run(seq, now + seq, body);
  })();
  db.close();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const summary = await migrateData({ dataDir, databaseUrl: values.to });
  clearInterval(sampler);
  const mib = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log(
    `${summary.rows["run_events"]} events in ${(summary.ms / 1000).toFixed(1)} s (${Math.round((events / summary.ms) * 1000)} rows/s); RSS ${mib(rssBefore)} MiB before, peak ${mib(peak)} MiB`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
