/**
 * `droidhub tasks add FILE`: queue one task per line — a plain goal, or a JSON object with the
 * fields of POST /api/tasks (goal, mode, device, tags, priority, expected, actions, secrets, …).
 * `droidhub tasks` lists the queue; `droidhub tasks cancel ID` cancels one.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient } from "./hub-client.js";

interface Counts {
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
}

/** Lines → task bodies; flags fill what a line does not say. Blank lines and # comments are skipped. */
export function parseTaskLines(text: string, defaults: Record<string, unknown>): Record<string, unknown>[] {
  const tasks: Record<string, unknown>[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    if (line.startsWith("{")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch (error) {
        throw new Error(`line ${index + 1}: not valid JSON (${(error as Error).message})`);
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
        throw new Error(`line ${index + 1}: expected an object`);
      tasks.push({ ...defaults, ...(parsed as Record<string, unknown>) });
    } else {
      tasks.push({ ...defaults, goal: line });
    }
  });
  return tasks;
}

export async function tasksCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...HUB_OPTIONS,
      mode: { type: "string" },
      device: { type: "string" },
      tags: { type: "string" },
      priority: { type: "string" },
      follow: { type: "boolean", default: false },
      status: { type: "string" },
    },
  });
  const client = hubClient(values.hub, values.key);
  if (sub === "add") {
    const file = positionals[0];
    if (!file)
      throw new Error(
        "usage: droidhub tasks add FILE [--mode chain|step|script] [--device ID] [--tags a,b] [--follow]",
      );
    const defaults: Record<string, unknown> = {};
    if (values.mode) defaults["mode"] = values.mode;
    if (values.device) defaults["device"] = values.device;
    if (values.tags)
      defaults["tags"] = values.tags
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
    if (values.priority) defaults["priority"] = Number(values.priority);
    const tasks = parseTaskLines(readFileSync(file, "utf8"), defaults);
    if (tasks.length === 0) throw new Error(`${file} has no tasks`);
    const answer = await client.json<{ ids: string[]; queued: number }>("POST", "/api/tasks/batch", { tasks });
    out.write(`queued ${answer.queued} tasks\n`);
    if (!values.follow) return 0;
    for (;;) {
      const { counts } = await client.json<{ counts: Counts }>("GET", "/api/tasks?limit=1");
      out.write(
        `queued ${counts.queued}  running ${counts.running}  done ${counts.done}  failed ${counts.failed}  cancelled ${counts.cancelled}\n`,
      );
      if (counts.queued + counts.running === 0) return counts.failed > 0 ? 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  if (sub === "cancel") {
    const id = positionals[0];
    if (!id) throw new Error("usage: droidhub tasks cancel ID");
    const answer = await client.json<{ id: string; status: string }>(
      "POST",
      `/api/tasks/${encodeURIComponent(id)}/cancel`,
    );
    out.write(`${answer.id} ${answer.status}\n`);
    return 0;
  }
  if (sub === undefined || sub === "list") {
    const query = values.status ? `?status=${encodeURIComponent(values.status)}` : "";
    const answer = await client.json<{
      counts: Counts;
      tasks: { id: string; status: string; mode: string; attempts: number; goal: string }[];
    }>("GET", `/api/tasks${query}`);
    const c = answer.counts;
    out.write(
      `queued ${c.queued}  running ${c.running}  done ${c.done}  failed ${c.failed}  cancelled ${c.cancelled}\n`,
    );
    for (const t of answer.tasks)
      out.write(`${t.id}  ${t.status.padEnd(9)} ${t.mode.padEnd(6)} ${t.attempts}  ${t.goal}\n`);
    return 0;
  }
  throw new Error(`unknown tasks subcommand '${sub}' (add, list, cancel)`);
}
