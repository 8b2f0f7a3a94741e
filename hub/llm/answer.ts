/**
 * The answer semantics every Model shares (the openai adapter and the test fakes): extract the JSON,
 * validate it with the request's zod schema, and on failure run exactly one repair round that shows the
 * model its answer and the error. Transport (HTTP, scripts) is the caller's `ask`.
 */
import type { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { extractJson } from "./json-extract.js";
import type { ChatMessage } from "./model.js";
import { renderPrompt } from "./prompts.js";

export type AnswerCheck<T> = { ok: true; value: T } | { ok: false; error: string; issues: string[] };

/** How much of a bad answer is echoed back in the repair round. */
const MAX_ECHO_CHARS = 12_000;
const MAX_ISSUES = 12;

/** Extracts and validates one answer. Error texts name paths and rules, never the answer's values. */
export function checkAnswer<T>(text: string, schema: z.ZodType<T>): AnswerCheck<T> {
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, error: extracted.message, issues: [extracted.message] };
  const first = schema.safeParse(extracted.value);
  if (first.success) return { ok: true, value: first.data };
  // Structured outputs make optional fields nullable (strict mode needs every key); drop those nulls.
  const stripped = schema.safeParse(dropNullProperties(extracted.value));
  if (stripped.success) return { ok: true, value: stripped.data };
  const issues = first.error.issues.slice(0, MAX_ISSUES).map(formatIssue);
  const more = first.error.issues.length - issues.length;
  const error = `the JSON does not match the schema:\n${issues.map((i) => `- ${i}`).join("\n")}${
    more > 0 ? `\n- …and ${more} more` : ""
  }`;
  return { ok: false, error, issues };
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".");
  return `${path}: ${issue.message}`;
}

/**
 * A copy without null properties. Iterative, because JSON.parse accepts nesting deeper than the stack
 * (a recursive copy threw RangeError), and keys are defined, not assigned, so a `"__proto__"` key stays
 * an own property instead of becoming the copy's prototype (whose fields the schema would then read).
 */
function dropNullProperties(value: unknown): unknown {
  const pending: { from: object; to: Record<string, unknown> | unknown[] }[] = [];
  const shell = (item: unknown): unknown => {
    if (item === null || typeof item !== "object") return item;
    const to: Record<string, unknown> | unknown[] = Array.isArray(item) ? [] : {};
    pending.push({ from: item, to });
    return to;
  };
  const root = shell(value);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { from, to } = next;
    if (Array.isArray(to)) {
      for (const item of from as unknown[]) to.push(shell(item));
      continue;
    }
    for (const [key, item] of Object.entries(from)) {
      if (item === null) continue;
      Object.defineProperty(to, key, { value: shell(item), enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/** The conversation for the repair round: the original, the bad answer, and what was wrong with it. */
export function repairMessages(
  messages: readonly ChatMessage[],
  badAnswer: string,
  error: string,
  schemaName: string,
): ChatMessage[] {
  const echoed = badAnswer.length > MAX_ECHO_CHARS ? `${badAnswer.slice(0, MAX_ECHO_CHARS)}…` : badAnswer;
  return [
    ...messages,
    { role: "assistant", content: echoed.length > 0 ? echoed : "(empty answer)" },
    { role: "user", content: renderPrompt("repair", { schema_name: schemaName, error }) },
  ];
}

export interface JsonRoundsRequest<T> {
  messages: ChatMessage[];
  schema: z.ZodType<T>;
  schemaName: string;
}

/** Sends one conversation and returns the model's raw text. `round` is 0, then 1 for the repair. */
export type AskModel = (messages: ChatMessage[], round: 0 | 1) => Promise<string>;

/**
 * Asks, validates, repairs once. Throws HubError MODEL_INVALID_OUTPUT when the repaired answer is still
 * not valid; errors from `ask` pass through unchanged.
 */
export async function runJsonRounds<T>(
  request: JsonRoundsRequest<T>,
  ask: AskModel,
): Promise<{ value: T; repaired: boolean }> {
  const firstText = await ask(request.messages, 0);
  const first = checkAnswer(firstText, request.schema);
  if (first.ok) return { value: first.value, repaired: false };

  const secondText = await ask(repairMessages(request.messages, firstText, first.error, request.schemaName), 1);
  const second = checkAnswer(secondText, request.schema);
  if (second.ok) return { value: second.value, repaired: true };

  throw new HubError("MODEL_INVALID_OUTPUT", `the model's ${request.schemaName} answer was not valid after a repair`, {
    details: { schemaName: request.schemaName, issues: second.issues, firstIssues: first.issues },
  });
}
