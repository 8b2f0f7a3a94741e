/**
 * Model settings from the environment: one default endpoint and model, with per-role overrides.
 * Validated once with zod and frozen. Mirrored in README.md and .env.example through MODEL_ENV_VARS.
 */

import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { itemAt } from "../errors/invariant.js";
import type { ModelRole } from "./model.js";

export const MODEL_ROLES = ["planner", "verifier", "vision", "summarizer"] as const satisfies readonly ModelRole[];

export type StructuredOutputsMode = "auto" | "on" | "off";
export type ToolCallsMode = "auto" | "on" | "off";

/** What one role talks to. Fields that are undefined are not sent (the endpoint's default applies). */
export interface RoleSettings {
  readonly model: string;
  /** Undefined means https://api.openai.com/v1. */
  readonly baseUrl: string | undefined;
  readonly apiKey: string | undefined;
  readonly temperature: number | undefined;
  /** Whether the model takes images; when false, images are dropped and a text note is kept. */
  readonly vision: boolean;
}

export interface ModelSettings {
  readonly roles: Readonly<Record<ModelRole, RoleSettings>>;
  /** auto: try json_schema, fall back to text + extraction when the endpoint rejects it. */
  readonly structuredOutputs: StructuredOutputsMode;
  /** auto: native tool calls until the endpoint refuses them, then the JSON action format. */
  readonly toolCalls: ToolCallsMode;
  /** Time allowed for one HTTP attempt. */
  readonly timeoutMs: number;
  /** Retries after the first attempt on 429, 5xx, timeouts and connection errors. */
  readonly maxRetries: number;
}

export const DEFAULT_MODEL = "gpt-4o-mini";

/** Every environment variable the model layer reads, with its one-line meaning. */
export const MODEL_ENV_VARS: Readonly<Record<string, string>> = Object.freeze({
  OPENAI_BASE_URL: "OpenAI-compatible endpoint for every role (default https://api.openai.com/v1)",
  OPENAI_API_KEY: "API key for that endpoint (empty for endpoints that need none, e.g. a local Ollama)",
  DROIDHUB_MODEL: `model name for every role (default ${DEFAULT_MODEL})`,
  DROIDHUB_MODEL_VISION: "true/false: the model takes images (default true)",
  DROIDHUB_STRUCTURED_OUTPUTS: "auto|on|off: json_schema response format (auto falls back to text when rejected)",
  DROIDHUB_TOOL_CALLS:
    "auto|on|off: native tool calls for the step agent (auto falls back to a JSON action format when refused)",
  DROIDHUB_MODEL_TIMEOUT_MS: "time allowed for one model HTTP attempt in ms (default 60000)",
  DROIDHUB_MODEL_MAX_RETRIES: "retries on 429/5xx/timeouts/connection errors (default 3)",
  ...Object.fromEntries(
    MODEL_ROLES.flatMap((role) => {
      const prefix = `DROIDHUB_${role.toUpperCase()}`;
      return [
        [`${prefix}_MODEL`, `model for the ${role} role (default DROIDHUB_MODEL)`],
        [`${prefix}_TEMPERATURE`, `sampling temperature for the ${role} role, 0-2 (default: not sent)`],
        [`${prefix}_BASE_URL`, `endpoint for the ${role} role (default OPENAI_BASE_URL)`],
        [`${prefix}_API_KEY`, `API key for the ${role} role (default OPENAI_API_KEY)`],
        [`${prefix}_VISION`, `true/false: the ${role} model takes images (default DROIDHUB_MODEL_VISION)`],
      ];
    }),
  ),
});

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalString = z.preprocess(blankToUndefined, z.string().trim().min(1).optional());
const optionalUrl = z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional());
const optionalBoolean = z.preprocess(
  blankToUndefined,
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .optional(),
);
const optionalTemperature = z.preprocess(blankToUndefined, z.coerce.number().min(0).max(2).optional());

const envSchema = z.object({
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  DROIDHUB_MODEL: optionalString,
  DROIDHUB_MODEL_VISION: optionalBoolean,
  DROIDHUB_STRUCTURED_OUTPUTS: z.preprocess(blankToUndefined, z.enum(["auto", "on", "off"]).default("auto")),
  DROIDHUB_TOOL_CALLS: z.preprocess(blankToUndefined, z.enum(["auto", "on", "off"]).default("auto")),
  DROIDHUB_MODEL_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(60_000)),
  DROIDHUB_MODEL_MAX_RETRIES: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(10).default(3)),
  ...Object.fromEntries(
    MODEL_ROLES.flatMap((role) => {
      const prefix = `DROIDHUB_${role.toUpperCase()}`;
      return [
        [`${prefix}_MODEL`, optionalString],
        [`${prefix}_TEMPERATURE`, optionalTemperature],
        [`${prefix}_BASE_URL`, optionalUrl],
        [`${prefix}_API_KEY`, optionalString],
        [`${prefix}_VISION`, optionalBoolean],
      ];
    }),
  ),
});

type Env = Readonly<Record<string, string | undefined>>;

/** Builds the frozen model settings; throws CONFIG_INVALID naming the bad variable (never its value). */
export function loadModelSettings(env: Env = process.env): ModelSettings {
  const picked: Record<string, string | undefined> = {};
  for (const name of Object.keys(MODEL_ENV_VARS)) picked[name] = env[name];
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = itemAt(parsed.error.issues, 0, "config issue");
    const field = String(issue.path[0] ?? "");
    throw new HubError("CONFIG_INVALID", `${field}: ${issue.message}`, { details: { field } });
  }
  const values = parsed.data as Record<string, unknown>;
  const str = (name: string) => values[name] as string | undefined;
  const bool = (name: string) => values[name] as boolean | undefined;
  const roles = {} as Record<ModelRole, RoleSettings>;
  for (const role of MODEL_ROLES) {
    const prefix = `DROIDHUB_${role.toUpperCase()}`;
    roles[role] = Object.freeze({
      model: str(`${prefix}_MODEL`) ?? str("DROIDHUB_MODEL") ?? DEFAULT_MODEL,
      baseUrl: str(`${prefix}_BASE_URL`) ?? str("OPENAI_BASE_URL"),
      apiKey: str(`${prefix}_API_KEY`) ?? str("OPENAI_API_KEY"),
      temperature: values[`${prefix}_TEMPERATURE`] as number | undefined,
      vision: bool(`${prefix}_VISION`) ?? bool("DROIDHUB_MODEL_VISION") ?? true,
    });
  }
  return Object.freeze({
    roles: Object.freeze(roles),
    structuredOutputs: values["DROIDHUB_STRUCTURED_OUTPUTS"] as StructuredOutputsMode,
    toolCalls: values["DROIDHUB_TOOL_CALLS"] as ToolCallsMode,
    timeoutMs: values["DROIDHUB_MODEL_TIMEOUT_MS"] as number,
    maxRetries: values["DROIDHUB_MODEL_MAX_RETRIES"] as number,
  });
}
