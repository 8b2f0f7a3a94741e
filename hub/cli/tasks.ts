/**
 * `droidhub tasks add FILE`: queue one task per line — a plain goal, or a JSON object with the
 * fields of POST /api/tasks (goal, mode, device, tags, priority, expected, actions, secrets, …).
 * `droidhub tasks` lists the queue; `droidhub tasks cancel ID` cancels one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Args, defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS, hubClient } from "./hub-client.js";

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

export const tasksCommandSpec = defineCommand({
  name: "tasks",
  summary: "the fleet queue: add tasks from a file, list them, cancel one",
  usage: [
    "tasks [list] [--status S]",
    "tasks add FILE [--mode chain|step|script] [--device ID] [--tags a,b] [--priority N] [--follow]",
    "tasks cancel ID",
  ],
  about: `  list     counts per state and the newest tasks
  add      one task per line of FILE: a plain goal, or a JSON object with the fields of POST /api/tasks
           (goal, mode, device, tags, priority, expected, actions, secrets, …); blank lines and # comments
           are skipped; the flags fill what a line does not say
  cancel   cancel a queued or running task`,
  positionals: true,
  flags: [
    ...HUB_FLAGS,
    {
      name: "status",
      type: "string",
      value: "S",
      description: "tasks list: only queued, running, done, failed or cancelled",
    },
    {
      name: "mode",
      type: "string",
      value: "MODE",
      description: "tasks add: chain, step or script for lines that do not say",
    },
    { name: "device", type: "string", value: "ID", description: "tasks add: pin lines that do not say to this phone" },
    { name: "tags", type: "string", value: "a,b", description: "tasks add: run only on phones with all these tags" },
    { name: "priority", type: "string", value: "N", description: "tasks add: higher runs first" },
    { name: "follow", type: "boolean", description: "tasks add: print the queue counts until it is empty" },
  ],
  async run(args, { out }) {
    const [sub = "list", id, ...extra] = args.positionals;
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    switch (sub) {
      case "add":
        return addTasks(args, id, out);
      case "cancel": {
        if (!id) throw new UsageError("usage: droidhub tasks cancel ID");
        const client = hubClient(args.string("hub"), args.string("key"));
        const answer = await client.json<{ id: string; status: string }>(
          "POST",
          `/api/tasks/${encodeURIComponent(id)}/cancel`,
        );
        out.write(`${answer.id} ${answer.status}\n`);
        return 0;
      }
      case "list": {
        if (id) throw new UsageError(`unexpected argument "${id}"`);
        const client = hubClient(args.string("hub"), args.string("key"));
        const status = args.string("status");
        const query = status ? `?status=${encodeURIComponent(status)}` : "";
        const answer = await client.json<{
          counts: Counts;
          tasks: { id: string; status: string; mode: string; attempts: number; goal: string }[];
        }>("GET", `/api/tasks${query}`);
        out.write(`${countsLine(answer.counts)}\n`);
        for (const t of answer.tasks)
          out.write(`${t.id}  ${t.status.padEnd(9)} ${t.mode.padEnd(6)} ${t.attempts}  ${t.goal}\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown tasks subcommand "${sub}" (list, add, cancel)`);
    }
  },
});

export function tasksCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(tasksCommandSpec, argv, { out });
}

function countsLine(c: Counts): string {
  return `queued ${c.queued}  running ${c.running}  done ${c.done}  failed ${c.failed}  cancelled ${c.cancelled}`;
}

type TaskFlags = "hub" | "key" | "mode" | "device" | "tags" | "priority" | "follow";

async function addTasks(args: Args<TaskFlags>, file: string | undefined, out: NodeJS.WritableStream) {
  if (!file)
    throw new UsageError(
      "usage: droidhub tasks add FILE [--mode chain|step|script] [--device ID] [--tags a,b] [--follow]",
    );
  const defaults: Record<string, unknown> = {};
  const mode = args.string("mode");
  const device = args.string("device");
  const tags = args.string("tags");
  const priority = args.integer("priority");
  if (mode) defaults["mode"] = mode;
  if (device) defaults["device"] = device;
  if (tags)
    defaults["tags"] = tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
  if (priority !== undefined) defaults["priority"] = priority;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${path.resolve(file)} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  let tasks: Record<string, unknown>[];
  try {
    tasks = parseTaskLines(text, defaults);
  } catch (error) {
    throw new Error(`${file}, ${(error as Error).message}`);
  }
  if (tasks.length === 0) throw new Error(`${file} has no tasks (one goal or JSON object per line)`);
  const client = hubClient(args.string("hub"), args.string("key"));
  const answer = await client.json<{ ids: string[]; queued: number }>("POST", "/api/tasks/batch", { tasks });
  out.write(`queued ${answer.queued} tasks\n`);
  if (!args.boolean("follow")) return 0;
  for (;;) {
    const { counts } = await client.json<{ counts: Counts }>("GET", "/api/tasks?limit=1");
    out.write(`${countsLine(counts)}\n`);
    if (counts.queued + counts.running === 0) return counts.failed > 0 ? 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
