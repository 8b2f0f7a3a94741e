/**
 * Token counts with the tokenizer the models use (o200k_base), loaded on the first count: the hub
 * must answer /healthz before paying for it, and CLI commands that never count must not pay at all.
 * The built hub counts from the rank table `npm run build` writes next to this module (o200k-table.ts:
 * a few milliseconds to load); the sources, which have no table, use gpt-tokenizer itself (a third
 * of a second and ~60 MiB to build its Map). Both count the same. Counting is synchronous everywhere
 * it is used, hence readFileSync and require rather than import(). perception/ and llm/ both count
 * through here, so whichever is used is loaded once.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { countWithTable, RankTable } from "./o200k-table.js";

/** Where the build writes the table; scripts/build.ts uses the same name. */
export const RANK_TABLE_FILE = "o200k-ranks.bin";

type Count = (text: string) => number;

let count: Count | undefined;

function load(): Count {
  const file = fileURLToPath(new URL(`./${RANK_TABLE_FILE}`, import.meta.url));
  if (existsSync(file)) {
    const table = new RankTable(file);
    return (text) => countWithTable(table, O200K_TOKEN_SPLIT_REGEX, text);
  }
  const require = createRequire(import.meta.url);
  const o200k = require("gpt-tokenizer/encoding/o200k_base") as {
    countTokens: (text: string, options: { allowedSpecial: Set<string>; disallowedSpecial: Set<string> }) => number;
  };
  // Dumps and prompts contain "<|endoftext|>"-like strings only by accident; never let them act as specials.
  return (text) => o200k.countTokens(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
}

/** o200k_base tokens in `text`; special-token strings in it count as plain text. */
export function countO200kTokens(text: string): number {
  if (text.length === 0) return 0;
  count ??= load();
  return count(text);
}
