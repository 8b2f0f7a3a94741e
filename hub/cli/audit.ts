/** `droidhub audit [--limit N] [--before ID] [--device ID] [--task ID]`: the audit trail, newest first. */
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient } from "./hub-client.js";
import { table } from "./runs.js";

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

export async function auditCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...HUB_OPTIONS,
      limit: { type: "string", default: "50" },
      before: { type: "string" },
      device: { type: "string" },
      task: { type: "string" },
    },
  });
  const client = hubClient(values.hub, values.key);
  const query = new URLSearchParams({ limit: values.limit });
  for (const name of ["before", "device", "task"] as const) if (values[name]) query.set(name, values[name]);
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
}
