/**
 * Named secrets the hub holds (DROIDHUB_SECRETS_FILE): a task started from an MCP client names them
 * (`run_task` with `secrets: ["password"]`) and the hub fills in the values, so a password never
 * passes through the client or its model. Read once at start; a bad file stops the start with its
 * name and what is wrong, never a value.
 */

import { readFileSync, statSync } from "node:fs";
import { HubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";

/** The task API's secret name rule and value bound (api/task-routes.ts). */
export const SECRET_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_VALUE = 1_000;
const MAX_FILE_BYTES = 64 * 1024;
const MAX_SECRETS = 256;

export type NamedSecrets = ReadonlyMap<string, string>;

export const NO_NAMED_SECRETS: NamedSecrets = new Map();

function invalid(file: string, what: string): HubError {
  return new HubError("CONFIG_INVALID", `DROIDHUB_SECRETS_FILE ${file}: ${what}`, { details: { file } });
}

export function loadNamedSecrets(file: string | undefined): NamedSecrets {
  if (file === undefined) return NO_NAMED_SECRETS;
  let text: string;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) throw invalid(file, `larger than ${MAX_FILE_BYTES} bytes`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof HubError) throw error;
    throw invalid(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // JSON.parse's message can quote the text around the error: a value. Say only that it is not JSON.
    throw invalid(file, 'is not JSON (expected {"name": "value", …})');
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalid(file, 'is not a JSON object (expected {"name": "value", …})');
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_SECRETS) throw invalid(file, `holds more than ${MAX_SECRETS} secrets`);
  const secrets = new Map<string, string>();
  for (const [name, value] of entries) {
    if (!SECRET_NAME.test(name))
      throw invalid(file, `secret name ${JSON.stringify(name.slice(0, 64))} is not [A-Za-z0-9_.-]{1,64}`);
    if (typeof value !== "string" || value.length === 0 || value.length > MAX_VALUE) {
      throw invalid(file, `secret ${name} is not a string of 1 to ${MAX_VALUE} characters`);
    }
    secrets.set(name, value);
  }
  return secrets;
}

/** The values of the named secrets; an unknown name is INVALID_BODY listing the names the hub holds. */
export function resolveSecretNames(secrets: NamedSecrets, names: readonly string[]): Record<string, string> {
  const unknown = names.filter((name) => !secrets.has(name));
  if (unknown.length > 0) {
    const held = [...secrets.keys()].sort();
    throw new HubError(
      "INVALID_BODY",
      `secrets: the hub holds no secret named ${unknown.join(", ")} (it holds: ${held.length > 0 ? held.join(", ") : "none; set DROIDHUB_SECRETS_FILE"})`,
      { details: { field: "secrets", unknown } },
    );
  }
  return Object.fromEntries(names.map((name) => [name, defined(secrets.get(name), `secret ${name}`)]));
}
