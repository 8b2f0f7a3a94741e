/** Token counts with the tokenizer the models use (o200k_base), so budgets are real, not guessed. */
import { countO200kTokens } from "../util/o200k.js";

export function countTokens(text: string): number {
  return countO200kTokens(text);
}
