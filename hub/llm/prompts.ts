/**
 * Prompt templates live as readable Markdown files in ./prompts; `renderPrompt("repair", vars)` fills
 * `{{name}}` placeholders. Substitution is one pass over the template only, so values are inserted
 * verbatim: a `{{secret:password}}` placeholder inside a value reaches the model untouched (the executor
 * substitutes it at input time), and a value can never inject another template variable.
 */
import { readFileSync } from "node:fs";
import { HubError } from "../errors/hub-error.js";

export type PromptVars = Readonly<Record<string, string | number | boolean>>;

const PROMPT_DIR = new URL("./prompts/", import.meta.url);
const NAME = /^[a-z0-9][a-z0-9_-]*$/;
/** `{{name}}` with an identifier name; `{{secret:NAME}}` has a colon and is never a template variable. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/** A leading `<!-- … -->` comment documents the file for humans and is not sent. */
const LEADING_COMMENT = /^\s*<!--[\s\S]*?-->\s*/;

const cache = new Map<string, string>();

/** The template text of prompts/<name>.md (without its leading comment). */
export function loadPrompt(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  if (!NAME.test(name)) throw new HubError("INTERNAL", `invalid prompt name "${name}"`);
  let text: string;
  try {
    text = readFileSync(new URL(`${name}.md`, PROMPT_DIR), "utf8");
  } catch {
    throw new HubError("INTERNAL", `prompt "${name}" not found in hub/llm/prompts`);
  }
  const template = text.replace(LEADING_COMMENT, "").trimEnd();
  cache.set(name, template);
  return template;
}

/** Fills a template string; a placeholder without a value is an error naming the variable. */
export function fillTemplate(template: string, vars: PromptVars, name = "template"): string {
  return template.replace(PLACEHOLDER, (_match, key: string) => {
    if (!Object.hasOwn(vars, key)) {
      throw new HubError("INTERNAL", `prompt "${name}" needs variable "${key}"`, { details: { prompt: name, key } });
    }
    return String(vars[key]);
  });
}

export function renderPrompt(name: string, vars: PromptVars = {}): string {
  return fillTemplate(loadPrompt(name), vars, name);
}
