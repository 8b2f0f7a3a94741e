/**
 * The quick start, end to end: `droidhub serve` and `droidhub sim` as real processes, driven over
 * real HTTP.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../helpers/hub.js";

const API_KEY = "e2e-operator-key-0123456789";
const FLEET_KEY = "e2e-fleet-key-0123456789abcdef";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("droidhub CLI", () => {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-e2e-"));
  afterAll(() => {
    for (const child of children) child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

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

  it("prints a generated operator key once, on first start only", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-key-"));
    const run = async (): Promise<string> => {
      const port = await freePort();
      const child = spawn(process.execPath, ["bin/droidhub.js", "serve", "--port", String(port), "--data-dir", dir], {
        env: { ...process.env, DROIDHUB_API_KEY: "", DROIDHUB_FLEET_KEY: "" },
      });
      let output = "";
      child.stdout.on("data", (d) => {
        output += d;
      });
      child.stderr.on("data", (d) => {
        output += d;
      });
      await until(() => output.includes("Server listening"), 20_000, "hub start");
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      return output;
    };
    try {
      const first = await run();
      const key = /\n {4}(dho_\S+)\n/.exec(first)?.[1];
      expect(key).toBeDefined();
      const second = await run();
      expect(second).not.toContain("generated operator API key");
      expect(second).not.toContain(key!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
