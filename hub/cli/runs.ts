/** `droidhub runs`: recent runs as a table, newest first. */
import { defineCommand, invoke } from "./command.js";
import { HUB_FLAGS, hubClient } from "./hub-client.js";
import { table } from "./table.js";

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

export const runsCommandSpec = defineCommand({
  name: "runs",
  summary: "recent runs as a table, newest first",
  usage: ["runs [--status S] [--device ID] [--starred] [--limit N]"],
  flags: [
    ...HUB_FLAGS,
    {
      name: "status",
      type: "string",
      value: "S",
      description: "only runs in this state: running, done, failed, cancelled, interrupted",
    },
    { name: "device", type: "string", value: "ID", description: "only runs on this phone" },
    { name: "starred", type: "boolean", description: "only starred runs" },
    { name: "limit", type: "string", value: "N", default: "50", description: "runs to show (1-1000)" },
  ],
  async run(args, { out }) {
    const client = hubClient(args.string("hub"), args.string("key"));
    const query = new URLSearchParams({ limit: String(args.integer("limit", 1)) });
    const status = args.string("status");
    const device = args.string("device");
    if (status) query.set("status", status);
    if (device) query.set("device", device);
    if (args.boolean("starred")) query.set("starred", "true");
    const { runs } = await client.json<{ runs: RunLine[] }>("GET", `/api/runs?${query}`);
    out.write(runs.length ? `${runsTable(runs)}\n` : "no runs\n");
    return 0;
  },
});

export function runsCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(runsCommandSpec, argv, { out });
}
