/** droidhub's version, from package.json (one source for `--version` and the start line). */
import { readFileSync } from "node:fs";

let cached: string | undefined;

/**
 * package.json is two folders up from the sources (hub/util/) and three from the build
 * (dist/hub/util/); the first that exists is the package's own.
 */
const PACKAGE_JSON = ["../../package.json", "../../../package.json"].map((p) => new URL(p, import.meta.url));

export function droidhubVersion(): string {
  cached ??= readVersion();
  return cached;
}

function readVersion(): string {
  for (const url of PACKAGE_JSON) {
    let text: string;
    try {
      text = readFileSync(url, "utf8");
    } catch {
      continue;
    }
    return (JSON.parse(text) as { version: string }).version;
  }
  throw new Error(`package.json not found next to ${new URL("../..", import.meta.url).pathname}`);
}
