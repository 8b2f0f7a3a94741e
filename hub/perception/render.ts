/**
 * Prompt renderings of an element list: the DESIGN.md JSON form and a terse line form, each with its
 * token count, and a budget guard that keeps interactive elements first and summarises text.
 */
import { toJsonElement, type UiElement } from "./element.js";
import { truncate } from "./text.js";
import { countTokens } from "./tokens.js";

export type RenderFormat = "json" | "text";

export interface RenderOptions {
  /** Token ceiling; when exceeded the guard trims (default: unlimited). */
  maxTokens?: number;
}

export interface Rendered {
  text: string;
  tokens: number;
  /** Elements left out by the budget guard (0 when everything fitted). */
  omitted: number;
}

function quote(s: string): string {
  return JSON.stringify(s);
}

/** One element as a line: `7 Button "Войти" (540,860) #login click focused`. */
export function elementLine(e: UiElement): string {
  let line = `${e.id} ${e.tag}`;
  if (e.label) line += ` ${quote(e.label)}`;
  line += ` (${e.cx},${e.cy})`;
  if (e.resourceId && e.meta.interactive) {
    const slash = e.resourceId.lastIndexOf("/");
    const name = slash >= 0 ? e.resourceId.slice(slash + 1) : e.resourceId;
    if (!/^view_\d+$/.test(name)) line += ` #${name}`;
  }
  const flags: string[] = [];
  if (e.clickable) flags.push("click");
  if (e.longClickable) flags.push("long");
  if (e.editable) flags.push("edit");
  if (e.scrollable) flags.push("scroll");
  if (e.checkable) flags.push(e.checked ? "checked" : "unchecked");
  if (e.focused) flags.push("focused");
  if (e.selected) flags.push("selected");
  if (e.disabled) flags.push("disabled");
  if (e.password) flags.push("password");
  if (e.webview) flags.push("web");
  if (e.virtual) flags.push("vision");
  if (flags.length > 0) line += ` ${flags.join(" ")}`;
  if (e.value) line += ` value=${quote(e.value)}`;
  if (e.hint) line += ` hint=${quote(e.hint)}`;
  return line;
}

function renderAll(list: readonly UiElement[], format: RenderFormat, summary?: OmittedSummary): string {
  if (format === "json") {
    const items: unknown[] = list.map(toJsonElement);
    if (summary) items.push({ omitted: summary.count, texts: summary.texts });
    return JSON.stringify(items);
  }
  const lines = list.map(elementLine);
  if (summary) {
    const texts = summary.texts.map(quote).join(", ");
    lines.push(`… ${summary.count} more items omitted${texts ? `: ${texts}` : ""}`);
  }
  return lines.join("\n");
}

interface OmittedSummary {
  count: number;
  texts: string[];
}

function rendered(list: readonly UiElement[], format: RenderFormat, summary?: OmittedSummary): Rendered {
  const text = renderAll(list, format, summary);
  return { text, tokens: countTokens(text), omitted: summary?.count ?? 0 };
}

export function renderElements(
  list: readonly UiElement[],
  format: RenderFormat,
  options: RenderOptions = {},
): Rendered {
  const full = rendered(list, format);
  const budget = options.maxTokens;
  if (budget === undefined || full.tokens <= budget) return full;

  // 1. Interactive elements always come first; 2. text in screen order while it fits;
  // 3. what is left becomes one summary line of short snippets.
  const perItem = (e: UiElement) =>
    countTokens(format === "json" ? JSON.stringify(toJsonElement(e)) : elementLine(e)) + 1;
  const reserve = Math.min(80, Math.floor(budget / 8));
  const limit = budget - reserve;
  const interactive = list.filter((e) => e.meta.interactive).map((e) => ({ ...e, label: truncate(e.label, 40) }));
  const first = fitInteractive(interactive, perItem, limit);
  const rest = fitInOrder(
    list.filter((e) => !e.meta.interactive),
    perItem,
    first.used,
    limit,
  );
  const kept = [...first.kept, ...rest];
  const dropped = list.length - kept.length;
  const keptIds = new Set(kept.map((e) => e.id));
  const merged = kept.sort((a, b) => a.id - b.id);
  const snippets = omittedSnippets(list, keptIds, reserve);
  return shaveToBudget(list, merged, format, { count: dropped, texts: snippets }, budget);
}

type Cost = (e: UiElement) => number;

/** The interactive elements, all of them when they fit, else the first ones in screen order; and the tokens used. */
function fitInteractive(all: UiElement[], perItem: Cost, limit: number): { kept: UiElement[]; used: number } {
  const used = all.reduce((sum, e) => sum + perItem(e), 2);
  if (used <= limit) return { kept: all, used };
  const fitted: UiElement[] = [];
  let fittedUsed = 2;
  for (const e of all) {
    const cost = perItem(e);
    if (fittedUsed + cost > limit) break;
    fitted.push(e);
    fittedUsed += cost;
  }
  return { kept: fitted, used: fittedUsed };
}

/** Each element that still fits after `used` tokens, in order (a long one skipped does not stop shorter ones). */
function fitInOrder(list: readonly UiElement[], perItem: Cost, used: number, limit: number): UiElement[] {
  const kept: UiElement[] = [];
  let total = used;
  for (const e of list) {
    const cost = perItem(e);
    if (total + cost <= limit) {
      kept.push(e);
      total += cost;
    }
  }
  return kept;
}

/** Short snippets of the dropped elements' labels for the summary line, within the reserve. */
function omittedSnippets(list: readonly UiElement[], keptIds: ReadonlySet<number>, reserve: number): string[] {
  const snippets: string[] = [];
  let snippetTokens = 0;
  for (const e of list) {
    if (keptIds.has(e.id) || !e.label) continue;
    const s = truncate(e.label, 24);
    const cost = countTokens(s) + 2;
    if (snippetTokens + cost > reserve - 12) break;
    snippets.push(s);
    snippetTokens += cost;
  }
  return snippets;
}

/** Token counts of parts do not add up exactly: shave snippets, then elements, until the whole fits. */
function shaveToBudget(
  list: readonly UiElement[],
  merged: UiElement[],
  format: RenderFormat,
  summary: OmittedSummary,
  budget: number,
): Rendered {
  const snippets = summary.texts;
  let result = rendered(merged, format, summary);
  while (result.tokens > budget && snippets.length > 0) {
    snippets.pop();
    result = rendered(merged, format, { count: summary.count, texts: snippets });
  }
  while (result.tokens > budget && merged.length > 0) {
    merged.pop();
    result = rendered(merged, format, { count: list.length - merged.length, texts: [] });
  }
  return result;
}
