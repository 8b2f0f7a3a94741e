/**
 * A zod schema as a structured-output format. OpenAI's strict mode accepts a subset of JSON Schema:
 * every object closed (additionalProperties: false) with every key required. Optional keys therefore
 * become required-and-nullable (answer.ts drops those nulls before validating), and keywords outside
 * the subset are removed — zod still enforces them on the answer. A schema that cannot be made strict
 * (open records, unrepresentable types) is sent with strict: false.
 */
import { z } from "zod";

export interface ResponseSchema {
  /** Name accepted by the API: [A-Za-z0-9_-]{1,64}. */
  name: string;
  schema: Record<string, unknown>;
  strict: boolean;
  /** Structured outputs need an object at the root; other schemas are asked for in text mode. */
  objectRoot: boolean;
  /** Pretty JSON for the text-mode instructions. */
  text: string;
}

type Json = Record<string, unknown>;

/** Keywords strict mode rejects; validation of them stays with zod. */
const UNSUPPORTED = [
  "$schema",
  "default",
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "patternProperties",
  "unevaluatedProperties",
  "contentEncoding",
  "contentMediaType",
  "examples",
];

const cache = new WeakMap<z.ZodType, ResponseSchema>();

export function responseSchema(schema: z.ZodType, schemaName: string): ResponseSchema {
  const cached = cache.get(schema);
  if (cached && cached.name === safeName(schemaName)) return cached;
  let json: Json;
  let strict = true;
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw", reused: "inline" }) as Json;
  } catch {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", reused: "inline" }) as Json;
    strict = false;
  }
  const state = { strict: strict && json["type"] === "object" };
  const converted = strictify(json, state) as Json;
  delete json["$schema"];
  const result: ResponseSchema = {
    name: safeName(schemaName),
    // Loose schemas keep their original shape: nullable optionals would only confuse the model.
    schema: state.strict ? converted : json,
    strict: state.strict,
    objectRoot: json["type"] === "object",
    // Text mode shows the original: optional keys read as optional, and zod's limits are visible.
    text: JSON.stringify(json, null, 2),
  };
  cache.set(schema, result);
  return result;
}

function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return cleaned.length > 0 ? cleaned : "answer";
}

function strictify(node: unknown, state: { strict: boolean }): unknown {
  if (Array.isArray(node)) return node.map((item) => strictify(item, state));
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (UNSUPPORTED.includes(key)) continue;
    if (key === "properties" && value && typeof value === "object") {
      const props: Json = {};
      for (const [prop, schema] of Object.entries(value as Json)) props[prop] = strictify(schema, state);
      out[key] = props;
    } else out[key] = strictify(value, state);
  }
  if (out["type"] === "object" || out["properties"] !== undefined) {
    const extra = out["additionalProperties"];
    if (extra !== undefined && extra !== false) state.strict = false;
    const props = (out["properties"] ?? {}) as Json;
    if (out["properties"] === undefined) state.strict = false;
    const required = new Set(Array.isArray(out["required"]) ? (out["required"] as string[]) : []);
    for (const prop of Object.keys(props)) {
      if (!required.has(prop)) props[prop] = nullable(props[prop]);
    }
    out["properties"] = props;
    out["required"] = Object.keys(props);
    out["additionalProperties"] = false;
  }
  return out;
}

function nullable(schema: unknown): unknown {
  if (schema && typeof schema === "object") {
    const s = schema as Json;
    if (s["type"] === "null") return s;
    if (Array.isArray(s["anyOf"])) {
      const options = s["anyOf"] as Json[];
      return options.some((o) => o["type"] === "null") ? s : { ...s, anyOf: [...options, { type: "null" }] };
    }
  }
  return { anyOf: [schema, { type: "null" }] };
}
