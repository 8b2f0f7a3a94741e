/** `droidhub runs [--status S] [--starred] [--limit N]`: recent runs as a table, newest first. */
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient } from "./hub-client.js";

interface RunLine {
  id: string;
  deviceId: string;
  mode: string;
  status: string;
  startedAt: string;
  goal: string;
  starred: boolean;
  stats?: { modelCalls?: number; hitRate?: number } | undefined;
}

/** Pads columns to their widest cell; the last column is left ragged. */
export function table(rows: readonly string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  "))
    .join("\n");
}

export function runsTable(runs: readonly RunLine[]): string {
  const rows = runs.map((r) => [
    r.id,
    r.starred ? "*" : "",
    r.status,
    r.mode,
    r.deviceId,
    r.startedAt.replace("T", " ").slice(0, 19),
    String(r.stats?.modelCalls ?? "-"),
    typeof r.stats?.hitRate === "number" ? `${Math.round(r.stats.hitRate * 100)}%` : "-",
    r.goal.length > 48 ? `${r.goal.slice(0, 47)}…` : r.goal,
  ]);
  return table([["RUN", "★", "STATUS", "MODE", "DEVICE", "STARTED", "CALLS", "HITS", "GOAL"], ...rows]);
}

export async function runsCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...HUB_OPTIONS,
      status: { type: "string" },
      device: { type: "string" },
      starred: { type: "boolean", default: false },
      limit: { type: "string", default: "50" },
    },
  });
  const client = hubClient(values.hub, values.key);
  const query = new URLSearchParams({ limit: values.limit });
  if (values.status) query.set("status", values.status);
  if (values.device) query.set("device", values.device);
  if (values.starred) query.set("starred", "true");
  const { runs } = await client.json<{ runs: RunLine[] }>("GET", `/api/runs?${query}`);
  out.write(runs.length ? `${runsTable(runs)}\n` : "no runs\n");
  return 0;
}
