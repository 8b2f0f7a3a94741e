/** The fuzz run's printed report: one row per target, then every outcome by label, then the findings. */
import type { Finding, TargetReport } from "./runner.js";

const FINDING_LABELS = new Set(["uncaught", "violation", "hang", "crash"]);

/** "decoded" (a gateway socket kept open counts as decoded), a typed refusal, or a finding. */
export function outcomeKind(label: string): "decoded" | "typed" | "finding" {
  if (label === "decoded" || label.endsWith(" open")) return "decoded";
  return FINDING_LABELS.has(label) ? "finding" : "typed";
}

function sum(report: TargetReport, kind: ReturnType<typeof outcomeKind>): number {
  return Object.entries(report.outcomes)
    .filter(([label]) => outcomeKind(label) === kind)
    .reduce((n, [, count]) => n + count, 0);
}

const n = (value: number) => Math.round(value).toLocaleString("en-US");

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "))
    .join("\n");
}

export function formatReport(reports: readonly TargetReport[], totalMs: number): string {
  const rows = [
    ["target", "inputs", "seconds", "inputs/s", "decoded", "typed errors", "findings", "slowest ms", "peak RSS MB"],
  ];
  for (const r of reports) {
    rows.push([
      r.target,
      n(r.inputs),
      (r.ms / 1000).toFixed(1),
      n(r.inputs / Math.max(r.ms / 1000, 1e-3)),
      n(sum(r, "decoded")),
      n(sum(r, "typed")),
      n(r.findingCount),
      n(r.slowestMs),
      n(r.peakRssMb),
    ]);
  }
  const inputs = reports.reduce((a, r) => a + r.inputs, 0);
  const findings = reports.reduce((a, r) => a + r.findingCount, 0);
  const lines = [table(rows), ""];
  for (const r of reports) {
    const outcomes = Object.entries(r.outcomes)
      .sort((a, b) => b[1] - a[1])
      .map(([label, count]) => `${label} ${n(count)}`);
    lines.push(`${r.target}: ${outcomes.join(" · ")}`);
  }
  lines.push("", `${n(inputs)} inputs in ${(totalMs / 1000).toFixed(1)} s; ${n(findings)} findings.`);
  return lines.join("\n");
}

export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map((f) =>
      [
        `[${f.kind}] ${f.target} seed ${f.seed} path ${f.path} (${f.ms} ms): ${f.error}`,
        ...(/^\d+$/.test(f.path)
          ? [`  replay: npm run fuzz -- --target ${f.target} --seed ${f.seed} --path ${f.path}`]
          : []),
        `  input: ${f.input}`,
        ...(f.stack ? [f.stack.replace(/^/gm, "  ")] : []),
      ].join("\n"),
    )
    .join("\n\n");
}
