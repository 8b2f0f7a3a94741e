/**
 * `droidhub replay RUN --device ID [--follow] [--secret name=value]`: re-runs a recorded run on a
 * phone, asking the model only where a step diverges. With --follow, prints each replayed step and
 * ends with the model calls and hit rate. Exit code 0 when the replay is done.
 */
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient, parseSecrets } from "./hub-client.js";
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

export async function replayCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...HUB_OPTIONS,
      device: { type: "string" },
      follow: { type: "boolean", default: false },
      secret: { type: "string", multiple: true, default: [] },
    },
  });
  const [source] = positionals;
  if (!source || !values.device) throw new Error("usage: droidhub replay RUN --device ID [--follow]");
  const client = hubClient(values.hub, values.key);
  const secrets = parseSecrets(values.secret ?? []);
  const started = await client.json<{ taskId: string; runId?: string }>(
    "POST",
    `/api/runs/${encodeURIComponent(source)}/replay`,
    { device: values.device, ...(Object.keys(secrets).length ? { secrets } : {}) },
  );
  out.write(`task ${started.taskId}\n`);
  let runId = started.runId;
  if (runId) out.write(`run ${runId}\n`);
  if (!values.follow) return 0;
  let after = 0;
  for (;;) {
    const page = await client.json<{ status: string; runId?: string; events: EventLine[] }>(
      "GET",
      `/api/tasks/${started.taskId}/events?after=${after}`,
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
