#!/usr/bin/env node
// The droidhub command runs the compiled hub in dist/ (made by `npm run build`, which `npm ci` and
// `npm pack` run). In a source checkout, a dist/ that is missing or older than the sources would run
// yesterday's code, so there the sources run through tsx's loader instead (a devDependency): as slow
// as every start was before the build, but never stale. The installed package has no sources: it
// always runs dist/, and this check costs it one existsSync.
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

function sourcesAreNewer() {
  if (!existsSync(new URL("hub/cli/entry.ts", root))) return false;
  let build;
  try {
    build = JSON.parse(readFileSync(new URL("dist/build.json", root), "utf8"));
  } catch {
    return true;
  }
  return build.inputs.some((input) => changedSince(new URL(input, root), build.startedAt));
}

if (sourcesAreNewer()) {
  let register;
  try {
    ({ register } = await import("tsx/esm/api"));
  } catch {
    process.stderr.write("droidhub: dist/ is missing or older than the sources, and tsx is not installed: npm run build\n");
    process.exit(1);
  }
  if (process.stderr.isTTY) process.stderr.write("droidhub: running the sources (npm run build makes starts fast)\n");
  register();
  await import("../hub/cli/entry.ts");
} else {
  await import("../dist/hub/cli/entry.js");
}
