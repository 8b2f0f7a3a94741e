/**
 * `droidhub run "goal" --device ID [--mode chain] [--follow]`: starts a task on a running hub and,
 * with --follow, prints its events until it ends. Exit code 0 when the task is done.
 */
import { parseArgs } from "node:util";

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

export async function runCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      device: { type: "string" },
      mode: { type: "string", default: "chain" },
      expected: { type: "string" },
      "max-steps": { type: "string" },
      hub: { type: "string", default: process.env["DROIDHUB_URL"] ?? "http://127.0.0.1:8080" },
      key: { type: "string", default: process.env["DROIDHUB_API_KEY"] },
      follow: { type: "boolean", default: false },
      secret: { type: "string", multiple: true, default: [] },
    },
  });
  const goal = positionals.join(" ").trim();
  if (!goal) throw new Error('usage: droidhub run "goal" --device ID [--mode chain|step] [--follow]');
  if (!values.device) throw new Error("--device is required");
  if (!values.key) throw new Error("--key (or DROIDHUB_API_KEY) is required");
  const secrets: Record<string, string> = {};
  for (const pair of values.secret ?? []) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`--secret expects name=value, got "${pair.split("=")[0]}"`);
    secrets[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const base = values.hub!.replace(/\/$/, "");
  const headers = { authorization: `Bearer ${values.key}`, "content-type": "application/json" };
  const created = await fetch(`${base}/api/tasks`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      goal,
      device: values.device,
      mode: values.mode,
      ...(values.expected ? { expected: values.expected } : {}),
      ...(values["max-steps"] ? { max_steps: Number(values["max-steps"]) } : {}),
      ...(Object.keys(secrets).length ? { secrets } : {}),
    }),
  });
  const body = (await created.json()) as { id?: string; error?: { code: string; message: string } };
  if (!created.ok || !body.id)
    throw new Error(`${body.error?.code ?? created.status}: ${body.error?.message ?? "task refused"}`);
  out.write(`task ${body.id}\n`);
  if (!values.follow) return 0;
  let after = 0;
  let runId: string | undefined;
  const progress = new Progress(values["max-steps"] ? Number(values["max-steps"]) : undefined);
  // On a terminal the progress line redraws in place; in a pipe it follows each step.
  const tty = (out as { isTTY?: boolean }).isTTY === true;
  for (;;) {
    const response = await fetch(`${base}/api/tasks/${body.id}/events?after=${after}`, { headers });
    const page = (await response.json()) as { status: string; runId?: string; events: EventLine[] };
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
