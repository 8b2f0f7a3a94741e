/**
 * The hub's own TLS, with certificates openssl made: phones of both dialects join over wss trusting
 * a private CA, or only a pinned key (a self-signed hub); the pin follows the portal's rules; a wrong
 * pin is final and sends nothing; the operator API answers over https; a bad pair stops the start
 * with the file's name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import type { HubTrust } from "../../../hub/gateway/hub-trust.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { openDatabase } from "../../../hub/store/database.js";
import { sqliteStores } from "../../../hub/store/stores.js";
import { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import { httpsRequest } from "../../helpers/https-client.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { TestCertificates } from "../../helpers/tls-files.js";

const certs = new TestCertificates();
afterAll(() => certs.dispose());

/** A hub serving `files`, counting the connections it accepts. */
async function tlsHub(files: { cert: string; key: string }): Promise<TestHub & { connections: () => number }> {
  const hub = await startHub({}, { config: { tls: files } });
  let connections = 0;
  hub.app.server.on("connection", () => connections++);
  return Object.assign(hub, { connections: () => connections });
}

function simPhone(hub: TestHub, id: string, trust: HubTrust, errors: Error[] = []): SimPhone {
  return new SimPhone(new VirtualDevice({ deviceId: id, app: "login" }), {
    url: `${hub.wsUrl}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
    reconnectBaseMs: 20,
    reconnectCapMs: 100,
    trust,
    onConnectError: (error) => errors.push(error),
  });
}

function portal(hub: TestHub, id: string, trust: HubTrust): FakeMobilerunApp {
  return new FakeMobilerunApp({
    url: `${hub.wsUrl}/v1/providers/join`,
    token: FLEET_KEY,
    deviceId: id,
    reconnectDelayMs: 20,
    trust,
  });
}

async function onlineIds(hub: TestHub): Promise<string[]> {
  const answer = await hub.app.inject({ url: "/api/devices", headers: { authorization: `Bearer ${API_KEY}` } });
  expect(answer.statusCode).toBe(200);
  return (answer.json().devices as { id: string; status: string }[])
    .filter((device) => device.status === "online")
    .map((device) => device.id)
    .sort();
}

describe("built-in TLS with a private CA", () => {
  let hub: Awaited<ReturnType<typeof tlsHub>>;
  let ca: string;
  const leaf = certs.signed();
  beforeAll(async () => {
    ca = readFileSync(certs.ca.cert, "utf8");
    // The whole chain, as certbot's fullchain.pem: phones that do not trust the CA see it too.
    hub = await tlsHub({ cert: certs.fullChain(leaf), key: leaf.key });
  });
  afterAll(() => hub.close());

  it("joins phones of both dialects over wss and answers the API over https", async () => {
    const phone = simPhone(hub, "ca-sim", { ca });
    const fake = portal(hub, "ca-portal", { ca });
    try {
      await phone.start();
      await fake.start(10_000);
      expect(hub.wsUrl).toMatch(/^wss:/);
      expect(await onlineIds(hub)).toEqual(["ca-portal", "ca-sim"]);
      const devices = await httpsRequest(`${hub.baseUrl}/api/devices`, { ca });
      expect(devices.status).toBe(200);
      expect(devices.json.devices.map((d: { id: string }) => d.id).sort()).toEqual(["ca-portal", "ca-sim"]);
      // A command travels both ways over the encrypted socket.
      const ui = await httpsRequest(`${hub.baseUrl}/api/devices/ca-portal/ui`, { ca });
      expect(ui.status).toBe(200);
      expect(fake.methods()).toContain("state");
      for (const url of ["/healthz", "/readyz"]) {
        expect((await httpsRequest(`${hub.baseUrl}${url}`, { ca, key: null })).status).toBe(200);
      }
    } finally {
      phone.stop();
      fake.stop();
    }
  });

  it("says which certificate it serves, with the pin openssl computes, and no key material", () => {
    const line = hub.logs.map((l) => JSON.parse(l)).find((l) => l.msg === "serving https and wss");
    expect(line.certificate).toMatchObject({ subject: "CN=droidhub test hub", pin: leaf.pin });
    expect(line.certificate.file).toMatch(/chain-\d+\.pem$/);
    expect(line.certificate.issuer).toBe("CN=droidhub test CA");
    expect(Date.parse(line.certificate.notAfter)).toBeGreaterThan(Date.now());
    const keyBody = readFileSync(leaf.key, "utf8").split("\n")[1]!;
    expect(hub.logs.join("")).not.toContain(keyBody);
    expect(hub.logs.join("")).not.toContain("PRIVATE KEY");
  });

  it("is refused by a phone that neither trusts the CA nor has a pin, which keeps trying", async () => {
    const errors: Error[] = [];
    const phone = simPhone(hub, "no-trust", {}, errors);
    void phone.start().catch(() => undefined);
    try {
      await until(() => errors.length >= 2, 10_000, "two failed attempts");
      expect((errors[0] as NodeJS.ErrnoException).code).toBe("SELF_SIGNED_CERT_IN_CHAIN");
      expect(phone.state).toBe("reconnecting");
    } finally {
      phone.stop();
    }
  });

  it("takes a pin of the CA when the chain validates, and checks the host name then", async () => {
    const phone = simPhone(hub, "ca-pinned", { ca, pin: certs.ca.pin });
    await phone.start();
    phone.stop();
    // The same pin without the CA trusted: the chain does not validate, so only the leaf's key counts —
    // even though the CA's certificate, with the pinned key, came along in the chain.
    const errors: Error[] = [];
    const untrusted = simPhone(hub, "ca-pin-untrusted", { pin: certs.ca.pin }, errors);
    await expect(untrusted.start()).rejects.toMatchObject({ code: "CERT_PIN_MISMATCH" });
    expect(untrusted.state).toBe("untrusted");
  });

  it("checks the host name of a CA-valid chain unless the leaf's own key is the pinned one", async () => {
    const elsewhere = certs.signed("DNS:hub.invalid");
    const other = await tlsHub(elsewhere);
    try {
      const errors: Error[] = [];
      const byCa = simPhone(other, "by-ca", { ca, pin: certs.ca.pin }, errors);
      void byCa.start().catch(() => undefined);
      await until(() => errors.length > 0, 10_000, "a refused handshake");
      byCa.stop();
      expect((errors[0] as NodeJS.ErrnoException).code).toBe("ERR_TLS_CERT_ALTNAME_INVALID");
      const byLeaf = simPhone(other, "by-leaf", { ca, pin: elsewhere.pin });
      await byLeaf.start();
      byLeaf.stop();
    } finally {
      await other.close();
    }
  });
});

describe("built-in TLS with a self-signed certificate", () => {
  // Named for no address the phones dial: the pin alone is the hub's identity.
  const self = certs.selfSigned("DNS:hub.invalid");
  let hub: Awaited<ReturnType<typeof tlsHub>>;
  beforeAll(async () => {
    hub = await tlsHub(self);
  });
  afterAll(() => hub.close());

  it("joins phones of both dialects that pin its key", async () => {
    const phone = simPhone(hub, "pin-sim", { pin: self.pin });
    const fake = portal(hub, "pin-portal", { pin: self.pin });
    try {
      await phone.start();
      await fake.start(10_000);
      expect(await onlineIds(hub)).toEqual(["pin-portal", "pin-sim"]);
    } finally {
      phone.stop();
      fake.stop();
    }
  });

  it("refuses a wrong pin for good: both dialects stop, and no request reaches the hub", async () => {
    const wrong = certs.selfSigned().pin;
    const before = hub.connections();
    const logsBefore = hub.logs.length;
    const phone = simPhone(hub, "wrong-sim", { pin: wrong });
    const fake = portal(hub, "wrong-portal", { pin: wrong });
    await expect(phone.start()).rejects.toMatchObject({
      code: "CERT_PIN_MISMATCH",
      message: "the hub's certificate does not match the pinned key",
    });
    await expect(fake.start(10_000)).rejects.toMatchObject({ code: "CERT_PIN_MISMATCH" });
    expect([phone.state, fake.state]).toEqual(["untrusted", "terminal"]);
    // Each made one connection and no second attempt (reconnects are 20 ms apart otherwise).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hub.connections() - before).toBe(2);
    // The handshake ended before the upgrade request: the hub saw no request and refused nothing.
    expect(hub.app.hub.refusals.series()).toEqual([]);
    expect(hub.logs.slice(logsBefore).join("")).not.toMatch(/wrong-(sim|portal)|\/v1\//);
    expect(await onlineIds(hub)).not.toContain("wrong-sim");
  });
});

describe("a TLS handshake that never comes", () => {
  it("is cut after the header timeout, not Node's 120 s", async () => {
    const leaf = certs.signed();
    const hub = await startHub({}, { config: { tls: leaf }, http: { headersTimeoutMs: 1_000 } });
    try {
      const socket = net.connect(Number(new URL(hub.baseUrl).port), "127.0.0.1");
      socket.on("error", () => undefined);
      let closed = false;
      socket.on("close", () => {
        closed = true;
      });
      // Connected, and then not a byte: no ClientHello, so no HTTP request the header timeout could see.
      await until(() => closed, 15_000, "the silent socket to be closed");
    } finally {
      await hub.close();
    }
  });
});

describe("TLS files at start", () => {
  const leaf = certs.signed();
  const other = certs.selfSigned();
  const start = (tls: { cert: string; key: string }) =>
    buildApp(loadConfig({ overrides: { dataDir: ":memory:", tls } }), {
      stores: sqliteStores(openDatabase(":memory:"), { dataDir: ":memory:" }),
      logger: false,
    });

  it.each([
    [
      "a missing certificate",
      () => ({ cert: path.join(certs.dir, "nope.crt"), key: leaf.key }),
      /cannot read the TLS certificate file .*nope\.crt \(ENOENT\)/,
    ],
    [
      "a missing key",
      () => ({ cert: leaf.cert, key: path.join(certs.dir, "nope.key") }),
      /cannot read the TLS private key file .*nope\.key \(ENOENT\)/,
    ],
    [
      "a key of another certificate",
      () => ({ cert: leaf.cert, key: other.key }),
      /the private key .*\.key does not belong to the certificate .*\.crt/,
    ],
    [
      "a certificate file that is no certificate",
      () => {
        const file = path.join(certs.dir, "garbage.crt");
        writeFileSync(file, "not a certificate\n");
        return { cert: file, key: leaf.key };
      },
      /garbage\.crt holds no PEM certificate/,
    ],
  ])("stops on %s, naming the file", async (_what, files, message) => {
    const error = await start(files()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "CONFIG_INVALID" });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("PRIVATE KEY");
  });

  it("needs both files", () => {
    expect(() => loadConfig({ env: { DROIDHUB_TLS_CERT: leaf.cert } })).toThrow(
      "config tls: --tls-cert (DROIDHUB_TLS_CERT) and --tls-key (DROIDHUB_TLS_KEY) go together",
    );
  });
});
