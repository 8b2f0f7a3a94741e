/**
 * Token counts with the tokenizer the models use (o200k_base), loaded on the first count. Its rank
 * table is 200k entries that take a third of a second and ~60 MiB to load: the hub must answer
 * /healthz before paying that, and CLI commands that never count must not pay it at all. Counting is
 * synchronous everywhere it is used, hence require (the package's CommonJS build) rather than
 * import(). perception/ and llm/ both count through here, so the table is loaded once.
 */
import { createRequire } from "node:module";

type CountTokens = (text: string, options: { allowedSpecial: Set<string>; disallowedSpecial: Set<string> }) => number;

let count: CountTokens | undefined;

function load(): CountTokens {
  const require = createRequire(import.meta.url);
  return (require("gpt-tokenizer/encoding/o200k_base") as { countTokens: CountTokens }).countTokens;
}

/** o200k_base tokens in `text`; special-token strings in it count as plain text. */
export function countO200kTokens(text: string): number {
  if (text.length === 0) return 0;
  count ??= load();
  // Dumps and prompts contain "<|endoftext|>"-like strings only by accident; never let them act as specials.
  return count(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
}

