/**
 * `./.env`, read the way most tools do: KEY=value lines (comments, quotes and `export ` allowed,
 * parsed by Node's own `util.parseEnv`), under the variables already set — a variable in the
 * environment always wins, even when it is set to an empty string. Only names are ever reported,
 * never values: a .env holds keys.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { HubError } from "../errors/hub-error.js";

export interface DotEnv {
  /** Absolute path of the file read, or undefined when there is none. */
  file: string | undefined;
  /** Names taken from the file (not already set). */
  applied: string[];
  /** Names in the file that the environment overrode. */
  overridden: string[];
}

export interface EnvWithDotEnv {
  env: Record<string, string | undefined>;
  dotenv: DotEnv;
}

/** The environment with `<dir>/.env` under it; the input is not changed. */
export function withDotEnv(env: Readonly<Record<string, string | undefined>>, dir = process.cwd()): EnvWithDotEnv {
  const file = path.resolve(dir, ".env");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR")
      return { env: { ...env }, dotenv: { file: undefined, applied: [], overridden: [] } };
    throw new HubError("CONFIG_INVALID", `cannot read ${file} (${code ?? "unknown error"})`, {
      details: { field: file },
    });
  }
  const values = parseEnv(text);
  const merged: Record<string, string | undefined> = { ...env };
  const applied: string[] = [];
  const overridden: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) {
      overridden.push(name);
      continue;
    }
    merged[name] = value;
    applied.push(name);
  }
  return { env: merged, dotenv: { file, applied, overridden } };
}
