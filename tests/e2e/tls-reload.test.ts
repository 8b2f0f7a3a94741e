/**
 * A renewed certificate, as certbot leaves it: the files are replaced and the hub gets SIGHUP. New
 * connections see the new certificate, phones already connected stay connected and keep working,
 * and a broken pair at reload is logged while the previous one stays in service.
 */

import { X509Certificate } from "node:crypto";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { httpsRequest } from "../helpers/https-client.js";
import { FLEET_KEY, until } from "../helpers/hub.js";
import { type HubProcess, spawnHub } from "../helpers/hub-process.js";
import { TestCertificates } from "../helpers/tls-files.js";

const certs = new TestCertificates();
const first = certs.signed();
const renewed = certs.signed();
const served = { cert: path.join(certs.dir, "hub.crt"), key: path.join(certs.dir, "hub.key") };
const fingerprint = (file: string) => new X509Certificate(readFileSync(file)).fingerprint256;

describe("SIGHUP with renewed certificate files", () => {
  let hub: HubProcess;
  let ca: string;
  const phones: SimPhone[] = [];
  const phone = (id: string, pin?: string) => {
    const p = new SimPhone(new VirtualDevice({ deviceId: id, app: "login" }), {
      url: `${hub.wsUrl}/v1/devices/connect`,
      fleetKey: FLEET_KEY,
      reconnectBaseMs: 50,
      reconnectCapMs: 200,
      trust: pin ? { pin } : { ca },
    });
    phones.push(p);
    return p;
  };
  const logLines = () =>
    hub
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });

  beforeAll(async () => {
    ca = readFileSync(certs.ca.cert, "utf8");
    copyFileSync(first.cert, served.cert);
    copyFileSync(first.key, served.key);
    hub = await spawnHub({ DROIDHUB_TLS_CERT: served.cert, DROIDHUB_TLS_KEY: served.key, DROIDHUB_LOG_LEVEL: "info" });
  }, 30_000);

  afterAll(async () => {
    for (const p of phones) p.stop();
    await hub?.dispose();
    certs.dispose();
  });

  it("serves the new certificate to new connections and keeps open ones", async () => {
    expect(hub.baseUrl).toMatch(/^https:/);
    expect(hub.output()).toContain(`dashboard https://127.0.0.1:${hub.port}/`);
    expect(hub.output()).toContain(`phones join wss://127.0.0.1:${hub.port}/v1/devices/connect`);
    const before = await httpsRequest(`${hub.baseUrl}/healthz`, { ca, key: null });
    expect(before.certFingerprint).toBe(fingerprint(first.cert));
    const early = phone("early");
    await early.start();

    copyFileSync(renewed.cert, served.cert);
    copyFileSync(renewed.key, served.key);
    hub.child.kill("SIGHUP");
    await until(() => logLines().some((l) => l.msg === "TLS certificate reloaded"), 10_000, "the reload");
    const reloaded = logLines().find((l) => l.msg === "TLS certificate reloaded")!;
    expect(reloaded["certificate"]).toMatchObject({
      file: served.cert,
      pin: renewed.pin,
      subject: "CN=droidhub test hub",
    });

    const after = await httpsRequest(`${hub.baseUrl}/healthz`, { ca, key: null });
    expect(after.certFingerprint).toBe(fingerprint(renewed.cert));
    // New phones meet the new key: a pin of the old one no longer matches.
    await phone("late", renewed.pin).start();
    await expect(phone("stale-pin", first.pin).start()).rejects.toMatchObject({ code: "CERT_PIN_MISMATCH" });
    // The phone that joined before the reload kept its socket, and commands still reach it over it.
    expect([early.state, early.joins]).toEqual(["online", 1]);
    const ui = await httpsRequest(`${hub.baseUrl}/api/devices/early/ui`, { ca });
    expect(ui.status).toBe(200);
    expect(early.joins).toBe(1);
  });

  it("keeps the certificate it serves when the new files do not make a pair, and says why", async () => {
    copyFileSync(first.cert, served.cert); // the key is still the renewed one's
    hub.child.kill("SIGHUP");
    await until(() => logLines().some((l) => l.msg.startsWith("TLS certificate not reloaded")), 10_000, "the refusal");
    const refused = logLines().find((l) => l.msg.startsWith("TLS certificate not reloaded"))!;
    expect(refused["msg"]).toBe("TLS certificate not reloaded; still serving the previous one");
    expect(refused["reason"]).toBe(`the private key ${served.key} does not belong to the certificate ${served.cert}`);
    writeFileSync(served.cert, "-----BEGIN CERTIFICATE-----\ntruncated");
    hub.child.kill("SIGHUP");
    await until(
      () => logLines().filter((l) => l.msg.startsWith("TLS certificate not reloaded")).length === 2,
      10_000,
      "the second refusal",
    );
    const now = await httpsRequest(`${hub.baseUrl}/healthz`, { ca, key: null });
    expect(now.status).toBe(200);
    expect(now.certFingerprint).toBe(fingerprint(renewed.cert));
    expect(hub.child.exitCode).toBeNull();
    expect(hub.output()).not.toContain("PRIVATE KEY");
  });
});
