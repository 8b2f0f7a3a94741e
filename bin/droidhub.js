#!/usr/bin/env node
// The droidhub command runs the compiled hub in dist/ (made by `npm run build`, which `npm ci` and
// `npm pack` run). In a source checkout, a dist/ that is missing or older than the sources would run
// yesterday's code, so there the sources run through tsx's loader instead (a devDependency): as slow
// as every start was before the build, but never stale. The installed package has no sources: it
// always runs dist/, and this check costs it one existsSync.
import { sourcesAreNewer } from "./build-state.js";

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
