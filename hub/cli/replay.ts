/**
 * `droidhub replay RUN --device ID [--follow] [--secret name=value]`: re-runs a recorded run on a
 * phone, asking the model only where a step diverges. With --follow, prints each replayed step and
 * ends with the model calls and hit rate. Exit code 0 when the replay is done.
 */
import { defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS, type HubClient, hubClient, parseSecrets } from "./hub-client.js";
import { formatEvent } from "./run.js";

interface EventLine {
  seq: number;
  event: { type: string; [key: string]: unknown };
}

export function formatReplayEvent(line: EventLine): string | undefined {
  const { event } = line;
  switch (event.type) {
    case "replay_started":
      return `replay of run ${event["source"]}: ${event["steps"]} recorded steps`;
    case "replay_step":
      return `step  ${event["step_num"]} "${event["label"]}" → ${event["outcome"]}${event["hit"] ? "" : ` (${event["calls"]} model calls)`}: ${event["detail"]}`;
    case "run_finished": {
      const stats = event["stats"] as { modelCalls?: number; hitRate?: number; hits?: number } | undefined;
      const rate = typeof stats?.hitRate === "number" ? `${Math.round(stats.hitRate * 100)}%` : "-";
      return `done  ${event["status"]}: ${event["reason"]} · model calls ${stats?.modelCalls ?? 0} · hit rate ${rate}`;
    }
    case "step_started":
    case "step_finished":
    case "run_started":
      return undefined; // replay_step says it shorter
    default:
      return formatEvent(line);
  }
}

export const replayCommandSpec = defineCommand({
  name: "replay",
  summary: "re-run a recorded run on a phone, asking the model only where a step diverges",
  usage: ["replay RUN --device ID [--follow] [--secret NAME=VALUE]"],
  about: `Prints the task id (and the run id once it starts). With --follow, prints each replayed step
and ends with the model calls and hit rate. Exit code 0 when the replay is done.`,
  positionals: true,
  flags: [
    ...HUB_FLAGS,
    { name: "device", type: "string", value: "ID", description: "the phone to replay on" },
    { name: "follow", type: "boolean", description: "print the replayed steps until the replay ends" },
    {
      name: "secret",
      type: "string",
      value: "NAME=VALUE",
      multiple: true,
      description: "a secret the recorded run typed (the recording keeps only its name)",
    },
  ],
  async run(args, { out }) {
    const [source, ...extra] = args.positionals;
    const device = args.string("device");
    if (!source || !device || extra.length) throw new UsageError("usage: droidhub replay RUN --device ID [--follow]");
    const client = hubClient(args.string("hub"), args.string("key"));
    const secrets = parseSecrets(args.list("secret"));
    const started = await client.json<{ taskId: string; runId?: string }>(
      "POST",
      `/api/runs/${encodeURIComponent(source)}/replay`,
      { device, ...(Object.keys(secrets).length ? { secrets } : {}) },
    );
    out.write(`task ${started.taskId}\n`);
    if (started.runId) out.write(`run ${started.runId}\n`);
    if (!args.boolean("follow")) return 0;
    return follow(client, started.taskId, started.runId, out);
  },
});

export function replayCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(replayCommandSpec, argv, { out });
}

async function follow(
  client: HubClient,
  taskId: string,
  knownRun: string | undefined,
  out: NodeJS.WritableStream,
): Promise<number> {
  let runId = knownRun;
  let after = 0;
  for (;;) {
    const page = await client.json<{ status: string; runId?: string; events: EventLine[] }>(
      "GET",
      `/api/tasks/${taskId}/events?after=${after}`,
    );
    if (!runId && page.runId) {
      runId = page.runId;
      out.write(`run ${runId}\n`);
    }
    for (const line of page.events) {
      const text = formatReplayEvent(line);
      if (text !== undefined) out.write(`${text}\n`);
      after = line.seq;
    }
    const waiting = page.status === "queued" || page.status === "running";
    if (!waiting && page.events.length === 0) return page.status === "done" ? 0 : 1;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
