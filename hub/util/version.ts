/** droidhub's version, from package.json (one source for `--version` and the start line). */
import { readFileSync } from "node:fs";

let cached: string | undefined;

export function droidhubVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string })
    .version;
  return cached;
}
