/**
 * `droidhub run "goal" --device ID [--mode chain] [--follow]`: starts a task on a running hub and,
 * with --follow, prints its events until it ends. Exit code 0 when the task is done.
 */
import { defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS, type HubClient, hubClient, parseSecrets } from "./hub-client.js";

interface EventLine {
  seq: number;
  event: { type: string; [key: string]: unknown };
}

export function formatEvent({ event }: EventLine): string {
  switch (event.type) {
    case "plan": {
      const chain = event["chain"] as {
        task_summary: string;
        steps: { step_num: number; action: string; label: string }[];
      };
      const steps = chain.steps.map((s) => `${s.step_num}.${s.action} "${s.label}"`).join("  ");
      return `plan  ${chain.task_summary}${steps ? ` → ${steps}` : " (goal reached)"}`;
    }
    case "step_finished": {
      const step = event["step"] as { step_num: number; action: string; label: string };
      return `step  ${step.step_num}.${step.action} "${step.label}" → ${event["verdict"]} (${event["source"]}, level ${event["level"]}): ${event["reason"]}`;
    }
    case "model_call": {
      const call = event["call"] as {
        role: string;
        promptTokens: number;
        completionTokens: number;
        ms: number;
        attempts: number;
      };
      const outcome = String(event["outcome"] ?? "ok");
      const failed = outcome === "ok" || outcome === "repaired" ? "" : ` FAILED ${outcome} (${event["errorCode"]})`;
      const attempts = call.attempts > 1 ? `, ${call.attempts} attempts` : "";
      return `model ${call.role} ${event["purpose"]}: ${call.promptTokens}+${call.completionTokens} tokens, ${Math.round(call.ms)} ms${attempts}${failed}`;
    }
    case "refresh":
      return `refresh step ${event["step_num"]}: ${JSON.stringify(event["patches"])}`;
    case "replan":
      return `replan ${event["reason"]}`;
    case "step_log": {
      const log = event["log"] as {
        step: number;
        source: string;
        action?: { tool: string; args: unknown };
        action_result: string;
        prompt_tokens: number;
      };
      const action = log.action ? `${log.action.tool} ${JSON.stringify(log.action.args)}` : "(none)";
      return `step  ${log.step}${log.source === "system" ? " [system]" : ""} ${action} → ${log.action_result} (${log.prompt_tokens} prompt tokens)`;
    }
    case "claim_checked":
      return `claim ${event["status"]} ${event["accepted"] ? "accepted" : `rejected: ${event["gap"]}`}`;
    case "recovery":
      return `recovery level ${event["level"]} (${event["action"]}): ${event["detail"]}`;
    case "test_result":
      return `test  ${event["status"]}: ${event["reason"]}`;
    case "step_frame":
    case "frame_missing":
    case "step_started":
      return "";
    case "run_finished":
      return `done  ${event["status"]}: ${event["reason"]}`;
    default:
      return `${event.type}`;
  }
}

/** Running totals for the progress line: steps done of the most, the current action, tokens so far. */
export class Progress {
  steps = 0;
  tokens = 0;
  calls = 0;
  action = "";
  readonly #max: number | undefined;

  constructor(maxSteps: number | undefined) {
    this.#max = maxSteps;
  }

  add({ event }: EventLine): boolean {
    if (event.type === "model_call") {
      const call = event["call"] as { promptTokens: number; completionTokens: number };
      this.tokens += call.promptTokens + call.completionTokens;
      // Like the run's stats: calls that answered; failed ones still spent their tokens.
      const outcome = event["outcome"] ?? "ok";
      if (outcome === "ok" || outcome === "repaired") this.calls++;
      return false;
    }
    if (event.type === "step_started") {
      const step = event["step"] as { action: string; label: string };
      this.action = `${step.action} "${step.label}"`;
      return true;
    }
    if (event.type === "step_finished" || event.type === "step_log") {
      this.steps++;
      if (event.type === "step_log") {
        const log = event["log"] as { action?: { tool: string } };
        this.action = log.action?.tool ?? this.action;
      }
      return true;
    }
    return false;
  }

  line(): string {
    const of = this.#max ? ` of ${this.#max}` : "";
    return `[step ${this.steps}${of} · ${this.action || "planning"} · ${this.tokens.toLocaleString("en")} tokens, ${this.calls} model calls]`;
  }
}

export const runCommandSpec = defineCommand({
  name: "run",
  summary: "start an agent task on a phone through a running hub (needs a model endpoint on the hub)",
  usage: [
    'run "GOAL" --device ID [--mode chain|step] [--expected TEXT] [--max-steps N] [--follow] [--secret NAME=VALUE]',
  ],
  about: `Prints the task id. With --follow, prints each step until the task ends, with a progress line.
Exit code 0 when the task is done, 1 when it failed or was cancelled.`,
  positionals: true,
  flags: [
    ...HUB_FLAGS,
    {
      name: "device",
      type: "string",
      value: "ID",
      description: "the phone to run on (see the dashboard or GET /api/devices)",
    },
    {
      name: "mode",
      type: "string",
      value: "MODE",
      default: "chain",
      description: "chain (plan a screen's steps at once) or step (one action per model turn)",
    },
    {
      name: "expected",
      type: "string",
      value: "TEXT",
      description: "step mode: what the screen shows when the goal is met",
    },
    { name: "max-steps", type: "string", value: "N", description: "stop after this many steps" },
    { name: "follow", type: "boolean", description: "print the run's steps until it ends" },
    {
      name: "secret",
      type: "string",
      value: "NAME=VALUE",
      multiple: true,
      description: "a value typed on the phone that the model sees only as {{secret:NAME}}",
    },
  ],
  async run(args, { out }) {
    const goal = args.positionals.join(" ").trim();
    if (!goal) throw new UsageError('usage: droidhub run "GOAL" --device ID [--mode chain|step] [--follow]');
    const device = args.string("device");
    if (!device) throw new UsageError("--device is required (the phone's id; droidhub devices lists them)");
    const maxSteps = args.integer("max-steps", 1);
    const expected = args.string("expected");
    const client = hubClient(args.string("hub"), args.string("key"));
    const secrets = parseSecrets(args.list("secret"));
    const task = await client.json<{ id: string }>("POST", "/api/tasks", {
      goal,
      device,
      mode: args.string("mode"),
      ...(expected ? { expected } : {}),
      ...(maxSteps ? { max_steps: maxSteps } : {}),
      ...(Object.keys(secrets).length ? { secrets } : {}),
    });
    out.write(`task ${task.id}\n`);
    if (!args.boolean("follow")) return 0;
    return follow(client, task.id, maxSteps, out);
  },
});

export function runCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(runCommandSpec, argv, { out });
}

/** Prints a task's events until it ends; 0 when it is done. */
async function follow(
  client: HubClient,
  taskId: string,
  maxSteps: number | undefined,
  out: NodeJS.WritableStream,
): Promise<number> {
  let after = 0;
  let runId: string | undefined;
  const progress = new Progress(maxSteps);
  // On a terminal the progress line redraws in place; in a pipe it follows each step.
  const tty = (out as { isTTY?: boolean }).isTTY === true;
  for (;;) {
    const page = await client.json<{ status: string; runId?: string; events: EventLine[] }>(
      "GET",
      `/api/tasks/${taskId}/events?after=${after}`,
    );
    if (page.runId !== runId) {
      // A retry started a new run: its events count from 1 again.
      if (runId !== undefined) {
        out.write(`retry run ${page.runId}\n`);
        after = 0;
        runId = page.runId;
        continue;
      }
      runId = page.runId;
    }
    for (const line of page.events) {
      const text = formatEvent(line);
      const moved = progress.add(line);
      if (tty) {
        if (text) out.write(`\r\x1b[2K${text}\n`);
        out.write(`\r\x1b[2K${progress.line()}`);
      } else {
        if (text) out.write(`${text}\n`);
        if (moved && line.event.type !== "step_started") out.write(`${progress.line()}\n`);
      }
      after = line.seq;
    }
    const ongoing = page.status === "running" || page.status === "queued";
    if (!ongoing && page.events.length === 0) {
      if (tty) out.write("\n");
      return page.status === "done" ? 0 : 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
