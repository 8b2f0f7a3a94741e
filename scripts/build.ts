/**
 * npm run build — the hub as JavaScript in dist/, which bin/droidhub.js runs. `npm ci` (prepare) and
 * `npm pack` run it; dist/ is never committed. Deterministic from the sources: dist/ is made afresh
 * in a temp folder and swapped in at the end, so a droidhub started meanwhile sees the old or the new
 * build, never half of one.
 *   - the modules: tsc with tsconfig.build.json and --noCheck (the type check is `npm run typecheck`,
 *     part of `npm test`; checking again here would triple the time `npm ci` spends building);
 *   - the files the hub reads at run time: every file under ROOTS that is not TypeScript source or a
 *     folder README goes next to its module, at the same relative path (the dashboard, prompts,
 *     generated protobuf code, the demo's recordings), so `new URL("./x", import.meta.url)` finds the
 *     same file from the sources and from dist/;
 *   - dist/hub/util/o200k-ranks.bin: the tokenizer's rank table in a form that loads in milliseconds;
 *   - dist/build.json: when the build started and what it was made from, which bin/droidhub.js
 *     compares with the sources' times in a checkout.
 *   node --import tsx scripts/build.ts
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The folders whose files end up in dist/ (tsconfig.build.json says which modules are compiled). */
const ROOTS = ["hub", "scripts/demo"] as const;
/** What a build is made from: when any of it is newer than the build, a checkout runs the sources. */
const INPUTS = [...ROOTS, "tsconfig.json", "tsconfig.build.json", "scripts/build.ts"];

/** A file the hub reads at run time, as opposed to a module tsc compiles or a note for readers. */
function isAsset(name: string): boolean {
  if (name.endsWith(".ts")) return name.endsWith(".d.ts");
  return !/^README.*\.md$/.test(name);
}

function copyAssets(from: string, to: string): number {
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) {
      copied += copyAssets(source, path.join(to, entry.name));
    } else if (entry.isFile() && isAsset(entry.name)) {
      mkdirSync(to, { recursive: true });
      copyFileSync(source, path.join(to, entry.name));
      copied++;
    }
  }
  return copied;
}

/**
 * The o200k rank table the built hub counts tokens from (hub/util/o200k.ts): made from gpt-tokenizer's
 * own ranks, it loads in milliseconds where the package's Map takes a third of a second.
 */
async function writeTokenTable(staging: string): Promise<void> {
  const [{ default: ranks }, { writeRankTable }, { RANK_TABLE_FILE }] = await Promise.all([
    import("gpt-tokenizer/bpeRanks/o200k_base"),
    import("../hub/util/o200k-table.js"),
    import("../hub/util/o200k.js"),
  ]);
  writeRankTable(path.join(staging, "hub/util", RANK_TABLE_FILE), ranks);
}

async function build(): Promise<void> {
  const startedAt = Date.now();
  const staging = path.join(REPO, `dist.building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const compiled = spawnSync(
      process.execPath,
      [tsc, "-p", path.join(REPO, "tsconfig.build.json"), "--noCheck", "--outDir", staging],
      { stdio: "inherit" },
    );
    if (compiled.status !== 0) throw new Error(`tsc exited ${compiled.status ?? compiled.signal}`);
    let assets = 0;
    for (const root of ROOTS) assets += copyAssets(path.join(REPO, root), path.join(staging, root));
    await writeTokenTable(staging);
    assets++;
    writeFileSync(path.join(staging, "build.json"), `${JSON.stringify({ startedAt, inputs: INPUTS })}\n`);
    const dist = path.join(REPO, "dist");
    const old = `${dist}.old-${process.pid}`;
    try {
      renameSync(dist, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    renameSync(staging, dist);
    rmSync(old, { recursive: true, force: true });
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    // stderr: `npm pack --json` prints its answer on stdout, after the prepare script.
    process.stderr.write(`build: dist/ (modules and ${assets} files the hub reads) in ${seconds} s\n`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

await build();
