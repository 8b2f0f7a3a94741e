/**
 * Cleaning of the strings dumps carry: numeric entities fast-xml-parser leaves alone (emoji such as
 * &#128293;, &#10; newlines), invisible direction and zero-width marks, runs of whitespace.
 */

const NUMERIC_ENTITY = /&#(x[0-9a-fA-F]+|[0-9]+);/g;
// LRM/RLM/ALM, bidi embeddings and isolates, zero-width space/joiners, BOM, soft hyphen.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF\u00AD]/g;
const WHITESPACE = /\s+/g;

function decodeNumericEntities(value: string): string {
  return value.replace(NUMERIC_ENTITY, (whole, code: string) => {
    const n = code[0] === "x" || code[0] === "X" ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
    if (!Number.isFinite(n) || n < 0 || n > 0x10ffff) return whole;
    return String.fromCodePoint(n);
  });
}

/** Decodes leftover numeric entities, drops invisible marks, collapses whitespace (newlines too). */
export function cleanText(value: unknown): string {
  if (typeof value !== "string" || value.length === 0) return "";
  let s = value;
  if (s.includes("&#")) s = decodeNumericEntities(s);
  s = s.replace(INVISIBLE, "");
  return s.replace(WHITESPACE, " ").trim();
}

/** Cuts a label to at most `max` code points, marking the cut with an ellipsis. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const points = Array.from(value);
  if (points.length <= max) return value;
  return points.slice(0, Math.max(1, max - 1)).join("") + "…";
}

const MEANINGFUL_SHORT_NAMES = new Set([
  "ok",
  "add",
  "fab",
  "tab",
  "go",
  "up",
  "new",
  "all",
  "yes",
  "no",
  "off",
  "on",
  "map",
  "pay",
  "buy",
  "log",
  "bar",
  "nav",
  "qr",
  "pin",
  "sos",
  "tv",
  "app",
]);

/** "com.app:id/login_button" → "login button"; "" when there is no usable name. */
export function resourceName(resourceId: string): string {
  if (!resourceId) return "";
  const slash = resourceId.lastIndexOf("/");
  const name = slash >= 0 ? resourceId.slice(slash + 1) : resourceId;
  // Mobilerun invents ids like "view_125265142"; obfuscated apps ship ids like "ni8", "d3u": both name nothing.
  if (/^view_\d+$/.test(name)) return "";
  if (name.length <= 3 && !MEANINGFUL_SHORT_NAMES.has(name.toLowerCase())) return "";
  return name.replace(/[_.]+/g, " ").trim();
}

export function shortClass(className: string): string {
  const dot = className.lastIndexOf(".");
  const tail = dot >= 0 ? className.slice(dot + 1) : className;
  const dollar = tail.lastIndexOf("$");
  return dollar >= 0 ? tail.slice(dollar + 1) : tail;
}
