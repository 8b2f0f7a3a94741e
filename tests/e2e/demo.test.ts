/** `npm run demo` from a fresh data dir: without a model key it replays the recorded login, and it works. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("npm run demo", () => {
  it("starts the hub with two phones and replays the recorded login without a model", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-demo-"));
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEMO_EXIT: "1",
      DROIDHUB_PORT: String(port),
      DROIDHUB_HOST: "127.0.0.1",
      DROIDHUB_DATA_DIR: dataDir,
    };
    delete env["OPENAI_API_KEY"];
    delete env["OPENAI_BASE_URL"];
    delete env["DROIDHUB_MODEL"];
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo/demo.ts"], { env });
      let output = "";
      child.stdout.on("data", (d) => {
        output += d;
      });
      child.stderr.on("data", (d) => {
        output += d;
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(output).toContain(`http://localhost:${port}/`);
      expect(output).toContain("replaying a recorded login");
      expect(output, output).toMatch(/demo run done/);
      expect(code).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
