/**
 * Start-up cost is mostly modules loaded: a command must not load packages it does not use, and the
 * hub must answer /healthz without the ones only some requests need. Checked on the real `droidhub`
 * processes (bin/droidhub.js: the build when fresh, else the sources) with a module recorder, not
 * with a clock; scripts/bench/startup.ts measures the time.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { cleanEnv, droidhub, freePort, REPO } from "../../helpers/cli-process.js";
import { until } from "../../helpers/hub.js";

const RECORDER = pathToFileURL(path.join(REPO, "tests/helpers/record-modules.mjs")).href;
const DUMP = path.join(REPO, "tests/fixtures/perception/login.xml");
/** What only serving (or images, or other commands) needs. */
const HUB_ONLY = ["fastify", "@fastify/websocket", "ws", "better-sqlite3", "pino"];
const ON_DEMAND = ["sharp", "pg", "ioredis", "openai", "@modelcontextprotocol/sdk", "qrcode"];

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The o200k rank table as gpt-tokenizer ships it (2.4 MB of JavaScript, a third of a second to load). */
const RANK_MODULE = /\/node_modules\/gpt-tokenizer\/(esm|cjs)\/bpeRanks\//;

/**
 * Runs droidhub with the recorder; the npm packages it loaded, by name ("@scope/name" included), and
 * "gpt-tokenizer ranks" when it loaded the tokenizer's rank table (the package's split pattern alone
 * is small, and the hub loads it with the token counter).
 */
async function packagesLoaded(args: string[], whileRunning?: (port: number) => Promise<void>): Promise<Set<string>> {
  dir = mkdtempSync(path.join(tmpdir(), "droidhub-lazy-"));
  const record = path.join(dir, "modules.txt");
  const port = await freePort();
  const env = cleanEnv({
    NODE_OPTIONS: `--import ${RECORDER}`,
    DROIDHUB_RECORD_MODULES: record,
    DROIDHUB_API_KEY: "lazy-imports-operator-key-0123456789",
  });
  const argv = args[0] === "serve" ? [...args, "--port", String(port), "--data-dir", path.join(dir, "data")] : args;
  const cli = droidhub(argv, dir, env);
  if (whileRunning) {
    await cli.waitFor("is up");
    await whileRunning(port);
    await cli.stop();
  }
  expect(await cli.exited, cli.output()).toBe(0);
  const names = new Set<string>();
  for (const line of readFileSync(record, "utf8").split("\n")) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line)?.[1];
    if (name) names.add(name);
    if (RANK_MODULE.test(line)) names.add("gpt-tokenizer ranks");
  }
  return names;
}

describe("start-up loads only what the command uses", () => {
  it("droidhub --version loads no package at all", async () => {
    const loaded = await packagesLoaded(["--version"]);
    for (const name of [...HUB_ONLY, ...ON_DEMAND, "zod", "protobufjs", "fast-xml-parser", "gpt-tokenizer ranks"])
      expect(loaded, name).not.toContain(name);
  });

  it("droidhub ui FILE loads the XML parser, not the hub, sharp or the config schema", async () => {
    const loaded = await packagesLoaded(["ui", DUMP]);
    // The recorder sees the packages ui does use.
    expect(loaded).toContain("fast-xml-parser");
    for (const name of [...HUB_ONLY, ...ON_DEMAND, "zod"]) expect(loaded, name).not.toContain(name);
  });

  it("droidhub serve answers /healthz without the MCP SDK, openai, qrcode, pg, the tokenizer or the XML parser", async () => {
    const loaded = await packagesLoaded(["serve", "--host", "127.0.0.1", "--log-level", "warn"], async (port) => {
      await until(
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200,
        30_000,
        "/healthz answers 200",
      );
    });
    expect(loaded).toContain("fastify");
    expect(loaded).toContain("better-sqlite3");
    // sharp is left out here: the font warm-up loads it once the hub listens, by design.
    for (const name of [
      "pg",
      "ioredis",
      "openai",
      "@modelcontextprotocol/sdk",
      "qrcode",
      "gpt-tokenizer ranks",
      "fast-xml-parser",
    ])
      expect(loaded, name).not.toContain(name);
  });
});
