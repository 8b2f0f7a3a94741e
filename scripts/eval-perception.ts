/**
 * `npm run eval:perception -- DIR`: runs the perception pipeline over every dump in DIR and prints,
 * per file and in total, parsed, elements, interactive, raw vs compact tokens and milliseconds.
 * Exits 1 when any dump fails to parse or loses an interactive element, 2 on bad usage.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type DumpEvaluation, dumpFailed, evaluateDump, totals } from "../hub/perception/evaluate.js";

const DUMP_FILE = /\.(xml|uix|json)$/i;

function pct(part: number, whole: number): string {
  return whole === 0 ? "-" : `${((part / whole) * 100).toFixed(1)}%`;
}

function row(cells: Array<string | number>, widths: number[]): string {
  return cells.map((c, i) => String(c).padEnd(widths[i] ?? 8)).join(" ");
}

export function evaluateDirectory(dir: string): DumpEvaluation[] {
  return readdirSync(dir)
    .filter((f) => DUMP_FILE.test(f) && statSync(path.join(dir, f)).isFile())
    .sort()
    .map((f) => evaluateDump(f, readFileSync(path.join(dir, f), "utf8")));
}

function main(argv: string[]): number {
  const dir = argv.find((a) => !a.startsWith("-"));
  if (!dir) {
    process.stderr.write("usage: npm run eval:perception -- DIR [--json]\n");
    return 2;
  }
  const results = evaluateDirectory(dir);
  if (results.length === 0) {
    process.stderr.write(`no dumps (*.xml, *.uix, *.json) in ${dir}\n`);
    return 1;
  }
  if (argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ files: results, total: totals(results) }, null, 2)}\n`);
    return results.some(dumpFailed) ? 1 : 0;
  }
  const widths = [52, 7, 6, 6, 8, 8, 7, 8, 7, 7, 5];
  const out: string[] = [];
  out.push(
    row(
      ["file", "parsed", "elems", "inter", "raw tok", "json tok", "json %", "line tok", "line %", "ms", "lost"],
      widths,
    ),
  );
  for (const r of results) {
    out.push(
      row(
        [
          r.file.slice(0, 52),
          r.parsed ? "yes" : "NO",
          r.elements,
          r.interactive,
          r.rawTokens,
          r.jsonTokens,
          pct(r.jsonTokens, r.rawTokens),
          r.lineTokens,
          pct(r.lineTokens, r.rawTokens),
          r.ms.toFixed(1),
          r.lost.length,
        ],
        widths,
      ),
    );
    if (r.error) out.push(`    error: ${r.error}`);
    for (const l of r.lost.slice(0, 5)) out.push(`    lost: ${l}`);
  }
  const t = totals(results);
  out.push(
    row(
      [
        `TOTAL (${t.files} files)`,
        `${t.parsed}/${t.files}`,
        t.elements,
        t.interactive,
        t.rawTokens,
        t.jsonTokens,
        pct(t.jsonTokens, t.rawTokens),
        t.lineTokens,
        pct(t.lineTokens, t.rawTokens),
        t.ms.toFixed(1),
        t.lost,
      ],
      widths,
    ),
  );
  const failed = results.filter(dumpFailed);
  out.push(
    failed.length === 0
      ? "OK: every dump parsed, no interactive element lost"
      : `FAILED: ${failed.map((r) => r.file).join(", ")}`,
  );
  process.stdout.write(`${out.join("\n")}\n`);
  return failed.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("eval-perception.ts")) {
  process.exitCode = main(process.argv.slice(2));
}
