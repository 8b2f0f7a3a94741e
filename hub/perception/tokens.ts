/** Token counts with the tokenizer the models use (o200k_base), so budgets are real, not guessed. */
import { countTokens as o200kCount } from "gpt-tokenizer/encoding/o200k_base";

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  // Dumps contain "<|endoftext|>"-like strings only by accident; never let them act as specials.
  return o200kCount(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
}
