/**
 * `droidhub sim` says why phones did not join — no hub, a wrong fleet key, something that is not a
 * hub — and exits, instead of printing "0/3 joined" or waiting forever.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../../hub/cli/main.js";
import { hubKey, SimSecrets } from "../../../hub/sim/secrets-file.js";
import { startHub } from "../../helpers/hub.js";
import { sink } from "../../helpers/output.js";

const dir = mkdtempSync(path.join(tmpdir(), "droidhub-sim-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sim(argv: string[]) {
  const out = sink();
  const err = sink();
  const code = await main(["sim", "--secrets-file", path.join(dir, "secrets.json"), ...argv], { out, err, env: {} });
  return { code, err: err.text() };
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("droidhub sim failures", () => {
  it("exits at once when no hub listens, naming the address", async () => {
    const port = await closedPort();
    const { code, err } = await sim(["--hub", `http://127.0.0.1:${port}`, "--key", "k".repeat(20), "--count", "3"]);
    expect(code).toBe(1);
    expect(err).toContain(`cannot reach the hub at ws://127.0.0.1:${port} (ECONNREFUSED) for sim-1, sim-2, sim-3`);
    expect(err).toContain("is it running?");
    expect(err).toContain(`0/3 virtual phones joined ws://127.0.0.1:${port}/v1/devices/connect`);
  });

  it("says a refused fleet key is refused, and what to check", async () => {
    const hub = await startHub();
    try {
      const { code, err } = await sim(["--hub", hub.wsUrl, "--key", "wrong-fleet-key-0123456789", "--count", "2"]);
      expect(code).toBe(1);
      expect(err).toContain(`${hub.wsUrl} refused the fleet key for sim-1, sim-2 (HTTP 401)`);
      expect(err).toContain("check --key / DROIDHUB_FLEET_KEY");
      expect(err).not.toContain("wrong-fleet-key");
    } finally {
      await hub.close();
    }
  });

  it("says when the address is not a hub", async () => {
    const server = createServer((_req, res) => res.writeHead(404).end("nothing here"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const { code, err } = await sim(["--hub", `ws://127.0.0.1:${port}`, "--key", "k".repeat(20)]);
      expect(code).toBe(1);
      expect(err).toContain(`answered HTTP 404 instead of a phone join for sim-1: is --hub a droidhub hub`);
    } finally {
      server.close();
    }
  });

  it("asks for a fleet key and a sane count before connecting", async () => {
    const noKey = await sim([]);
    expect(noKey.code).toBe(2);
    expect(noKey.err).toContain("no fleet key: pass --key KEY or set DROIDHUB_FLEET_KEY");
    expect((await sim(["--key", "k".repeat(20), "--count", "zero"])).err).toContain(
      '--count must be an integer ≥ 1, got "zero"',
    );
    expect((await sim(["--key", "k".repeat(20), "--app", "chess"])).err).toContain("--app must be one of launcher");
  });
});

describe("sim secrets file", () => {
  it("keys secrets by hub, however the hub's address is written", () => {
    expect(hubKey("http://127.0.0.1:8080")).toBe("ws://127.0.0.1:8080");
    expect(hubKey("ws://127.0.0.1:8080/v1/devices/connect")).toBe("ws://127.0.0.1:8080");
    expect(hubKey("https://Hub.Example.com/droidhub/")).toBe("wss://hub.example.com/droidhub");
    const file = path.join(dir, "per-hub.json");
    SimSecrets.open(file, "ws://a:1").set("sim-1", "secret-a");
    SimSecrets.open(file, "http://b:2").set("sim-1", "secret-b");
    expect(SimSecrets.open(file, "http://a:1/").get("sim-1")).toBe("secret-a");
    expect(SimSecrets.open(file, "ws://b:2").get("sim-1")).toBe("secret-b");
    expect(SimSecrets.open(file, "ws://c:3").get("sim-1")).toBeUndefined();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("reads the first format (id → secret) as the hub it is pointed at, and names a broken file", () => {
    const file = path.join(dir, "legacy.json");
    writeFileSync(file, JSON.stringify({ "sim-1": "old-secret" }));
    expect(SimSecrets.open(file, "ws://127.0.0.1:8080").get("sim-1")).toBe("old-secret");
    writeFileSync(file, "{ nope");
    expect(() => SimSecrets.open(file, "ws://127.0.0.1:8080")).toThrow(`${file} is not valid JSON`);
    writeFileSync(file, JSON.stringify({ version: 2, hubs: { x: [1] } }));
    expect(() => SimSecrets.open(file, "ws://127.0.0.1:8080")).toThrow("is not a droidhub sim secrets file");
  });
});
