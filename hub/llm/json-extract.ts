/**
 * Tolerant extraction of one JSON object or array from what a model wrote: code fences, prose before
 * and after, <think> blocks, trailing commas, comments, raw newlines inside strings. Pure; never throws.
 * Error messages describe the problem without quoting the text (model output may carry screen content).
 */

export type JsonExtractFailure = "empty" | "not_found" | "truncated" | "invalid";

export type JsonExtraction =
  | {
      ok: true;
      value: Record<string, unknown> | unknown[];
      /** Where the JSON was found. */
      source: "whole" | "fence" | "embedded";
      /** True when trailing commas, comments or raw control characters had to be fixed. */
      lenient: boolean;
    }
  | { ok: false; reason: JsonExtractFailure; message: string };

/**
 * Spans are disjoint, so scanning is linear, except after a mismatched bracket (`{ … ]`), where the scan
 * resumes inside and reads the same text again. Both this many mismatches and a budget of characters
 * read (a few times the text) bound the work on hostile input: `{{{…]` cost seconds of event loop
 * before the budget.
 */
const MAX_MISMATCHES = 64;
const SCAN_BUDGET_FACTOR = 4;
const UNCLOSED = -1;
const TRUNCATED = "the JSON is cut off (unbalanced brackets or an open string)";

export function extractJson(text: string): JsonExtraction {
  const cleaned = stripThinking(text.replace(/^\uFEFF/, "")).trim();
  if (cleaned.length === 0) return fail("empty", "the answer is empty");

  const whole = parseCandidate(cleaned, "whole");
  if (whole.ok) return whole;
  if (cleaned.startsWith('"')) {
    // Some models return the JSON as one quoted string; unwrap one level.
    const quoted = tryParse(cleaned);
    if (quoted.ok && typeof quoted.value === "string") {
      const inner = extractJson(quoted.value);
      if (inner.ok) return { ...inner, source: "whole", lenient: true };
    }
  }

  let firstError: JsonExtraction | undefined = whole.reason === "not_found" ? undefined : whole;
  for (const block of fencedBlocks(cleaned)) {
    const fenced = parseCandidate(block, "fence");
    if (fenced.ok) return fenced;
    const inner = scanEmbedded(block, "fence");
    if (inner.ok) return inner;
    firstError ??= inner.reason === "not_found" ? fenced : inner;
  }

  const embedded = scanEmbedded(cleaned, "embedded");
  if (embedded.ok) return embedded;
  if (embedded.reason !== "not_found") return embedded;
  return firstError ?? embedded;
}

function fail(reason: JsonExtractFailure, message: string): JsonExtraction {
  return { ok: false, reason, message };
}

function stripThinking(text: string): string {
  // Reasoning models may think aloud before answering; their braces are not the answer.
  return text.replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, "").replace(/^[\s\S]*<\/think>/i, "");
}

/** Contents of ``` fences, json-tagged ones first. An unclosed fence runs to the end of the text. */
function fencedBlocks(text: string): string[] {
  const tagged: string[] = [];
  const plain: string[] = [];
  const fence = /```[ \t]*([A-Za-z0-9_-]*)[^\n]*\n?([\s\S]*?)(?:```|$)/g;
  for (const match of text.matchAll(fence)) {
    const lang = (match[1] ?? "").toLowerCase();
    const body = (match[2] ?? "").trim();
    if (body.length === 0) continue;
    (lang === "json" || lang === "jsonc" || lang === "json5" ? tagged : plain).push(body);
  }
  return [...tagged, ...plain];
}

type Source = "whole" | "fence" | "embedded";

function parseCandidate(candidate: string, source: Source): JsonExtraction {
  const first = candidate[0];
  if (first !== "{" && first !== "[") return fail("not_found", "no JSON object or array found");
  const strict = tryParse(candidate);
  if (strict.ok) return asContainer(strict.value, source, false);
  const relaxed = relax(candidate);
  if (relaxed !== candidate) {
    const lenient = tryParse(relaxed);
    if (lenient.ok) return asContainer(lenient.value, source, true);
  }
  if (!isBalanced(relaxed)) return fail("truncated", TRUNCATED);
  return fail("invalid", strict.message);
}

function asContainer(value: unknown, source: Source, lenient: boolean): JsonExtraction {
  if (value === null || typeof value !== "object") return fail("not_found", "the answer is not a JSON object or array");
  return { ok: true, value: value as Record<string, unknown> | unknown[], source, lenient };
}

/**
 * Scans left to right for balanced `{…}` / `[…]` spans (a span that fails to parse is skipped whole, so
 * a fragment of a broken answer is never returned). The first object wins; an array only when no object
 * parses, so prose like "steps [1] and [2]" does not shadow the answer.
 */
function scanEmbedded(text: string, source: Source): JsonExtraction {
  let firstError: JsonExtraction | undefined;
  let firstArray: JsonExtraction | undefined;
  let mismatches = 0;
  let budget = SCAN_BUDGET_FACTOR * text.length + 1024;
  for (let start = 0; start < text.length && mismatches < MAX_MISMATCHES && budget > 0; start++) {
    const ch = text[start];
    if (ch !== "{" && ch !== "[") continue;
    const { end, mismatchAt } = matchingClose(text, start);
    if (end === UNCLOSED && mismatchAt === undefined) {
      // Everything after an opening bracket that never closes lies inside it: a cut-off answer.
      if (ch === "{" || !firstArray) firstError ??= fail("truncated", TRUNCATED);
      break;
    }
    if (mismatchAt !== undefined) {
      mismatches++;
      budget -= mismatchAt - start + 1;
      continue;
    }
    const result = parseCandidate(text.slice(start, end + 1), source);
    if (result.ok && !Array.isArray(result.value)) return result;
    if (result.ok) firstArray ??= result;
    else if (ch === "{") firstError ??= result;
    start = end;
  }
  return firstArray ?? firstError ?? fail("not_found", "no JSON object or array found");
}

/**
 * Index of the bracket closing the one at `start`, string-aware; UNCLOSED when none does, with
 * `mismatchAt` set where a closing bracket of the wrong kind ends the span.
 */
function matchingClose(text: string, start: number): { end: number; mismatchAt?: number } {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") {
      if (stack.pop() !== ch) return { end: UNCLOSED, mismatchAt: i };
      if (stack.length === 0) return { end: i };
    }
  }
  return { end: UNCLOSED };
}

function isBalanced(text: string): boolean {
  return matchingClose(text, 0).end === text.length - 1;
}

/**
 * Fixes what models commonly get wrong, outside strings: trailing commas and comments; inside
 * strings: raw newlines, tabs and other control characters.
 */
function relax(text: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (inString) {
      if (escaped) {
        escaped = false;
        out += ch;
      } else if (ch === "\\") {
        escaped = true;
        out += ch;
      } else if (ch === '"') {
        inString = false;
        out += ch;
      } else if (ch.charCodeAt(0) < 0x20) {
        out += CONTROL_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
      } else out += ch;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close === -1 ? text.length : close + 1;
    } else if (ch === ",") {
      const next = text.slice(i + 1).match(/^(?:\s|\/\/[^\n]*\n?|\/\*[\s\S]*?\*\/)*/)?.[0].length ?? 0;
      const after = text[i + 1 + next];
      if (after !== "}" && after !== "]") out += ch;
    } else out += ch;
  }
  return out;
}

const CONTROL_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: describeParseError(error) };
  }
}

/** JSON.parse messages may quote the text; keep only the kind of error and the position. */
function describeParseError(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const position = raw.match(/position (\d+)/)?.[1];
  const kind = raw
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/'[^']*'/g, "")
    .replace(/\s*in JSON.*$/s, "")
    .replace(/[,\s]*is not valid JSON.*$/s, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `invalid JSON${kind ? `: ${kind}` : ""}${position ? ` at position ${position}` : ""}`;
}
