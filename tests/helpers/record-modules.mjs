/**
 * `--import` this (NODE_OPTIONS) with DROIDHUB_RECORD_MODULES=FILE: every module the process loads
 * is appended to FILE, one URL a line — ES modules as they load (record-modules-hook.mjs), CommonJS
 * ones (which ES module hooks do not see when required from CommonJS) from the require cache at
 * exit. Tests read it to check that a command does not load what it does not need.
 */
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { pathToFileURL } from "node:url";

const out = process.env.DROIDHUB_RECORD_MODULES;
if (out) {
  register(new URL("./record-modules-hook.mjs", import.meta.url), { data: { out } });
  const require = createRequire(import.meta.url);
  process.on("exit", () => {
    const files = Object.keys(require.cache).map((file) => `${pathToFileURL(file).href}\n`);
    appendFileSync(out, files.join(""));
  });
}
