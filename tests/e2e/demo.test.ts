/**
 * `npm run demo` from a fresh data dir, twice in the same folder: without a model key it replays the
 * recorded login, and the second run finds its phones' secrets and works too.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.js";

async function demo(dataDir: string): Promise<{ code: number | null; output: string; port: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEMO_EXIT: "1",
    DROIDHUB_PORT: String(port),
    DROIDHUB_DATA_DIR: dataDir,
  };
  delete env["OPENAI_API_KEY"];
  delete env["OPENAI_BASE_URL"];
  delete env["DROIDHUB_MODEL"];
  delete env["DROIDHUB_HOST"];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo/demo.ts"], { env });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output, port };
}

describe("npm run demo", () => {
  it("replays the recorded login without a model, and runs again in the same folder", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-demo-"));
    try {
      const first = await demo(dataDir);
      expect(first.output).toContain(`http://localhost:${first.port}/`);
      expect(first.output).toContain("replaying a recorded login");
      expect(first.output, first.output).toMatch(/demo run done/);
      expect(first.code).toBe(0);

      const second = await demo(dataDir);
      expect(second.output, second.output).toMatch(/demo run done/);
      expect(second.output).not.toMatch(/401|Error|at .*\.ts:\d+/);
      expect(second.code).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
