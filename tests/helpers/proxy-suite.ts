/**
 * One suite for each shipped proxy config (tests/e2e/proxy-*.test.ts): a hub on 127.0.0.1 with
 * DROIDHUB_TRUST_PROXY=127.0.0.1, the real proxy in front of it serving a certificate of a private
 * CA on 127.0.0.1 and ::1, and clients that reach the proxy over ::1 — so the hub's TCP peer
 * (127.0.0.1, the proxy) and the real client (::1) differ, and the test can tell which one the hub
 * reports.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { FakeMobilerunApp } from "../fakes/mobilerun-client.js";
import { type HttpsAnswer, httpsEvents, httpsRequest } from "./https-client.js";
import { FLEET_KEY, startHub, type TestHub, until } from "./hub.js";
import type { ProxyProcess, ProxyTarget } from "./proxy-process.js";
import { type CertFiles, TestCertificates } from "./tls-files.js";

export function proxySuite(name: string, start: (target: ProxyTarget) => Promise<ProxyProcess>): void {
  describe(`through ${name}`, () => {
    const certs = new TestCertificates();
    let leaf: CertFiles;
    let ca: string;
    let hub: TestHub;
    let proxy: ProxyProcess;
    let base: string;
    const phones: { stop(): void }[] = [];

    beforeAll(async () => {
      leaf = certs.signed();
      ca = readFileSync(certs.ca.cert, "utf8");
      hub = await startHub({}, { config: { trustProxy: "127.0.0.1" } });
      const hubPort = Number(new URL(hub.baseUrl).port);
      proxy = await start({ hubPort, cert: certs.fullChain(leaf), key: leaf.key });
      base = `https://[::1]:${proxy.port}`;
    }, 40_000);

    afterAll(async () => {
      for (const phone of phones) phone.stop();
      await proxy?.stop();
      await hub?.close();
      certs.dispose();
    });

    const simPhone = (id: string) => {
      const phone = new SimPhone(new VirtualDevice({ deviceId: id, app: "login" }), {
        url: `wss://[::1]:${proxy.port}/v1/devices/connect`,
        fleetKey: FLEET_KEY,
        reconnectBaseMs: 50,
        reconnectCapMs: 500,
        trust: { ca },
      });
      phones.push(phone);
      return phone;
    };
    const portal = (id: string, token = FLEET_KEY) => {
      // Trusts only the pinned key: the chain does not validate for it, the leaf's key decides.
      const fake = new FakeMobilerunApp({
        url: `wss://[::1]:${proxy.port}/v1/providers/join`,
        token,
        deviceId: id,
        reconnectDelayMs: 100,
        trust: { pin: leaf.pin },
      });
      phones.push(fake);
      return fake;
    };

    it("joins phones of both dialects over wss, trusting the CA or only a pin, and commands reach them", async () => {
      const phone = simPhone(`${name}-sim`);
      const fake = portal(`${name}-portal`);
      await phone.start();
      await fake.start(15_000);
      for (const id of [`${name}-sim`, `${name}-portal`]) {
        const ui = await httpsRequest(`${base}/api/devices/${id}/ui`, { ca });
        expect(ui.status, id).toBe(200);
        expect(ui.json.elements.length, id).toBeGreaterThan(0);
      }
      expect(fake.methods()).toContain("state");
    });

    it("refuses a proxy whose certificate does not match the pin, in both dialects", async () => {
      const wrong = certs.selfSigned().pin;
      const phone = new SimPhone(new VirtualDevice({ deviceId: `${name}-wrong`, app: "login" }), {
        url: `wss://[::1]:${proxy.port}/v1/devices/connect`,
        fleetKey: FLEET_KEY,
        trust: { pin: wrong },
      });
      phones.push(phone);
      await expect(phone.start()).rejects.toMatchObject({ code: "CERT_PIN_MISMATCH" });
      const fake = new FakeMobilerunApp({
        url: `wss://[::1]:${proxy.port}/v1/providers/join`,
        token: FLEET_KEY,
        deviceId: `${name}-wrong-portal`,
        trust: { pin: wrong },
      });
      phones.push(fake);
      await expect(fake.start(15_000)).rejects.toMatchObject({ code: "CERT_PIN_MISMATCH" });
      expect([phone.state, fake.state]).toEqual(["untrusted", "terminal"]);
    });

    it("shows the hub the phone's own address, not the proxy's, nor one the client made up", async () => {
      const created = await httpsRequest(`${base}/api/fleet-keys`, {
        ca,
        method: "POST",
        body: { label: `${name} proxied` },
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(created.status).toBe(201);
      const audit = await httpsRequest(`${base}/api/audit?limit=5`, { ca });
      const entry = audit.json.entries.find((e: { action: string }) => e.action.includes("fleet-keys"));
      expect(entry.ip).toBe("::1");
      // A refused join is counted against the phone's address too.
      const refused = portal(`${name}-bad-key`, "wrong-fleet-key-0123456789");
      await expect(refused.start(15_000)).rejects.toThrow("portal join refused (401)");
      hub.app.hub.refusals.flush();
      const summary = hub.logs.map((l) => JSON.parse(l)).find((l) => String(l.msg).startsWith("refused "));
      expect(summary.addresses).toEqual({ "::1": 1 });
    });

    it("streams server-sent events as they happen", async () => {
      const events = httpsEvents(`${base}/api/events`, ca, (frames) =>
        frames.some((f) => f.event === "device_joined" && (f.data as { id: string }).id === `${name}-late`),
      );
      await until(() => hub.app.hub.streams.size > 0, 10_000, "the stream to open at the hub");
      await simPhone(`${name}-late`).start();
      const { status, headers } = await events;
      expect(status).toBe(200);
      expect(headers["content-type"]).toContain("text/event-stream");
    });

    /**
     * A proxy that refuses a body mid-upload closes the socket with the rest unread. Go's server
     * (Caddy) sends its 413 and a FIN, then resets the socket 500 ms later; a client that has not
     * read the answer by then (a loaded CI machine) sees ECONNRESET instead. That race belongs to
     * the socket, not to the answer, so a reset is retried; the answer is checked in full.
     */
    async function overLimit(send: () => Promise<HttpsAnswer>): Promise<HttpsAnswer> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await send();
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (attempt >= 5 || (code !== "ECONNRESET" && code !== "EPIPE")) throw error;
        }
      }
    }

    it("passes API bodies up to the hub's 1 MiB limit and refuses larger ones in the hub's shape", async () => {
      const task = (padding: number) =>
        httpsRequest(`${base}/api/tasks`, {
          ca,
          method: "POST",
          body: { goal: "x".repeat(padding), mode: "script", script: [] },
        });
      // Under the limit the hub itself judges the body (and refuses this one for its own reasons).
      const under = await task(1024 * 1024 - 200);
      expect(under.status).not.toBe(413);
      const logged = hub.logs.length;
      const over = await overLimit(() => task(1024 * 1024 + 10));
      expect(over.status).toBe(413);
      expect(over.json.error).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "request body exceeds 1048576 bytes" });
      // Refused by the proxy: the hub never had to read it.
      expect(hub.logs.slice(logged).filter((l) => l.includes("/api/tasks"))).toEqual([]);
    });

    it("carries phone frames larger than the body limit, up to the hub's frame limit", async () => {
      const fake = portal(`${name}-big`);
      await fake.start(15_000);
      // 2 MiB: above any body limit, within DROIDHUB_MAX_FRAME_BYTES; the link stays up and works.
      fake.sendEvent("NOTIFICATION", { text: "x".repeat(2 * 1024 * 1024) });
      const ui = await httpsRequest(`${base}/api/devices/${name}-big/ui`, { ca });
      expect(ui.status).toBe(200);
      // 17 MiB: over the hub's 16 MiB, so the hub (not the proxy) refuses it — the frame got through.
      // (The hub then cuts the socket: nginx still hands the phone its 1009 close frame, Caddy 2.6
      // drops it, so the phone sees 1006 there; either way it reconnects.)
      fake.sendEvent("NOTIFICATION", { text: "x".repeat(17 * 1024 * 1024) });
      await until(() => fake.closes.length > 0, 20_000, "the socket to close");
      const tooLarge = hub.logs
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === "device socket error" && l.err?.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH");
      expect(tooLarge, "the hub refused the frame itself").toBeDefined();
    });
  });
}
