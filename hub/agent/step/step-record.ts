/**
 * The record phase: what a run keeps beyond its StepLogs — the history summary that replaces old
 * turns in the context every `summaryEvery` steps, and the reference run a passed test leaves.
 */
import { z } from "zod";
import { renderPrompt } from "../../llm/prompts.js";
import type { StepState } from "./step-state.js";

const summarySchema = z.object({ summary: z.string() });

/** Folds the turns since the last summary into the summary (the summarizer model writes it). */
export async function summarize(s: StepState, step: number): Promise<void> {
  if (s.turns.length === 0) return;
  const steps = s.turns
    .map((t) => `Step ${t.step}: screen ${t.text.split("\n")[1] ?? ""}; action ${t.answer}`)
    .concat(s.history.slice(-s.turns.length).map((h) => `Result: ${h}`))
    .join("\n");
  const { value } = await s.ask("summarizer", "history_summary", summarySchema, "history summary", [
    {
      role: "user",
      content: renderPrompt("step-summarizer", { goal: s.o.goal, previous: s.summary ?? "(none)", steps }),
    },
  ]);
  const replaced = s.turns.length;
  s.summary = value.summary;
  s.turns = [];
  s.stats.summaries++;
  s.emit({ type: "history_summary", step, summary: value.summary, replacedTurns: replaced });
}

/** A passed run's actions (redacted) become a reference run that can be starred for later runs. */
export async function saveReference(s: StepState): Promise<void> {
  if (!s.o.references) return;
  await s.o.references.save({
    runId: s.o.runId ?? `run-${Math.random().toString(36).slice(2, 10)}`,
    caseName: s.caseName,
    status: "pass",
    actions: s.vault.redact([...s.actions]),
    starred: false,
    finishedAt: s.now(),
  });
}
