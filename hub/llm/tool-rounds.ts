/**
 * The tool-call semantics every Model shares (the openai adapter and the test fakes), the native-tools
 * twin of answer.ts: take the first call, check it names an offered tool, validate its arguments with
 * that tool's zod schema, and on failure run exactly one repair round. A model that writes the call as
 * JSON text instead of calling (small local models do) is accepted when the text holds
 * `{"name", "arguments"}` or `{"tool", "args"}`. Transport is the caller's `ask`.
 */
import { HubError } from "../errors/hub-error.js";
import { type AnswerCheck, checkAnswer } from "./answer.js";
import { extractJson } from "./json-extract.js";
import type { ChatMessage, ModelTool, ToolCall } from "./model.js";
import { renderPrompt } from "./prompts.js";

/** A turn as the wire gives it: zero or more calls (arguments as JSON text) and any text content. */
export interface ToolAnswer {
  calls: { name: string; arguments: string }[];
  text: string;
}

const MAX_ECHO_CHARS = 12_000;

/** Checks one turn. Error texts name the offered tools and the schema's rules, never the answer's values. */
export function checkToolAnswer(answer: ToolAnswer, tools: readonly ModelTool[]): AnswerCheck<ToolCall> {
  const offered = tools.map((t) => t.name).join(", ");
  const call = answer.calls[0] ?? callInText(answer.text);
  if (!call) {
    const error = `no tool was called; call exactly one of: ${offered}`;
    return { ok: false, error, issues: [error] };
  }
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const error = `the called tool is not one of the offered tools (${offered})`;
    return { ok: false, error, issues: [error] };
  }
  const args = checkAnswer(call.arguments.trim() === "" ? "{}" : call.arguments, tool.parameters);
  if (!args.ok) {
    const error = `the arguments of ${tool.name} do not fit: ${args.error}`;
    return { ok: false, error, issues: args.issues };
  }
  const text = answer.calls.length > 0 ? answer.text.trim() : "";
  return { ok: true, value: { name: tool.name, args: args.value as Record<string, unknown>, text } };
}

function callInText(text: string): ToolAnswer["calls"][number] | undefined {
  const found = extractJson(text);
  if (!found.ok || Array.isArray(found.value)) return undefined;
  const value = found.value;
  const name = value["name"] ?? value["tool"];
  const args = value["arguments"] ?? value["args"] ?? value["parameters"];
  if (typeof name !== "string") return undefined;
  if (typeof args === "string") return { name, arguments: args };
  if (args === null || typeof args !== "object" || Array.isArray(args)) return undefined;
  try {
    return { name, arguments: JSON.stringify(args) };
  } catch {
    // JSON.parse takes nesting that JSON.stringify's recursion cannot print (RangeError): no usable call.
    return undefined;
  }
}

/** The conversation for the repair round: the original, the turn as text, and what was wrong with it. */
export function toolRepairMessages(
  messages: readonly ChatMessage[],
  answer: ToolAnswer,
  error: string,
  tools: readonly ModelTool[],
): ChatMessage[] {
  // The bad call is echoed as text: an assistant tool_calls message would need a matching tool message,
  // and not every OpenAI-compatible endpoint accepts those.
  const lines = [
    ...(answer.text.trim() ? [answer.text.trim()] : []),
    ...answer.calls.map((c) => `(called ${c.name} with arguments ${c.arguments})`),
  ];
  const echoed = lines.join("\n");
  const clipped = echoed.length > MAX_ECHO_CHARS ? `${echoed.slice(0, MAX_ECHO_CHARS)}…` : echoed;
  return [
    ...messages,
    { role: "assistant", content: clipped.length > 0 ? clipped : "(empty answer)" },
    { role: "user", content: renderPrompt("tool-repair", { error, tools: tools.map((t) => t.name).join(", ") }) },
  ];
}

export interface ToolRoundsRequest {
  messages: ChatMessage[];
  tools: readonly ModelTool[];
  schemaName: string;
}

/** Sends one conversation with the tools and returns the turn. `round` is 0, then 1 for the repair. */
export type AskTools = (messages: ChatMessage[], round: 0 | 1) => Promise<ToolAnswer>;

/**
 * Asks, validates, repairs once. Throws HubError MODEL_INVALID_OUTPUT when the repaired turn is still
 * not a valid call; errors from `ask` pass through unchanged.
 */
export async function runToolRounds(
  request: ToolRoundsRequest,
  ask: AskTools,
): Promise<{ value: ToolCall; repaired: boolean }> {
  if (request.tools.length === 0) throw new HubError("INTERNAL", "a tool call needs at least one tool");
  const firstAnswer = await ask(request.messages, 0);
  const first = checkToolAnswer(firstAnswer, request.tools);
  if (first.ok) return { value: first.value, repaired: false };

  const secondAnswer = await ask(toolRepairMessages(request.messages, firstAnswer, first.error, request.tools), 1);
  const second = checkToolAnswer(secondAnswer, request.tools);
  if (second.ok) return { value: second.value, repaired: true };

  throw new HubError(
    "MODEL_INVALID_OUTPUT",
    `the model's ${request.schemaName} tool call was not valid after a repair`,
    {
      details: { schemaName: request.schemaName, issues: second.issues, firstIssues: first.issues },
    },
  );
}
