/**
 * Token and cost accounting for model calls. Endpoints report usage; when one does not, the count is
 * estimated with the o200k_base tokenizer. Prices are a small table of list prices (USD per million
 * tokens) matched by model-name prefix; an unknown model has no cost estimate rather than a wrong one.
 */

import { defined } from "../errors/invariant.js";
import { countO200kTokens } from "../util/o200k.js";
import type { ChatMessage } from "./model.js";

/** What one image costs in prompt tokens, roughly (a high-detail phone screenshot). */
export const IMAGE_TOKEN_ESTIMATE = 765;
/** Per-message framing overhead of the chat format. */
const MESSAGE_OVERHEAD = 4;

export function estimateTextTokens(text: string): number {
  return countO200kTokens(text);
}

/** Prompt tokens of a conversation; `images: false` when images are dropped before sending. */
export function estimatePromptTokens(messages: readonly ChatMessage[], options: { images?: boolean } = {}): number {
  const imageTokens = options.images === false ? 0 : IMAGE_TOKEN_ESTIMATE;
  let total = 3;
  for (const message of messages) {
    total += MESSAGE_OVERHEAD;
    if (typeof message.content === "string") total += estimateTextTokens(message.content);
    else
      for (const part of message.content) {
        total += part.type === "text" ? estimateTextTokens(part.text) : imageTokens;
      }
  }
  return total;
}

interface Price {
  input: number;
  output: number;
}

/** USD per 1M tokens. Longest matching prefix wins, so "gpt-4o-mini" is not priced as "gpt-4o". */
export const PRICES_PER_MILLION: Readonly<Record<string, Price>> = {
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5": { input: 1.25, output: 10 },
  "o4-mini": { input: 1.1, output: 4.4 },
  "o3-mini": { input: 1.1, output: 4.4 },
  o3: { input: 2, output: 8 },
  "gemini-2.0-flash": { input: 0.1, output: 0.4 },
  "gemini-2.5-flash-lite": { input: 0.1, output: 0.4 },
  "gemini-2.5-flash": { input: 0.3, output: 2.5 },
  "gemini-2.5-pro": { input: 1.25, output: 10 },
  "claude-3-5-haiku": { input: 0.8, output: 4 },
  "claude-haiku-4": { input: 1, output: 5 },
  "claude-sonnet-4": { input: 3, output: 15 },
  "claude-opus-4": { input: 15, output: 75 },
};

const PREFIXES = Object.keys(PRICES_PER_MILLION).sort((a, b) => b.length - a.length);

/** Cost in USD, or undefined for a model not in the table (local models, unknown names). */
export function estimateCostUsd(model: string, promptTokens: number, completionTokens: number): number | undefined {
  // Routers name models "vendor/model" (OpenRouter, LiteLLM); the price follows the model.
  const name = (model.split("/").pop() ?? model).toLowerCase();
  const prefix = PREFIXES.find((p) => name.startsWith(p));
  if (prefix === undefined) return undefined;
  const price = defined(PRICES_PER_MILLION[prefix], `price of ${prefix}`);
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}
