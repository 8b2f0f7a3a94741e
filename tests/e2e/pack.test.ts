/**
 * The package as users get it: packed from a copy of this checkout, installed with
 * `npm install -g --prefix` (tests/helpers/package-install.ts), and its commands run as real
 * processes from a folder that is not the checkout — --version, ui, serve (/healthz, the dashboard,
 * migrations), sim joining it, run logging in through the HTTP model fake, backup, demo — and the
 * systemd unit verified against the installed command.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORRECT_PASSWORD } from "../../hub/sim/device/index.js";
import { MIGRATIONS } from "../../hub/store/database.js";
import { startChatCompletionsServer } from "../fakes/chat-completions-server.js";
import { type CliProcess, cleanEnv, freePort, program, REPO } from "../helpers/cli-process.js";
import { chatBrainReply, loginPlanner } from "../helpers/login-brain.js";
import { copyCheckout, installGlobal, type Packed, pack, startPrebuildMirror } from "../helpers/package-install.js";

const API_KEY = "pack-operator-key-0123456789abcdef";
const FLEET_KEY = "pack-fleet-key-0123456789abcdef";
const MODEL_KEY = "sk-pack-test-do-not-leak-0123456789";
const EMAIL = "user@example.com";
const VERSION = (JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }).version;

const tmp = mkdtempSync(path.join(tmpdir(), "droidhub-pack-"));
const work = path.join(tmp, "elsewhere");
let packed: Packed;
let bin: string;
const running: CliProcess[] = [];

beforeAll(async () => {
  const started = Date.now();
  copyCheckout(path.join(tmp, "clone"));
  packed = await pack(path.join(tmp, "clone"), path.join(tmp, "pack"));
  const mirror = await startPrebuildMirror(tmp);
  try {
    bin = await installGlobal(packed.tarball, path.join(tmp, "prefix"), mirror.host);
  } finally {
    await mirror.close();
  }
  mkdirSync(work);
  process.stderr.write(`pack.test: packed and installed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}, 900_000);

afterAll(async () => {
  for (const child of running) await child.stop("SIGKILL");
  // Some 10,000 files (the install's node_modules): slow to delete on a loaded machine.
  rmSync(tmp, { recursive: true, force: true });
}, 180_000);

/** The installed droidhub, from a folder that is not the checkout, with none of droidhub's variables set. */
function droidhub(args: string[], env: Record<string, string> = {}): CliProcess {
  const child = program(bin, args, work, cleanEnv(env));
  running.push(child);
  return child;
}

async function finished(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = droidhub(args, env);
  const code = await child.exited;
  return { code, output: child.output() };
}

describe("droidhub packed and installed with npm install -g", () => {
  it("ships the build and every file the hub reads at run time, and no TypeScript sources", () => {
    const files = new Set(packed.files);
    for (const file of [
      "bin/droidhub.js",
      "dist/hub/cli/entry.js",
      "dist/hub/web/index.html",
      "dist/hub/web/app.js",
      "dist/hub/web/pages/devices.js",
      "dist/hub/llm/prompts/chain-planner.md",
      "dist/hub/protocol/generated/droidhub.js",
      "dist/hub/protocol/generated/droidhub.d.ts",
      "dist/scripts/demo/demo.js",
      "dist/scripts/demo/recorded-login.json",
      "deploy/droidhub.service",
      "docs/deploy.md",
      ".env.example",
      "package.json",
    ])
      expect(files, file).toContain(file);
    const sources = packed.files.filter((f) => (f.endsWith(".ts") && !f.endsWith(".d.ts")) || f.startsWith("tests/"));
    expect(sources).toEqual([]);
    // The hub folders' READMEs are for people reading the sources; deploy/README.md is for operators.
    expect(packed.files.filter((f) => /(^|\/)README[^/]*\.md$/.test(f) && f.startsWith("dist/"))).toEqual([]);
    expect(files).toContain("deploy/README.md");
  });

  it("answers --version and turns a dump into elements (and a marked screenshot) from any folder", async () => {
    const version = await finished(["--version"]);
    expect(version).toEqual({ code: 0, output: `droidhub ${VERSION} (node ${process.version})\n` });

    const dump = path.join(REPO, "tests/fixtures/perception/login.xml");
    const ui = droidhub(["ui", dump]);
    expect(await ui.exited, ui.output()).toBe(0);
    const result = JSON.parse(ui.output()) as { elements: { label: string }[]; package: string; tokens: number };
    expect(result.package).toBe("com.example.shop");
    expect(result.elements.length).toBeGreaterThan(3);
    expect(result.tokens).toBeGreaterThan(0);

    const png = path.join(tmp, "screen.png");
    await sharp({ create: { width: 1080, height: 2400, channels: 3, background: "#ffffff" } })
      .png()
      .toFile(png);
    const marked = await finished(["ui", dump, "--screenshot", png, "--out", path.join(tmp, "marked.jpg")]);
    expect(marked.code, marked.output).toBe(0);
    expect(marked.output).toMatch(/^droidhub ui: wrote .*marked\.jpg \(\d+x\d+, \d+ marks\)$/m);
    expect((await sharp(path.join(tmp, "marked.jpg")).metadata()).format).toBe("jpeg");
  }, 120_000);

  it("serves the API and the dashboard on a migrated database; sim joins it; run logs in through the model fake; backup copies it", async () => {
    const fake = await startChatCompletionsServer({ fallback: chatBrainReply(loginPlanner({ email: EMAIL })) });
    try {
      const port = await freePort();
      const dataDir = path.join(tmp, "data");
      const hub = droidhub(["serve", "--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir], {
        DROIDHUB_API_KEY: API_KEY,
        DROIDHUB_FLEET_KEY: FLEET_KEY,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: MODEL_KEY,
        DROIDHUB_MODEL: "fake-model",
        DROIDHUB_STRUCTURED_OUTPUTS: "on",
      });
      await hub.waitFor(`droidhub ${VERSION} is up`, 120_000);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const index = await fetch(`${base}/`);
      expect([index.status, index.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
      expect(await index.text()).toContain('<script type="module" src="/web/app.js">');
      const app = await fetch(`${base}/web/app.js`);
      expect([app.status, app.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
      expect(await app.text()).toBe(readFileSync(path.join(REPO, "hub/web/app.js"), "utf8"));
      // The compiled route module sits among the dashboard's files in the build; it is not one of them.
      expect((await fetch(`${base}/web/web-routes.js`)).status).toBe(404);
      const db = new Database(path.join(dataDir, "droidhub.sqlite"), { readonly: true });
      expect(db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get()).toEqual({ v: MIGRATIONS.length });
      db.close();

      const sim = droidhub([
        "sim",
        "--hub",
        `ws://127.0.0.1:${port}`,
        "--key",
        FLEET_KEY,
        "--count",
        "2",
        "--app",
        "login",
      ]);
      const auth = { headers: { authorization: `Bearer ${API_KEY}` } };
      const online = async () => {
        const body = (await (await fetch(`${base}/api/devices`, auth)).json()) as { devices: { status: string }[] };
        return body.devices.filter((d) => d.status === "online").length;
      };
      const joinedBy = Date.now() + 60_000;
      while ((await online()) < 2) {
        if (Date.now() > joinedBy) throw new Error(`two phones did not come online; sim printed:\n${sim.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const run = await finished(
        [
          "run",
          `log in as ${EMAIL}`,
          "--device",
          "sim-1",
          "--follow",
          "--hub",
          base,
          "--key",
          API_KEY,
          "--secret",
          `password=${CORRECT_PASSWORD}`,
        ],
        {},
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/done {2}done/);
      expect(fake.requests.length).toBeGreaterThan(0);
      expect(fake.requests[0]!.authorization).toBe(`Bearer ${MODEL_KEY}`);
      expect(fake.sentText()).not.toContain(CORRECT_PASSWORD);

      const backup = await finished(["backup", path.join(tmp, "backup.sqlite"), "--data-dir", dataDir]);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(
        /^backup .*backup\.sqlite: 2 devices, 1 tasks, 1 runs; secrets\.key, \d+ screenshots; /,
      );
      sim.child.kill("SIGINT");
      expect(await hub.stop("SIGTERM")).toBe(0);
      expect(hub.output() + sim.output() + run.output).not.toContain(MODEL_KEY);
    } finally {
      await fake.close();
    }
  }, 240_000);

  it("runs the demo from the installed package: its module and recording ship", async () => {
    const port = await freePort();
    const demo = await finished(["demo", "--port", String(port), "--data-dir", path.join(tmp, "demo-data")], {
      DEMO_EXIT: "1",
    });
    expect(demo.output).toContain("replaying a recorded login");
    expect(demo.output).toMatch(/demo run done/);
    expect(demo.code).toBe(0);
  }, 120_000);

  const systemdAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
  it.runIf(systemdAnalyze)("deploy/droidhub.service verifies, its ExecStart pointed at this install", () => {
    const unit = readFileSync(path.join(REPO, "deploy/droidhub.service"), "utf8");
    expect(unit).toContain("ExecStart=/opt/droidhub/bin/droidhub serve");
    // The unit expects the install prefix /opt/droidhub; this one is a temp folder.
    const here = path.join(tmp, "droidhub.service");
    writeFileSync(here, unit.replaceAll("/opt/droidhub/", `${path.join(tmp, "prefix")}/`));
    execFileSync("systemd-analyze", ["verify", here], { encoding: "utf8" });
  });
});
