/**
 * JSON as text, built from a small syntax tree instead of JSON.stringify, so generated frames can hold
 * what a serializer never writes: number literals beyond double range (1e400), duplicate and
 * prototype keys ("__proto__" as an own key), nesting deeper than any stack, and text that is almost
 * JSON (truncated, a stray bracket, a BOM).
 */
import fc from "fast-check";

export type Json =
  | { kind: "raw"; text: string }
  | { kind: "string"; value: string }
  | { kind: "array"; items: Json[] }
  | { kind: "object"; entries: [string, Json][] };

export const raw = (text: string): Json => ({ kind: "raw", text });
export const str = (value: string): Json => ({ kind: "string", value });
export const num = (value: number): Json => raw(String(value));
export const bool = (value: boolean): Json => raw(String(value));
export const arr = (items: Json[]): Json => ({ kind: "array", items });
export const obj = (entries: [string, Json][]): Json => ({ kind: "object", entries });

/** Serialises the tree; generated trees are shallow (deep nesting arrives as one raw literal). */
export function toText(json: Json): string {
  switch (json.kind) {
    case "raw":
      return json.text;
    case "string":
      return JSON.stringify(json.value);
    case "array":
      return `[${json.items.map(toText).join(",")}]`;
    case "object":
      return `{${json.entries.map(([k, v]) => `${JSON.stringify(k)}:${toText(v)}`).join(",")}}`;
  }
}

/** Keys that reach Object.prototype machinery when code copies or indexes parsed objects. */
export const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "__defineGetter__",
  "then",
] as const;

export const protoKey = fc.constantFrom(...PROTOTYPE_KEYS);

/**
 * Any code point, lone surrogates included (fast-check's "binary" unit leaves those out, and building
 * its reverse map costs a second at start-up).
 */
const codePoint = fc.nat(0x10ffff).map((cp) => String.fromCodePoint(cp));

/** Strings a phone or a model may send: control characters, lone surrogates, marks, entities, emoji. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: codePoint, maxLength: 16 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "\uD800",
      "\uDFFF",
      "a\uD83D",
      "\u200E\u202Eabc",
      "\uFEFF",
      "&#128293;",
      "&#xD800;",
      "&#99999999999;",
      "&amp;&lt;&gt;",
      "<|endoftext|>",
      "Войти",
      "登录",
      "🔥👍🏽",
      "\n\t\r",
      '"',
      "\\",
      "null",
      "[0,0][1,1]",
    ),
  },
);

/** One string up to ~200k characters (a pattern repeated), cheap to generate. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** A short or (rarely: inputs hold many strings, and huge ones are slow) huge string. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 300, arbitrary: oddString },
  { weight: 1, arbitrary: hugeString },
);

/** Number literals, valid JSON or not: beyond double range, -0, long integers, NaN/Infinity words. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 400, arbitrary: fc.integer({ min: -5_000, max: 5_000 }).map(String) },
  { weight: 200, arbitrary: fc.integer().map(String) },
  { weight: 200, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String) },
  {
    weight: 200,
    arbitrary: fc.constantFrom(
      "1e400",
      "-1e400",
      "1e-400",
      "-0",
      "123456789012345678901234567890",
      "9007199254740993",
      "2147483648",
      "-2147483649",
      "4294967296",
      "0.5",
      "1E5",
    ),
  },
  // Not JSON: what a sloppy writer emits; the text must then be refused, not crash. Rare, since a
  // document holds dozens of numbers and one of these refuses it whole.
  { weight: 1, arbitrary: fc.constantFrom("NaN", "Infinity", "-Infinity", "+1", "01", ".5", "0x10", "1_000") },
);

const scalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: anyString.map(str) },
  { weight: 3, arbitrary: numberText.map(raw) },
  { weight: 1, arbitrary: fc.constantFrom(raw("true"), raw("false"), raw("null")) },
);

/** Keys: the ones the decoders read, prototype keys, and anything. */
export function keyFrom(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: protoKey },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
}

/** Any JSON value, shallow, with keys drawn mostly from `known`. */
export function jsonValue(known: readonly string[], maxDepth = 3): fc.Arbitrary<Json> {
  const key = keyFrom(known);
  return fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { maxDepth, depthIdentifier: "json" },
      { weight: 4, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 5 }).map(arr) },
      { weight: 1, arbitrary: fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }).map(obj) },
    ),
  })).value;
}

/**
 * Nesting past the recursion limits (JSON.stringify and recursive copies fail near 5,000 levels), as one
 * literal: `[[[…]]]` or `{"a":{"a":…}}`, at most ~150 kB.
 */
export const deepNesting: fc.Arbitrary<Json> = fc
  .tuple(fc.integer({ min: 50, max: 30_000 }), fc.boolean(), fc.boolean())
  .map(([depth, arrays, closed]) => {
    const open = arrays ? "[" : '{"a":';
    const close = arrays ? "]" : "}";
    const middle = arrays ? "" : "1";
    // An unclosed one is also a truncated frame.
    return raw(open.repeat(depth) + middle + (closed ? close.repeat(depth) : ""));
  });

/** Edits that turn text into almost-the-text: cuts, stray characters, duplicated spans, a BOM. */
export type TextEdit =
  | { kind: "cut"; at: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "delete"; at: number; length: number }
  | { kind: "repeat"; at: number; length: number; times: number }
  | { kind: "wrap"; before: string; after: string };

export const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "\\", "<", ">", "&", "\u0000"), oddString),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant("repeat" as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 60 }),
    times: fc.integer({ min: 2, max: 400 }),
  }),
  fc.record({
    kind: fc.constant("wrap" as const),
    before: fc.constantFrom("", "\uFEFF", "  \n", "garbage ", "\u0000"),
    after: fc.constantFrom("", "\n", " trailing", "}", "]]", "\u0000"),
  }),
);

export function applyEdit(text: string, edit: TextEdit): string {
  const at = text.length === 0 ? 0 : ("at" in edit ? edit.at : 0) % (text.length + 1);
  switch (edit.kind) {
    case "cut":
      return text.slice(0, at);
    case "insert":
      return text.slice(0, at) + edit.text + text.slice(at);
    case "delete":
      return text.slice(0, at) + text.slice(at + edit.length);
    case "repeat":
      return text.slice(0, at) + text.slice(at, at + edit.length).repeat(edit.times) + text.slice(at);
    case "wrap":
      return edit.before + text + edit.after;
  }
}

/** Mostly intact text, sometimes a few edits. */
export function edited(text: fc.Arbitrary<string>, intactWeight = 3): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: intactWeight, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, fc.array(textEdit, { minLength: 1, maxLength: 3 }))
        .map(([t, edits]) => edits.reduce(applyEdit, t)),
    },
  );
}
