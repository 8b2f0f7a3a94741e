/**
 * The quick start, end to end: `droidhub serve` and `droidhub sim` as real processes, driven over
 * real HTTP.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { endChild } from "../helpers/end-child.js";
import { freePort } from "../helpers/free-port.js";
import { until } from "../helpers/hub.js";

const API_KEY = "e2e-operator-key-0123456789";
const FLEET_KEY = "e2e-fleet-key-0123456789abcdef";

describe("droidhub CLI", () => {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-e2e-"));
  afterAll(async () => {
    await Promise.all(children.map((child) => endChild(child)));
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("serve + sim: 25 virtual phones join with the fleet key and are driven through the API", async () => {
    const port = await freePort();
    let hubOutput = "";
    const hub = spawn(process.execPath, ["bin/droidhub.js", "serve", "--port", String(port), "--host", "127.0.0.1"], {
      env: { ...process.env, DROIDHUB_API_KEY: API_KEY, DROIDHUB_FLEET_KEY: FLEET_KEY, DROIDHUB_DATA_DIR: dataDir },
    });
    children.push(hub);
    hub.stdout.on("data", (d) => {
      hubOutput += d;
    });
    hub.stderr.on("data", (d) => {
      hubOutput += d;
    });
    await until(() => hubOutput.includes("Server listening"), 20_000, "hub start");

    const sim = spawn(
      process.execPath,
      [
        "bin/droidhub.js",
        "sim",
        "--hub",
        `ws://127.0.0.1:${port}`,
        "--key",
        FLEET_KEY,
        "--count",
        "25",
        "--app",
        "login",
        "--secrets-file",
        path.join(dataDir, "sim-secrets.json"),
      ],
      { env: process.env },
    );
    children.push(sim);
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    let online = 0;
    const start = Date.now();
    while (online < 25 && Date.now() - start < 20_000) {
      const { json } = await api("GET", "/api/devices");
      online = (json["devices"] as { status: string }[]).filter((d) => d.status === "online").length;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(online).toBe(25);
    const tap = await api("POST", "/api/devices/sim-7/actions", { action: "tap", x: 540, y: 1200 });
    expect(tap.status).toBe(200);
    expect(tap.json["ok"]).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(hubOutput).not.toContain(FLEET_KEY);
    expect(hubOutput).not.toContain(API_KEY);
  }, 60_000);

  it("a failed start stores no key; the first good start prints it and keeps it in the data dir", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-key-"));
    const dataDir = path.join(dir, "data");
    const env = { ...process.env, DROIDHUB_API_KEY: "", DROIDHUB_FLEET_KEY: "", DROIDHUB_DATA_DIR: dataDir };
    const blocker = net.createServer();
    const busyPort = await new Promise<number>((resolve) =>
      blocker.listen(0, "0.0.0.0", () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      // The port is taken: a plain sentence, exit 1, and no key printed or stored.
      const failed = spawn(process.execPath, ["bin/droidhub.js", "serve", "--port", String(busyPort)], { env });
      let failure = "";
      failed.stdout.on("data", (d) => {
        failure += d;
      });
      failed.stderr.on("data", (d) => {
        failure += d;
      });
      expect(await new Promise((resolve) => failed.once("exit", resolve))).toBe(1);
      expect(failure).toContain(
        `droidhub serve: cannot listen on 0.0.0.0:${busyPort}: the port is in use (EADDRINUSE). Stop what uses it, or pick another port: --port N or DROIDHUB_PORT=N`,
      );
      expect(failure).not.toContain("dho_");
      expect(existsSync(path.join(dataDir, "operator-key"))).toBe(false);

      const first = await serveOnce(env);
      const key = /operator key (dho_\S+) \(generated, shown once; also in (\S+)\)/.exec(first.output);
      expect(key, first.output).not.toBeNull();
      expect(key![2]).toBe(path.join(dataDir, "operator-key"));
      expect(readFileSync(key![2]!, "utf8")).toBe(`${key![1]}\n`);
      expect(statSync(key![2]!).mode & 0o777).toBe(0o600);
      expect(first.output).toContain(`dashboard http://localhost:${first.port}/`);
      expect(first.output).toContain(`/v1/devices/connect · data ${dataDir} · `);
      // The key is on the terminal line only, never in a JSON log line.
      for (const line of first.output.split("\n").filter((l) => l.startsWith("{"))) expect(line).not.toContain(key![1]);
      expect(first.status).toBe(200);

      const second = await serveOnce(env);
      expect(second.output).not.toContain(key![1]);
      expect(second.output).toContain(`operator key in ${path.join(dataDir, "operator-key")}`);
    } finally {
      blocker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("reads ./.env under the environment; a model name alone is no endpoint (503 at once)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-dotenv-"));
    try {
      writeFileSync(
        path.join(dir, ".env"),
        `DROIDHUB_API_KEY=${API_KEY}\nDROIDHUB_FLEET_KEY=${FLEET_KEY}\nDROIDHUB_MODEL=gpt-4o-mini\nDROIDHUB_LOG_LEVEL=debug\n`,
      );
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DROIDHUB_LOG_LEVEL: "info",
        DROIDHUB_DATA_DIR: path.join(dir, "data"),
      };
      for (const name of [
        "DROIDHUB_API_KEY",
        "DROIDHUB_FLEET_KEY",
        "DROIDHUB_MODEL",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
      ])
        delete env[name];
      const run = await serveOnce(env, dir, async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/tasks`, {
          method: "POST",
          headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ goal: "log in", mode: "chain" }),
        });
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(response.status).toBe(503);
        expect(body.error.code).toBe("MODEL_NOT_CONFIGURED");
        expect(body.error.message).toContain("OPENAI_API_KEY");
      });
      expect(run.output).toContain("operator key from DROIDHUB_API_KEY");
      expect(run.output).not.toContain("no phone can join");
      expect(run.output).toContain("DROIDHUB_MODEL is set but no endpoint");
      const dotenvLine = run.output.split("\n").find((l) => l.includes('"msg":"read .env"'));
      expect(dotenvLine).toBeDefined();
      expect(JSON.parse(dotenvLine!)).toMatchObject({
        read: ["DROIDHUB_API_KEY", "DROIDHUB_FLEET_KEY", "DROIDHUB_MODEL"],
        overriddenByEnv: ["DROIDHUB_LOG_LEVEL"],
      });
      expect(run.output).not.toContain(API_KEY);
      expect(run.output).not.toContain(FLEET_KEY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Starts `droidhub serve` on a free port, waits for its start line, runs `during`, stops it. */
async function serveOnce(
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
  during: (port: number) => Promise<void> = async () => {},
): Promise<{ output: string; port: number; status: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve("bin/droidhub.js"), "serve", "--port", String(port)], {
    env,
    cwd,
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  try {
    await until(() => output.includes(" is up · "), 30_000, `hub start:\n${output}`);
    const status = (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
    await during(port);
    return { output, port, status };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}
