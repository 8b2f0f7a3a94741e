/**
 * `droidhub sim` against TLS hubs: --ca and --pin (and their variables) reach the phones; an
 * untrusted certificate and a pin that does not match are each said in words with what to do; a pin
 * in the wrong spelling, or on a plain ws:// hub, is a usage error before anything dials.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../hub/cli/main.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { sink } from "../../helpers/output.js";
import { TestCertificates } from "../../helpers/tls-files.js";

const dir = mkdtempSync(path.join(tmpdir(), "droidhub-sim-tls-"));
const certs = new TestCertificates();
let hub: TestHub;
let self: ReturnType<TestCertificates["selfSigned"]>;

beforeAll(async () => {
  self = certs.selfSigned();
  hub = await startHub({}, { config: { tls: { cert: self.cert, key: self.key } } });
});
afterAll(async () => {
  await hub.close();
  certs.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function sim(argv: string[], env: Record<string, string> = {}) {
  const err = sink();
  const argvAll = ["sim", "--secrets-file", path.join(dir, "secrets.json"), "--key", FLEET_KEY, ...argv];
  const code = main(argvAll, { out: sink(), err, env });
  return { code, err };
}

describe("droidhub sim and TLS hubs", () => {
  it("joins a self-signed hub by its pin (DROIDHUB_HUB_PIN), and stops on Ctrl-C", async () => {
    const run = sim(["--hub", hub.baseUrl, "--prefix", "pinned", "--count", "2"], { DROIDHUB_HUB_PIN: self.pin });
    await until(() => run.err.text().includes("virtual phones joined"), 15_000, "the phones to join");
    expect(run.err.text()).toContain(`2/2 virtual phones joined ${hub.wsUrl}/v1/devices/connect`);
    process.emit("SIGINT");
    expect(await run.code).toBe(0);
  });

  it("joins a hub a private CA signed with --ca", async () => {
    const leaf = certs.signed();
    const signedHub = await startHub({}, { config: { tls: { cert: leaf.cert, key: leaf.key } } });
    try {
      const run = sim(["--hub", signedHub.baseUrl, "--prefix", "by-ca", "--ca", certs.ca.cert]);
      await until(() => run.err.text().includes("virtual phones joined"), 15_000, "the phone to join");
      expect(run.err.text()).toContain(`1/1 virtual phones joined ${signedHub.wsUrl}/v1/devices/connect`);
      process.emit("SIGINT");
      expect(await run.code).toBe(0);
    } finally {
      await signedHub.close();
    }
  });

  it("refuses a hub whose key is not the pinned one, for good, and says so", async () => {
    const other = certs.selfSigned().pin;
    const { code, err } = sim(["--hub", hub.wsUrl, "--pin", other, "--count", "2"]);
    expect(await code).toBe(1);
    expect(err.text()).toContain(
      "the hub's certificate does not match the pinned key (--pin / DROIDHUB_HUB_PIN) for sim-1, sim-2: " +
        `${hub.wsUrl} presents another key, so nothing was sent and the phones will not retry.`,
    );
    expect(err.text()).not.toContain(FLEET_KEY);
  });

  it("says a certificate it cannot trust is the problem, and how to trust it", async () => {
    const { code, err } = sim(["--hub", hub.wsUrl]);
    expect(await code).toBe(1);
    expect(err.text()).toContain(
      `${hub.wsUrl}'s certificate is not trusted here (DEPTH_ZERO_SELF_SIGNED_CERT) for sim-1: pass --ca FILE`,
    );
    // A CA that did not sign it does not help either.
    const withOtherCa = sim(["--hub", hub.wsUrl, "--ca", certs.ca.cert]);
    expect(await withOtherCa.code).toBe(1);
    expect(withOtherCa.err.text()).toContain("certificate is not trusted here (DEPTH_ZERO_SELF_SIGNED_CERT)");
  });

  it.each([
    [["--pin", "sha256/abc"], "--pin must be sha256/ and 44 base64 characters"],
    [["--ca", "/nonexistent/ca.crt"], "--ca /nonexistent/ca.crt: not a readable PEM certificate (ENOENT)"],
  ])("refuses %j before dialling", async (flags, message) => {
    const { code, err } = sim(["--hub", hub.wsUrl, ...flags]);
    expect(await code).toBe(2);
    expect(err.text()).toContain(message);
  });

  it("refuses a pin for a plain ws:// hub", async () => {
    const { code, err } = sim(["--hub", "ws://127.0.0.1:9", "--pin", self.pin]);
    expect(await code).toBe(2);
    expect(err.text()).toContain("--pin and --ca need a TLS hub (https:// or wss://); --hub is ws://127.0.0.1:9");
  });
});
