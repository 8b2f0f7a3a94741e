/**
 * The `npm run bench --baseline FILE` table: every figure of the previous suite beside this run's,
 * with now/previous and whether that is better or worse. A ratio row carries its reference figure
 * (the plain echo's or plain taps' own rate) from both runs, so a run on a busy machine shows as one.
 * Pure: reads nothing, prints nothing.
 */
import type { Figure, Figures } from "./figures.js";

export interface Suite {
  /** When and where the suite ran; load average at its start, so a busy machine is visible. */
  at: string;
  node: string;
  quick: boolean;
  loadAverage: number;
  /** Which hub code ran (hub-build.ts): "dist/ build" or "sources (tsx)"; absent in older files (sources). */
  hubCode?: string;
  figures: Figures;
}

export interface Row {
  figure: string;
  previous: string;
  now: string;
  change: string;
  reference: string;
}

function show(figure: Figure | undefined): string {
  if (!figure) return "-";
  const v = figure.value;
  const text = Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en-US") : Number(v.toPrecision(3)).toString();
  return figure.unit ? `${text} ${figure.unit}` : text;
}

function change(previous: Figure | undefined, now: Figure | undefined): string {
  if (!previous || !now) return previous ? "gone" : "new";
  if (previous.value === 0) return now.value === 0 ? "=" : "from 0";
  // A per-phone memory delta can come out negative when a collection lands mid-measurement.
  if (previous.value < 0 || now.value < 0) return "n/a (negative)";
  const ratio = now.value / previous.value;
  if (Math.abs(ratio - 1) < 0.005) return "1.00× =";
  const improved = now.better === "higher" ? ratio > 1 : ratio < 1;
  return `${ratio.toFixed(2)}× ${improved ? "better" : "worse"}`;
}

function reference(previous: Suite, now: Suite, key: string): string {
  const ref = now.figures[key]?.reference ?? previous.figures[key]?.reference;
  if (!ref) return "";
  return `${ref}: ${show(previous.figures[ref])} → ${show(now.figures[ref])}`;
}

/** One row per figure in either suite, in this run's order, then those only the previous one had. */
export function compareSuites(previous: Suite, now: Suite): Row[] {
  const keys = [...Object.keys(now.figures)];
  for (const key of Object.keys(previous.figures)) if (!(key in now.figures)) keys.push(key);
  return keys.map((key) => ({
    figure: key,
    previous: show(previous.figures[key]),
    now: show(now.figures[key]),
    change: change(previous.figures[key], now.figures[key]),
    reference: reference(previous, now, key),
  }));
}

/** A plain-text table (markdown pipes, so it pastes into a note), headed by both runs' conditions. */
export function formatTable(previous: Suite, now: Suite): string {
  const rows = compareSuites(previous, now);
  const header: Row = {
    figure: "figure",
    previous: "previous",
    now: "now",
    change: "now/previous",
    reference: "reference (previous → now)",
  };
  const columns = Object.keys(header) as (keyof Row)[];
  const width = (c: keyof Row) => Math.max(...[header, ...rows].map((r) => r[c].length));
  const line = (r: Row) => `| ${columns.map((c) => r[c].padEnd(width(c))).join(" | ")} |`;
  const rule = `|${columns.map((c) => "-".repeat(width(c) + 2)).join("|")}|`;
  const condition = (label: string, s: Suite) =>
    `${label}: ${s.at}, node ${s.node}, hub ${s.hubCode ?? "sources (tsx)"}${s.quick ? ", quick" : ""}, load average ${s.loadAverage.toFixed(2)}`;
  return [condition("previous", previous), condition("now", now), "", line(header), rule, ...rows.map(line)].join("\n");
}
