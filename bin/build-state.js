// Whether a source checkout's dist/ is missing or older than its sources: bin/droidhub.js then runs
// the sources through tsx, and the benchmarks (scripts/bench/hub-build.ts) build first. The installed
// package has no sources, so for it the answer is always no, for the cost of one existsSync.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);

/** Whether anything under `url` (a folder or a file) changed after `since` (ms). */
function changedSince(url, since) {
  const stat = statSync(url, { throwIfNoEntry: false });
  if (!stat) return true;
  // A folder's own time moves when a file in it is added, removed or renamed.
  if (stat.mtimeMs > since) return true;
  if (!stat.isDirectory()) return false;
  for (const entry of readdirSync(url)) {
    const child = new URL(entry, url.href.endsWith("/") ? url : `${url.href}/`);
    if (changedSince(child, since)) return true;
  }
  return false;
}

/** True in a source checkout whose dist/ is missing or was built before its sources last changed. */
export function sourcesAreNewer() {
  if (!existsSync(new URL("hub/cli/entry.ts", root))) return false;
  let build;
  try {
    build = JSON.parse(readFileSync(new URL("dist/build.json", root), "utf8"));
  } catch {
    return true;
  }
  return build.inputs.some((input) => changedSince(new URL(input, root), build.startedAt));
}
