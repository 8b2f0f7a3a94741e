/**
 * `--import` for the benchmarks, after tsx (`HUB_BUILD_ARGS` for their child processes): the hub's
 * modules load from dist/, the build `droidhub serve` runs, instead of from the sources through tsx's
 * on-the-fly transform. That transform costs CPU per call and memory per module that no user pays:
 * bench:gateway, alternating runs, hub CPU per command 62.5–63.1 µs from the sources, 55.8–57.1 µs
 * from the build; RSS per idle phone 8.3–9.7 KB, 3.1–3.4 KB (the modules the first joins load were
 * counted per phone). A dist/ that is missing or older than the sources is built first.
 * BENCH_SOURCES=1 measures the sources instead (to compare, or while a build is broken).
 */
import { spawnSync } from "node:child_process";
import { register } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourcesAreNewer } from "../../bin/build-state.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the benchmark ran: the build or the sources (printed, and written with the figures). */
export const HUB_CODE = process.env["BENCH_SOURCES"] === "1" ? "sources (tsx)" : "dist/ build";

/** execArgv for a benchmark's child process that loads hub modules: the same choice as its parent. */
export const HUB_BUILD_ARGS = ["--import", "tsx", "--import", path.join(here, "hub-build.ts")];

if (process.env["BENCH_SOURCES"] !== "1") {
  if (sourcesAreNewer()) {
    process.stderr.write("bench: dist/ is older than the sources; building it (npm run build)\n");
    const build = spawnSync(process.execPath, ["--import", "tsx", path.join(here, "..", "build.ts")], {
      stdio: "inherit",
    });
    if (build.status !== 0) {
      process.stderr.write("bench: the build failed; fix it, or measure the sources with BENCH_SOURCES=1\n");
      process.exit(1);
    }
  }
  register("./hub-build-hooks.mjs", import.meta.url);
}
// Once per benchmark, not per forked helper process (those have an IPC channel).
if (!process.send) process.stderr.write(`bench: the hub's code is the ${HUB_CODE}\n`);
