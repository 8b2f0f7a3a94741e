/**
 * The step agent's context, rebuilt every step in a fixed order:
 *   system (rules + how to answer: native tools, or the JSON action format with the tools offered)
 *   Pinned: goal, expected result, reference run, plan / sub-goals, AVOID lessons — never truncated
 *   [Agent Notes] (remember) — never truncated · [History Summary]
 *   the turns since the last summary (old messages: images stripped, text kept)
 *   the current user message: [Previous State] · [Action History] (last 5) · feedback · [Current State]
 *   · the annotated screenshot.
 * The prompt is measured with the o200k tokenizer; over the budget, the oldest turns go first (the
 * summary already holds them). Pinned, notes and the current state are never cut.
 */
import type { ChatMessage, ContentPart, ImagePart } from "../../llm/model.js";
import { renderPrompt } from "../../llm/prompts.js";
import { estimatePromptTokens } from "../../llm/usage.js";

/** One earlier step as it was shown: the state text (and image), and what the model answered. */
export interface Turn {
  step: number;
  text: string;
  image: ImagePart | undefined;
  answer: string;
}

export interface PinnedInput {
  goal: string;
  expected: string | undefined;
  /** Placeholders the model may type, e.g. {{secret:password}}. */
  secrets: readonly string[];
  subgoals: readonly string[];
  /** Action history of the last starred passing run of this case. */
  reference: readonly string[] | undefined;
  /** "mistake → advice" lines. */
  avoid: readonly string[];
}

export interface ContextInput {
  system: string;
  pinned: PinnedInput;
  notes: readonly string[];
  summary: string | undefined;
  turns: readonly Turn[];
  previousState: string | undefined;
  actionHistory: readonly string[];
  /** Recovery warning and verifier gap: put right above the current state. */
  feedback: readonly string[];
  currentState: string;
  image: ImagePart | undefined;
  /** Whether images count (the model takes them). */
  vision: boolean;
  tokenBudget: number;
  /** Tokens the request carries outside the messages (native tool definitions); counted against the budget. */
  reservedTokens?: number;
}

export interface BuiltContext {
  messages: ChatMessage[];
  tokens: number;
  /** Old turns left out to fit the budget. */
  droppedTurns: number;
}

export const ACTION_HISTORY_SIZE = 5;

export function pinnedText(p: PinnedInput): string {
  const parts = [`[Pinned]\nGoal: ${p.goal}`];
  if (p.expected) parts.push(`Expected result: ${p.expected}`);
  if (p.secrets.length > 0) parts.push(`Secret values, typed as placeholders: ${p.secrets.join(", ")}`);
  if (p.subgoals.length > 0) parts.push(`Plan:\n${p.subgoals.map((s, i) => `${i + 1}. ${s}`).join("\n")}`);
  if (p.reference && p.reference.length > 0) {
    parts.push(
      `Reference run (a previous successful run of this test; a hint, not a script — the screen decides):\n${p.reference.map((a, i) => `${i + 1}. ${a}`).join("\n")}`,
    );
  }
  if (p.avoid.length > 0)
    parts.push(`AVOID these mistakes (from earlier runs):\n${p.avoid.map((a) => `- ${a}`).join("\n")}`);
  return parts.join("\n\n");
}

function memoryText(notes: readonly string[], summary: string | undefined): string | undefined {
  const parts: string[] = [];
  if (notes.length > 0) parts.push(`[Agent Notes]\n${notes.map((n) => `- ${n}`).join("\n")}`);
  if (summary) parts.push(`[History Summary]\n${summary}`);
  return parts.length > 0 ? parts.join("\n\n") : undefined;
}

function oldTurnMessages(turn: Turn): ChatMessage[] {
  // Images are stripped from old messages; the text stays, so the conversation still reads right.
  const note = turn.image ? `\n${renderPrompt("step-image-removed", { step: turn.step })}` : "";
  return [
    { role: "user", content: `${turn.text}${note}` },
    { role: "assistant", content: turn.answer },
  ];
}

function currentMessage(input: ContextInput): ChatMessage {
  const sections: string[] = [];
  if (input.previousState) sections.push(`[Previous State]\n${input.previousState}`);
  sections.push(
    `[Action History]\n${input.actionHistory.length > 0 ? input.actionHistory.slice(-ACTION_HISTORY_SIZE).join("\n") : "(none yet)"}`,
  );
  sections.push(...input.feedback);
  sections.push(input.currentState);
  const text = sections.join("\n\n");
  if (!input.image) return { role: "user", content: text };
  const parts: ContentPart[] = [{ type: "text", text }, input.image];
  return { role: "user", content: parts };
}

export function buildContext(input: ContextInput): BuiltContext {
  const head: ChatMessage[] = [
    { role: "system", content: input.system },
    { role: "user", content: pinnedText(input.pinned) },
  ];
  const memory = memoryText(input.notes, input.summary);
  if (memory) head.push({ role: "user", content: memory });
  const current = currentMessage(input);
  let turns = [...input.turns];
  let dropped = 0;
  for (;;) {
    const messages = [...head, ...turns.flatMap(oldTurnMessages), current];
    const tokens = estimatePromptTokens(messages, { images: input.vision }) + (input.reservedTokens ?? 0);
    if (tokens <= input.tokenBudget || turns.length === 0) return { messages, tokens, droppedTurns: dropped };
    turns = turns.slice(1);
    dropped++;
  }
}
