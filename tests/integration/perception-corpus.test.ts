/**
 * The evaluation corpus (../shared/ui-dumps: real dumps from public repositories) must parse
 * completely and lose no interactive element. Skipped where the corpus is not checked out.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { evaluateDump, totals } from "../../hub/perception/index.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.resolve(repoRoot, "../shared/ui-dumps");
const present = existsSync(corpus);
const files = present
  ? readdirSync(corpus)
      .filter((f) => /\.(xml|uix|json)$/i.test(f))
      .sort()
  : [];

describe.skipIf(!present)("perception over the real dump corpus", () => {
  const results = files.map((f) => evaluateDump(f, readFileSync(path.join(corpus, f), "utf8")));

  it("finds dumps to evaluate", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(results.map((r) => [r.file, r] as const))("%s parses and loses no interactive element", (_file, r) => {
    expect(r.error).toBeUndefined();
    expect(r.parsed).toBe(true);
    expect(r.nodes).toBeGreaterThan(0);
    expect(r.lost).toEqual([]);
  });

  it("keeps the line rendering under 12% of the raw dump tokens over the corpus", () => {
    const t = totals(results);
    expect(t.lineTokens / t.rawTokens).toBeLessThan(0.12);
    expect(t.interactive).toBeGreaterThan(0);
  });
});
