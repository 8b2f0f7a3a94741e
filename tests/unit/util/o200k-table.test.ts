/**
 * The built hub counts tokens from its own rank table (hub/util/o200k-table.ts, written by the build
 * from gpt-tokenizer's ranks) instead of the package's Map. Its counts must be the package's, on
 * every kind of text the hub counts: dumps, element lists, prompts, and text no dump should hold.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countWithTable, RankTable, writeRankTable } from "../../../hub/util/o200k-table.js";

const FIXTURES = path.resolve("tests/fixtures/perception");
const plain = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

let dir: string;
let table: RankTable;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "droidhub-o200k-"));
  const file = path.join(dir, "o200k-ranks.bin");
  writeRankTable(file, ranks);
  table = new RankTable(file);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const count = (text: string) => countWithTable(table, O200K_TOKEN_SPLIT_REGEX, text);

/** A deterministic pseudo-random string over ASCII, Latin, CJK, emoji, combining marks and controls. */
function randomText(seed: number, length: number): string {
  const alphabets = [
    "abcXYZ 019.,;'\"\n\t",
    "éüßøñ ÀÉ ",
    "漢字かなカナ한국어",
    "👍🏽🇫🇷❤️‍🔥",
    "\u0301\u0308 ",
    "<|endoftext|>",
    "\r\n  \u00a0",
  ];
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  let text = "";
  while (text.length < length) {
    const alphabet = [...alphabets[next() % alphabets.length]!];
    text += alphabet[next() % alphabet.length];
  }
  return text;
}

describe("o200k rank table", () => {
  it("counts every fixture dump, and each of its lines, as gpt-tokenizer does", () => {
    let texts = 0;
    for (const file of readdirSync(FIXTURES)) {
      const dump = readFileSync(path.join(FIXTURES, file), "utf8");
      for (const text of [dump, ...dump.split("\n")]) {
        expect(count(text), `${file}: ${text.slice(0, 60)}`).toBe(countTokens(text, plain));
        texts++;
      }
    }
    expect(texts).toBeGreaterThan(100);
  });

  it("agrees on edge cases: specials as text, contractions, numbers, whitespace, emoji, lone bytes", () => {
    for (const text of [
      "",
      "a",
      "<|endoftext|><|im_start|>",
      "I'm THEY'LL we'VE don't",
      "1234567890 3.14159 -42",
      "  \t\n\n\r\n   x   ",
      "👍🏽 🇫🇷 ❤️‍🔥 \u0301",
      "ＡＢＣ ﷽ \ud800 lone surrogate",
      "Sign in\nEmail\nPassword\nForgot password?",
    ])
      expect(count(text), JSON.stringify(text)).toBe(countTokens(text, plain));
  });

  it("agrees on 300 pseudo-random mixed-script strings", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = randomText(seed, 20 + (seed % 200));
      expect(count(text), JSON.stringify(text)).toBe(countTokens(text, plain));
    }
  });
});
