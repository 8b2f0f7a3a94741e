/** Turns one run event into a timeline entry (plain text only; run.js adds the step pictures). */
import { h } from "../dom.js";

export function stepText(step) {
  if (!step) return "";
  const target = typeof step.x === "number" ? ` @${Math.round(step.x)},${Math.round(step.y)}` : "";
  const value = step.value ? ` "${step.value}"` : "";
  return `${step.step_num}. ${step.action} ${step.label ?? ""}${value}${target}`.trim();
}

export function timelineEntry(type, body) {
  switch (type) {
    case "plan":
      return entry(
        type,
        `Plan (cycle ${body.cycle}): ${body.chain?.task_summary ?? ""}`,
        (body.chain?.steps ?? []).map(stepText).join("\n"),
      );
    case "step_started":
      return entry(type, `▶ ${stepText(body.step)}`, body.attempt > 1 ? `attempt ${body.attempt}` : "");
    case "step_finished":
      return entry(
        `${type} verdict-${String(body.verdict)
          .toLowerCase()
          .replace(/[^a-z_]/g, "")}`,
        `${body.verdict} · ${stepText(body.step)}`,
        [`change: ${body.change} (level ${body.level})`, `${body.source}: ${body.reason}`, `${body.ms} ms`]
          .filter(Boolean)
          .join("\n"),
      );
    case "step_log": {
      const log = body.log ?? {};
      const action = log.action ? `${log.action.tool} ${JSON.stringify(log.action.args ?? {})}` : "—";
      return entry(
        `${type}${log.action_error ? " verdict-error" : ""}`,
        `${log.step}. ${log.source === "system" ? "[system] " : ""}${action}`,
        [log.action_result, log.thought].filter(Boolean).join("\n"),
      );
    }
    case "claim_checked":
      return entry(
        `${type} verdict-${body.accepted ? "ok" : "error"}`,
        `Claim ${body.status} ${body.accepted ? "accepted" : "rejected"}${body.check ? ` by ${body.check}` : ""}`,
        body.accepted ? body.reason : body.gap,
      );
    case "model_call": {
      const call = body.call ?? {};
      return entry(
        type,
        `Model call: ${body.purpose} (${call.role})`,
        `${call.model} · ${call.promptTokens}+${call.completionTokens} tokens · ${call.ms} ms`,
      );
    }
    case "refresh":
      return entry(type, `Coordinates refreshed for step ${body.step_num}`, JSON.stringify(body.patches ?? []));
    case "replan":
      return entry(type, "Replan", body.reason ?? "");
    case "human_needed":
      return entry(type, "The agent asks for a human", body.question);
    case "takeover_started":
      return entry(type, `Taken over by ${body.by}`, "");
    case "takeover_ended":
      return entry(type, `${body.by}: ${body.how === "handback" ? "handed back" : body.how}`, body.note ?? "");
    case "human_action":
      return entry(type, `Human (${body.by}): ${body.action}`, "");
    case "run_finished": {
      const s = body.stats ?? {};
      return entry(
        `${type} status-${body.status}`,
        `Run ${body.status}: ${body.reason ?? ""}`,
        `${s.stepsExecuted ?? 0} steps · ${s.modelCalls ?? 0} model calls · ${(s.promptTokens ?? 0) + (s.completionTokens ?? 0)} tokens · ${s.ms ?? 0} ms`,
      );
    }
    default:
      return entry(type, type.replaceAll("_", " "), "");
  }
}

function entry(kind, title, detail) {
  return h(
    "li",
    { class: `event ${kind}` },
    h("div", { class: "event-title", text: title }),
    detail ? h("pre", { class: "event-detail", text: detail }) : null,
  );
}
