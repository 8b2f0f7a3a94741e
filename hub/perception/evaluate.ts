/**
 * Evaluation of the pipeline on one dump: what the corpus run (scripts/eval-perception.ts) and the
 * corpus test report per file. "Lost" means a visible clickable, editable, checkable or scrollable
 * node whose on-screen box lies inside no element of the output.
 */
import { performance } from "node:perf_hooks";
import { isHubError } from "../errors/hub-error.js";
import { compact } from "./compact.js";
import { contains, intersect, isEmpty, screenRect } from "./geometry.js";
import { parseSnapshot } from "./parse.js";
import { renderElements } from "./render.js";
import type { Rect, UiSnapshot } from "./snapshot.js";
import { countTokens } from "./tokens.js";

export interface DumpEvaluation {
  file: string;
  parsed: boolean;
  error?: string;
  source?: string;
  package?: string;
  nodes: number;
  elements: number;
  interactive: number;
  rawTokens: number;
  /** Tokens of the DESIGN.md JSON rendering. */
  jsonTokens: number;
  /** Tokens of the line rendering. */
  lineTokens: number;
  /** parse + compact + both renderings, milliseconds. */
  ms: number;
  /** Interactive nodes covered by no element: "Class 'label' [l,t,r,b]". */
  lost: string[];
}

function lostNodes(snapshot: UiSnapshot, boxes: readonly Rect[]): string[] {
  const screen = screenRect(snapshot.screen);
  const lost: string[] = [];
  for (const n of snapshot.nodes) {
    if (!(n.clickable || n.editable || n.checkable || n.scrollable)) continue;
    if (!n.visible || isEmpty(n.bounds)) continue;
    const r = intersect(n.bounds, screen);
    if (isEmpty(r)) continue;
    const grown = (b: Rect): Rect => [b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1];
    if (!boxes.some((b) => contains(grown(b), r))) {
      lost.push(`${n.className} '${n.text || n.contentDesc || n.resourceId}' [${r.join(",")}]`);
    }
  }
  return lost;
}

export function evaluateDump(file: string, text: string): DumpEvaluation {
  const rawTokens = countTokens(text);
  const started = performance.now();
  try {
    const snapshot = parseSnapshot(text);
    const result = compact(snapshot);
    const json = renderElements(result.elements, "json");
    const lines = renderElements(result.elements, "text");
    const ms = performance.now() - started;
    return {
      file,
      parsed: true,
      source: snapshot.source,
      package: snapshot.package,
      nodes: snapshot.nodes.length,
      elements: result.elements.length,
      interactive: result.elements.filter((e) => e.meta.interactive).length,
      rawTokens,
      jsonTokens: json.tokens,
      lineTokens: lines.tokens,
      ms,
      lost: lostNodes(
        snapshot,
        result.elements.map((e) => e.bounds),
      ),
    };
  } catch (error) {
    return {
      file,
      parsed: false,
      error: isHubError(error) ? `${error.code}: ${error.message}` : String(error),
      nodes: 0,
      elements: 0,
      interactive: 0,
      rawTokens,
      jsonTokens: 0,
      lineTokens: 0,
      ms: performance.now() - started,
      lost: [],
    };
  }
}

export interface CorpusTotals {
  files: number;
  parsed: number;
  failed: number;
  elements: number;
  interactive: number;
  rawTokens: number;
  jsonTokens: number;
  lineTokens: number;
  lost: number;
  ms: number;
}

export function totals(results: readonly DumpEvaluation[]): CorpusTotals {
  const t: CorpusTotals = {
    files: results.length,
    parsed: 0,
    failed: 0,
    elements: 0,
    interactive: 0,
    rawTokens: 0,
    jsonTokens: 0,
    lineTokens: 0,
    lost: 0,
    ms: 0,
  };
  for (const r of results) {
    if (r.parsed) t.parsed++;
    else t.failed++;
    t.elements += r.elements;
    t.interactive += r.interactive;
    t.rawTokens += r.rawTokens;
    t.jsonTokens += r.jsonTokens;
    t.lineTokens += r.lineTokens;
    t.lost += r.lost.length;
    t.ms += r.ms;
  }
  return t;
}

/** A dump fails when it does not parse or loses an interactive element. */
export function dumpFailed(r: DumpEvaluation): boolean {
  return !r.parsed || r.lost.length > 0;
}
