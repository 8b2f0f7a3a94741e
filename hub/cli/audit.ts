/** `droidhub audit`: the audit trail of state-changing API calls, newest first. */
import { defineCommand, invoke } from "./command.js";
import { HUB_FLAGS, hubClient } from "./hub-client.js";
import { table } from "./table.js";

interface AuditLine {
  id: number;
  at: string;
  keyId?: number;
  keyLabel: string;
  action: string;
  target?: { type: string; id: string };
  outcome: string;
  status: number;
  errorCode?: string;
}

export const auditCommandSpec = defineCommand({
  name: "audit",
  summary: "the audit trail of state-changing API calls, newest first (needs an admin key)",
  usage: ["audit [--limit N] [--before ID] [--device ID] [--task ID]"],
  about: "Prints ID, time, key, outcome, target and route; the last line says how to page further back.",
  flags: [
    ...HUB_FLAGS,
    { name: "limit", type: "string", value: "N", default: "50", description: "entries to show (1-500)" },
    { name: "before", type: "string", value: "ID", description: "only entries older than this entry id (paging)" },
    { name: "device", type: "string", value: "ID", description: "only calls that acted on this phone" },
    { name: "task", type: "string", value: "ID", description: "only calls that acted on this task" },
  ],
  async run(args, { out }) {
    const client = hubClient(args.string("hub"), args.string("key"));
    const query = new URLSearchParams({ limit: String(args.integer("limit", 1)) });
    for (const name of ["before", "device", "task"] as const) {
      const value = args.string(name);
      if (value) query.set(name, value);
    }
    const page = await client.json<{ entries: AuditLine[]; next?: number }>("GET", `/api/audit?${query}`);
    const rows = page.entries.map((e) => [
      String(e.id),
      e.at.replace("T", " ").slice(0, 19),
      `${e.keyLabel}${e.keyId === undefined ? "" : ` #${e.keyId}`}`,
      e.errorCode ? `${e.status} ${e.errorCode}` : String(e.status),
      e.target ? `${e.target.type}:${e.target.id}` : "-",
      e.action,
    ]);
    out.write(
      page.entries.length
        ? `${table([["ID", "AT", "KEY", "OUTCOME", "TARGET", "ACTION"], ...rows])}\n`
        : "no audit entries\n",
    );
    if (page.next !== undefined) out.write(`older: droidhub audit --before ${page.next}\n`);
    return 0;
  },
});

export function auditCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(auditCommandSpec, argv, { out });
}
