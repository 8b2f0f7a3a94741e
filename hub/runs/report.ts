/**
 * One self-contained HTML file for a run: no scripts, no external assets, so it opens offline and
 * can be mailed. Every value is escaped; the events are already redacted by the agent.
 */

import { createHash } from "node:crypto";
import { defined } from "../errors/invariant.js";
import type { EventRow, RunRow } from "./ports.js";
import { frameKey, noPicturesWhy, RunFrames, type StoredFrame, stepKeyOf } from "./run-frames.js";

/** The report's one stylesheet, inline so the file stands alone. */
const REPORT_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
h1{font-size:20px;margin:0 0 4px}.muted{color:#6e6e73}
.totals{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}.totals div{background:#fff;border:1px solid #ddd;border-radius:8px;padding:8px 12px;display:flex;flex-direction:column}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #ddd}td{border-top:1px solid #eee;padding:6px 8px;vertical-align:top}
td.t{white-space:nowrap;color:#6e6e73;font-variant-numeric:tabular-nums}td.k{white-space:nowrap;font-weight:600}
tr.group td{background:#eef3ff}tr.replan td{background:#fff4e5}tr.model td{font-size:12px}ol{margin:4px 0 0 18px;padding:0}
.steplog{display:flex;gap:14px;align-items:flex-start}.shot{width:240px;max-width:40vw;height:auto;border:1px solid #ccc;border-radius:8px;flex:none}
.noshot{width:240px;max-width:40vw;flex:none;padding:10px;border:1px dashed #ccc;border-radius:8px;color:#6e6e73;font-size:12px;box-sizing:border-box}
details{margin-top:6px}summary{cursor:pointer;color:#6e6e73;font-size:12px}details .shot{width:180px;margin-top:4px}.note{margin-top:16px}
.v{font-weight:700;padding:0 6px;border-radius:4px}.v.OK{background:#d9f5df}.v.FAST_RETRY,.v.RETRY,.v.WAIT{background:#fff0c2}.v.ERROR{background:#ffd9d9}
`;

/**
 * The Content-Security-Policy the hub serves a report with: nothing loads but this exact
 * stylesheet (by hash) and the embedded data: screenshots; no script at all, so even a value that
 * escaped escaping could not run.
 */
export const REPORT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(REPORT_STYLE).digest("base64")}'`,
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

interface Step {
  step_num: number;
  action: string;
  label: string;
  x?: number | null;
  y?: number | null;
  value?: string | null;
}

function stepText(step: Step): string {
  const at = typeof step.x === "number" ? ` @ (${step.x}, ${step.y})` : "";
  const value = step.value ? ` “${step.value}”` : "";
  return `${step.step_num}. ${step.action} “${step.label}”${at}${value}`;
}

export type ImageLookup = (hash: string) => { bytes: Buffer; format: string } | undefined;

/** Embeds stored images as data: URLs (the report stays one file that opens offline) and counts them. */
class Pictures {
  embedded = 0;
  constructor(
    readonly frames: RunFrames,
    readonly lookup: ImageLookup | undefined,
  ) {}

  img(image: { hash?: string; width?: number } | undefined, alt: string, cls = "shot"): string {
    const found = image?.hash ? this.lookup?.(image.hash) : undefined;
    if (!found) return "";
    this.embedded++;
    const width = image?.width ? ` width="${escapeHtml(image.width)}"` : "";
    return `<img class="${cls}" alt="${escapeHtml(alt)}"${width} src="data:image/${escapeHtml(found.format)};base64,${found.bytes.toString("base64")}">`;
  }

  /** The picture of the step with `key`: its frame, else why it has none (empty when nothing is known). */
  ofStep(key: string, fallback?: StoredFrame): string {
    const frame = this.frames.frames.get(key) ?? fallback;
    const img = frame ? this.img(frame, frame.did ?? "the screen this step acted on") : "";
    if (img) return img;
    const missing = this.frames.missing.get(key);
    return missing ? `<div class="noshot">no screenshot: ${escapeHtml(missing)}</div>` : "";
  }
}

type Body = Record<string, unknown>;
/** One table row: time, kind, content (html), row class. */
type Cell = (kind: string, html: string, cls?: string) => string;

/** One event as a row of the run's table; undefined for events the table does not show. */
function row(event: EventRow, pictures: Pictures): string | undefined {
  const b = event.body as Body;
  const time = event.at.slice(11, 23);
  const cell: Cell = (kind, html, cls = "") =>
    `<tr class="${cls}"><td class="t">${escapeHtml(time)}</td><td class="k">${escapeHtml(kind)}</td><td>${html}</td></tr>`;
  switch (event.type) {
    case "group_started":
      return cell("group", `<b>${escapeHtml(b["group"])}</b> ${escapeHtml(b["goal"])}`, "group");
    case "plan":
      return planRow(b, cell);
    case "step_finished":
      return stepRow(event, b, cell, pictures);
    case "model_call":
      return modelCallRow(b, cell);
    case "refresh":
      return cell("refresh", `step ${escapeHtml(b["step_num"])}: ${escapeHtml(JSON.stringify(b["patches"]))}`);
    case "replan":
      return cell("replan", escapeHtml(b["reason"]), "replan");
    case "claim_checked":
      return claimRow(b, cell);
    case "step_frame":
      return stepFrameRow(b, cell, pictures);
    case "step_log":
      return stepLogRow(event, b, cell, pictures);
    case "human_needed":
      return cell("human", `asked: ${escapeHtml(b["question"])}`, "replan");
    case "takeover_started":
      return cell("takeover", `taken over by ${escapeHtml(b["by"])}`, "replan");
    case "takeover_ended":
      return cell("takeover", `${escapeHtml(b["by"])} — ${escapeHtml(b["how"])}`, "replan");
    case "run_finished":
      return cell("end", `<b>${escapeHtml(b["status"])}</b> ${escapeHtml(b["reason"])}`);
    default:
      return undefined;
  }
}

function planRow(b: Body, cell: Cell): string {
  const chain = b["chain"] as { task_summary: string; confidence: string; steps: Step[] };
  const steps = chain.steps.map((s) => `<li>${escapeHtml(stepText(s))}</li>`).join("");
  return cell(
    `plan #${escapeHtml(b["cycle"])}`,
    `${escapeHtml(chain.task_summary)} <span class="muted">(${escapeHtml(chain.confidence)})</span>${steps ? `<ol>${steps}</ol>` : " — goal reached"}`,
    "plan",
  );
}

function stepRow(event: EventRow, b: Body, cell: Cell, pictures: Pictures): string {
  const verdict = String(b["verdict"]);
  return cell(
    "step",
    `<div class="steplog">${pictures.ofStep(defined(stepKeyOf(event), "step key"))}<div>${escapeHtml(stepText(b["step"] as Step))} → <span class="v ${escapeHtml(verdict)}">${escapeHtml(verdict)}</span> <span class="muted">by ${escapeHtml(b["source"])}, change level ${escapeHtml(b["level"])}, ${escapeHtml(b["ms"])} ms</span><div class="muted">${escapeHtml(b["change"])} — ${escapeHtml(b["reason"])}</div></div></div>`,
  );
}

function modelCallRow(b: Body, cell: Cell): string {
  const call = b["call"] as {
    role: string;
    model: string;
    promptTokens: number;
    completionTokens: number;
    ms: number;
    attempts: number;
    repaired: boolean;
  };
  // Failed calls are on the record too (runs before that have no outcome: they were all ok).
  const outcome = String(b["outcome"] ?? "ok");
  const failed = outcome !== "ok" && outcome !== "repaired";
  const failure = failed
    ? ` · <span class="v ERROR">${escapeHtml(outcome)}</span> ${escapeHtml(b["errorCode"])}: ${escapeHtml(b["error"])}`
    : "";
  return cell(
    failed ? "model ✗" : "model",
    `<span class="muted">${escapeHtml(call.role)} · ${escapeHtml(b["purpose"])} · ${escapeHtml(call.model)} · ${escapeHtml(call.promptTokens)}+${escapeHtml(call.completionTokens)} tokens · ${escapeHtml(call.ms)} ms${call.attempts > 1 ? ` · ${escapeHtml(call.attempts)} attempts` : ""}${call.repaired ? " · repaired" : ""}</span>${failure}`,
    "model",
  );
}

function claimRow(b: Body, cell: Cell): string {
  // Which check confirmed the finish (or why it did not hold): the run's word is never enough.
  const accepted = b["accepted"] === true;
  const by = b["check"] ? ` by ${escapeHtml(b["check"])}` : "";
  const verdict = accepted ? `accepted${by}` : `rejected${by}: ${escapeHtml(b["gap"])}`;
  return cell(
    "claim",
    `${escapeHtml(b["status"])} → <span class="v ${accepted ? "OK" : "ERROR"}">${verdict}</span> <span class="muted">${escapeHtml(b["reason"])}</span>`,
  );
}

function stepFrameRow(b: Body, cell: Cell, pictures: Pictures): string | undefined {
  // Shown in its step's row; on its own only when the step never finished (a cut-off run).
  const key = frameKey(b["group"], b["step_num"], b["attempt"]);
  if (pictures.frames.steps.has(key)) return undefined;
  const img = pictures.ofStep(key);
  return img ? cell(`screen ${escapeHtml(b["step_num"])}`, `<div class="steplog">${img}</div>`) : undefined;
}

function stepLogRow(event: EventRow, b: Body, cell: Cell, pictures: Pictures): string {
  const log = b["log"] as {
    step: number;
    source: string;
    thought: string;
    action?: { tool: string; args: Record<string, unknown> };
    action_result: string;
    screenshot?: { hash: string; width: number; height: number };
    image_sent?: boolean;
    prompt_tokens: number;
    completion_tokens: number;
    perception_ms: number;
    llm_ms: number;
    action_ms: number;
    recovery_level: number;
    claim?: { status: string; accepted: boolean; gap: string };
  };
  // The screen the step acted on with what it did; the set-of-marks view the model read folds away
  // below (runs recorded before step frames show that one in its place).
  const key = defined(stepKeyOf(event), "step key");
  const acted = pictures.frames.frames.has(key);
  const seen = acted ? pictures.img(log.screenshot, `step ${log.step} as the model saw it`) : "";
  const img = pictures.ofStep(key, acted ? undefined : log.screenshot);
  const modelView = seen
    ? `<details><summary>the set-of-marks view${log.image_sent ? " the model saw" : " (not sent to the model)"}</summary>${seen}</details>`
    : "";
  const action = log.action ? `${log.action.tool} ${JSON.stringify(log.action.args)}` : "—";
  const claim = log.claim
    ? `<div>claim ${escapeHtml(log.claim.status)}: <span class="v ${log.claim.accepted ? "OK" : "ERROR"}">${log.claim.accepted ? "accepted" : "rejected"}</span> ${escapeHtml(log.claim.gap)}</div>`
    : "";
  return cell(
    `step ${escapeHtml(log.step)}${log.source === "system" ? " (system)" : ""}`,
    `<div class="steplog">${img}<div><div><b>${escapeHtml(action)}</b> → ${escapeHtml(log.action_result)}</div><div class="muted">${escapeHtml(log.thought)}</div>${claim}<div class="muted">${escapeHtml(log.prompt_tokens)}+${escapeHtml(log.completion_tokens)} tokens · perception ${escapeHtml(log.perception_ms)} ms · model ${escapeHtml(log.llm_ms)} ms · action ${escapeHtml(log.action_ms)} ms · recovery level ${escapeHtml(log.recovery_level)}</div>${modelView}</div></div>`,
  );
}

export function renderReport(run: RunRow, events: readonly EventRow[], images?: ImageLookup): string {
  const stats = (run.stats ?? {}) as Record<string, unknown>;
  const totals = [
    ["status", run.status],
    ["steps executed", stats["stepsExecuted"]],
    ["model calls", stats["modelCalls"]],
    ["failed model calls", stats["failedModelCalls"]],
    ["model attempts", stats["modelAttempts"]],
    ["verifier calls", stats["verifierCalls"]],
    ["prompt tokens", stats["promptTokens"]],
    ["completion tokens", stats["completionTokens"]],
    ["coordinate refreshes", stats["refreshes"]],
    ["replans", stats["replans"]],
    ["duration", stats["ms"] === undefined ? "" : `${stats["ms"]} ms`],
  ]
    .map(([k, v]) => `<div><span class="muted">${escapeHtml(k)}</span><b>${escapeHtml(v ?? "—")}</b></div>`)
    .join("");
  const frames = new RunFrames(events);
  const pictures = new Pictures(frames, images);
  const rows = events
    .map((event) => row(event, pictures))
    .filter(Boolean)
    .join("\n");
  // Said only when the run really has no picture, with the reason its record gives.
  const why = noPicturesWhy(run, events, frames, pictures.embedded);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>droidhub run ${escapeHtml(run.id)}</title>
<style>${REPORT_STYLE}</style></head><body>
<h1>${escapeHtml(run.goal)}</h1>
<div class="muted">run ${escapeHtml(run.id)} · device ${escapeHtml(run.deviceId)} · mode ${escapeHtml(run.mode)} · started ${escapeHtml(run.startedAt)}${run.finishedAt ? ` · finished ${escapeHtml(run.finishedAt)}` : ""}</div>
<div class="muted">${escapeHtml(run.reason ?? "")}</div>
<div class="totals">${totals}</div>
<table>${rows}</table>
${why ? `<p class="muted note" id="no-screenshots">This run has no screenshots: ${escapeHtml(why)}.</p>` : ""}
</body></html>
`;
}
