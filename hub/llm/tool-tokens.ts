/**
 * What tool definitions add to a request's prompt tokens, estimated. Endpoints do not bill the JSON we
 * send: OpenAI-style servers render functions into a compact TypeScript-like block
 * (`namespace functions { // description\n type name = (_: { arg: type, … }) => any; }`), and counting
 * our JSON would overstate the cost about threefold. So the estimate renders that block and counts it
 * with o200k_base. Used for budgets and for calls whose endpoint reports no usage.
 */
import { z } from "zod";
import type { ModelTool } from "./model.js";
import { estimateTextTokens } from "./usage.js";

/** `namespace functions {` … `}` and the tool-use preamble around it. */
const FRAMING_TOKENS = 12;

type Json = Record<string, unknown>;

const perTool = new WeakMap<ModelTool, number>();

export function estimateToolTokens(tools: readonly ModelTool[]): number {
  if (tools.length === 0) return 0;
  let total = FRAMING_TOKENS;
  for (const tool of tools) {
    let tokens = perTool.get(tool);
    if (tokens === undefined) {
      tokens = estimateTextTokens(renderTool(tool));
      perTool.set(tool, tokens);
    }
    total += tokens;
  }
  return total;
}

/** One function as the endpoint's prompt shows it. */
export function renderTool(tool: ModelTool): string {
  const schema = z.toJSONSchema(tool.parameters, { io: "input", unrepresentable: "any" }) as Json;
  const properties = (schema["properties"] ?? {}) as Record<string, Json>;
  const required = new Set((schema["required"] ?? []) as string[]);
  const args = Object.entries(properties).map(([name, property]) => {
    const note = typeof property["description"] === "string" ? `// ${property["description"]}\n` : "";
    return `${note}${name}${required.has(name) ? "" : "?"}: ${typeText(property)},`;
  });
  return `// ${tool.description}\ntype ${tool.name} = (_: {\n${args.join("\n")}\n}) => any;\n`;
}

function typeText(schema: Json): string {
  if (Array.isArray(schema["enum"])) return schema["enum"].map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema["const"]);
  for (const key of ["anyOf", "oneOf"]) {
    const options = schema[key];
    if (Array.isArray(options)) return (options as Json[]).map(typeText).join(" | ");
  }
  switch (schema["type"]) {
    case "integer":
    case "number":
      return "number";
    case "string":
    case "boolean":
    case "null":
      return schema["type"];
    case "array":
      return `${typeText((schema["items"] ?? {}) as Json)}[]`;
    case "object":
      return "object";
    default:
      return "any";
  }
}
