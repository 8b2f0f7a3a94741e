/**
 * Enrolment by QR code, through a real hub: POST /api/enrollments makes a fleet key for enrolment
 * and answers the signed deep link with its QR code; the key may expire or be single-use, and the
 * gateway refuses a spent key (HTTP 401 before any upgrade, a refusal reason, an audit entry) while
 * a phone it enrolled keeps reconnecting with its own secret. /portal.apk serves the configured APK.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";

let hub: TestHub;
let port: number;
let readKey: string;
let controlKey: string;
const dir = mkdtempSync(path.join(tmpdir(), "droidhub-enrol-"));
const apk = path.join(dir, "portal.apk");
const phones: RawPhone[] = [];

beforeAll(async () => {
  writeFileSync(apk, Buffer.from("PK\x03\x04 not really an apk, but bytes to serve"));
  hub = await startHub({}, { config: { portalApk: apk } });
  port = Number(new URL(hub.baseUrl).port);
  readKey = (await hub.api("POST", "/api/operator-keys", { label: "reader", scope: "read" })).json.key;
  controlKey = (await hub.api("POST", "/api/operator-keys", { label: "operator", scope: "control" })).json.key;
});

afterAll(async () => {
  for (const phone of phones) phone.socket.terminate();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The link's fields, checked per docs/enrollment-link.md: each field once, the signature of the values. */
function readLink(link: string): Record<string, string> {
  expect(link).toMatch(/^droidhub:\/\/enroll\?v=1&url=/);
  const fields: Record<string, string> = {};
  for (const pair of link.slice("droidhub://enroll?".length).split("&")) {
    const [name, value] = pair.split("=") as [string, string];
    expect(fields[name]).toBeUndefined();
    fields[name] = decodeURIComponent(value);
  }
  const { url = "", key = "", pin = "", tags = "", exp = "" } = fields;
  const message = ["droidhub-enroll-v1", url, key, pin, tags, exp].join("\n");
  expect(fields.sig).toBe(createHmac("sha256", key).update(message).digest("base64url"));
  return fields;
}

function phone(deviceId: string, key: string): RawPhone {
  const raw = new RawPhone(hub.wsUrl, deviceId, key);
  phones.push(raw);
  return raw;
}

const upgrade = (deviceId: string, key: string, url?: string) =>
  rawUpgrade(port, { Authorization: `Bearer ${key}`, "X-Device-ID": deviceId }, url);

const refusalsFor = (reason: string) =>
  hub.app.hub.refusals
    .series()
    .filter((s) => s.labels.reason === reason)
    .reduce((sum, s) => sum + s.count, 0);

async function enrol(body: Record<string, unknown>) {
  const made = await hub.api("POST", "/api/enrollments", body);
  expect(made.status).toBe(201);
  return made;
}

/** The text a QR decoder reads from a PNG (zbarimg; .ci/run installs zbar-tools). */
function decodeQr(png: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "droidhub-qr-")), "qr.png");
  writeFileSync(file, png);
  try {
    // stderr ignored: zbar complains about a missing D-Bus on machines without one, harmlessly.
    const options = { encoding: "utf8" as const, stdio: ["ignore", "pipe", "ignore"] as ["ignore", "pipe", "ignore"] };
    return execFileSync("zbarimg", ["--quiet", "--raw", "-Sbinary", file], options).replace(/\n$/, "");
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe("POST /api/enrollments", () => {
  it("answers a signed link of the hub's URL, a new key, its tags and expiry, with SVG and PNG QR codes", async () => {
    const before = Math.floor(Date.now() / 1000);
    const made = await enrol({ tags: ["lab-1", "Москва"], expiresInS: 3600, singleUse: true });
    expect(made.headers.get("cache-control")).toBe("no-store");
    const fields = readLink(made.json.link);
    expect(fields).toMatchObject({ v: "1", url: hub.baseUrl, key: made.json.key, tags: "lab-1,Москва" });
    expect(fields.pin).toBeUndefined(); // a plain-http hub has no certificate to pin
    expect(Number(fields.exp)).toBeGreaterThanOrEqual(before + 3600);
    expect(Number(fields.exp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(made.json.fleetKey).toMatchObject({ tags: ["lab-1", "Москва"], maxUses: 1, uses: 0 });
    expect(Date.parse(made.json.fleetKey.expiresAt) / 1000).toBe(Number(fields.exp));
    expect(made.json.apk).toBe("/portal.apk");
    expect(made.json.qr.svg).toMatch(/^<svg [^>]*viewBox/);
    const png = Buffer.from(made.json.qr.png.replace(/^data:image\/png;base64,/, ""), "base64");
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // What a phone's camera reads from it: a real QR decoder (zbarimg, Debian's zbar-tools) gives the link back.
    expect(decodeQr(png)).toBe(made.json.link);
    const audit = await hub.api("GET", `/api/audit?fleetKey=${made.json.fleetKey.id}`);
    expect(audit.json.entries[0]).toMatchObject({ action: "POST /api/enrollments", outcome: "ok", status: 201 });
    expect(JSON.stringify(audit.json)).not.toContain(made.json.key);
  });

  it("takes the URL and pin it is given, and refuses a pin with a plain-http URL", async () => {
    const pin = "sha256/YsRKwTRVvRHzEewC2k2ZcPBhvHNM6PM8Gjcf8H3hB+M=";
    const made = await enrol({ url: "https://hub.example.com:8443", pin });
    expect(readLink(made.json.link)).toMatchObject({ url: "https://hub.example.com:8443", pin });
    expect(readLink(made.json.link).exp).toBeUndefined();
    const refused = await hub.api("POST", "/api/enrollments", { url: "http://hub.example.com", pin });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: "INVALID_BODY", details: { field: "pin" } });
    const badPin = await hub.api("POST", "/api/enrollments", { pin: "sha1/abc" });
    expect(badPin.json.error.details).toEqual({ field: "pin" });
  });

  it("refuses oversized and unwritable tags, naming the field, and makes no key", async () => {
    const keysBefore = (await hub.api("GET", "/api/fleet-keys")).json.keys.length;
    const cases: [unknown, string][] = [
      [Array.from({ length: 33 }, (_, i) => `t${i}`), "tags"],
      [["t".repeat(65)], "tags.0"],
      [["a,b"], "tags.0"],
      [[" padded"], "tags.0"],
      [["line\nbreak"], "tags.0"],
      [[""], "tags.0"],
    ];
    for (const [tags, field] of cases) {
      const refused = await hub.api("POST", "/api/enrollments", { tags });
      expect(refused.status, JSON.stringify(tags)).toBe(400);
      expect(refused.json.error).toMatchObject({ code: "INVALID_BODY", details: { field } });
    }
    const tooLong = await hub.api("POST", "/api/enrollments", { expiresInS: 31 * 86_400 });
    expect(tooLong.json.error.details).toEqual({ field: "expiresInS" });
    expect((await hub.api("GET", "/api/fleet-keys")).json.keys.length).toBe(keysBefore);
  });

  it("is admin only: no key and a wrong key get 401, read and control keys 403", async () => {
    for (const [method, url] of [
      ["POST", "/api/enrollments"],
      ["GET", "/api/enrollments/defaults"],
    ] as const) {
      const body = method === "POST" ? {} : undefined;
      const none = await fetch(hub.baseUrl + url, {
        method,
        ...(body ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
      });
      expect(none.status).toBe(401);
      expect((await hub.api(method, url, body, "not-a-key-0123456789abcdef")).status).toBe(401);
      expect((await hub.api(method, url, body, readKey)).status).toBe(403);
      expect((await hub.api(method, url, body, controlKey)).status).toBe(403);
      expect((await hub.api(method, url, body, API_KEY)).status).toBe(method === "POST" ? 201 : 200);
    }
  });

  it("GET /api/enrollments/defaults says the hub URL, no pin on plain http, and the APK", async () => {
    const defaults = await hub.api("GET", "/api/enrollments/defaults");
    expect(defaults.json).toEqual({ url: hub.baseUrl, pin: null, apk: "/portal.apk" });
  });
});

describe("a key made for enrolment, at the gateway", () => {
  it("single use: enrols one phone, which reconnects with its secret; a second phone is refused and audited", async () => {
    const made = await enrol({ singleUse: true, tags: ["qr"] });
    const key = readLink(made.json.link).key!;
    const first = phone("qr-first", key);
    const secret = (await first.join()).deviceSecret!;
    expect(secret).toMatch(/^dhd_/);
    expect(await upgrade("qr-second", key)).toBe("HTTP/1.1 401 Unauthorized");
    expect(refusalsFor("fleet key used up")).toBe(1);
    // The use was the enrolment, not the connection: the phone comes back with its own secret.
    first.socket.terminate();
    await until(() => hub.app.hub.sessions.get("qr-first")?.connected === false);
    expect((await phone("qr-first", secret).join()).deviceSecret).toBe("");
    expect((await hub.api("GET", "/api/devices/qr-first")).json).toMatchObject({ status: "online", tags: ["qr"] });
    const listed = (await hub.api("GET", "/api/fleet-keys")).json.keys.find(
      (k: { id: number }) => k.id === made.json.fleetKey.id,
    );
    expect(listed).toMatchObject({ maxUses: 1, uses: 1 });
    const audit = (await hub.api("GET", `/api/audit?fleetKey=${made.json.fleetKey.id}`)).json.entries;
    expect(audit.map((e: { action: string; outcome: string }) => [e.action, e.outcome])).toEqual([
      ["gateway:join", "error"],
      ["gateway:enroll", "ok"],
      ["POST /api/enrollments", "ok"],
    ]);
    expect(audit[0]).toMatchObject({
      status: 401,
      errorCode: "UNAUTHORIZED",
      detail: { deviceId: "qr-second", reason: "fleet key used up" },
    });
    expect(JSON.stringify(audit)).not.toContain(key);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("expired: a join is refused with 401 in both dialects, with its reason", async () => {
    const { key } = await hub.app.hub.credentials.createFleetKey("stale", [], { expiresAt: Date.now() - 1000 });
    expect(await upgrade("late-phone", key)).toBe("HTTP/1.1 401 Unauthorized");
    expect(await upgrade("late-portal", key, "/v1/providers/personal/join")).toBe("HTTP/1.1 401 Unauthorized");
    expect(refusalsFor("fleet key expired")).toBe(2);
    expect(await hub.app.hub.credentials.getDevice("late-phone")).toBeUndefined();
  });

  it("a key that expires in a second enrols before and refuses after", async () => {
    const made = await hub.api("POST", "/api/fleet-keys", { label: "brief", expiresInS: 1 });
    expect(made.json).toMatchObject({ maxUses: null, uses: 0 });
    expect(await upgrade("in-time", made.json.key)).toBe("HTTP/1.1 101 Switching Protocols");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await upgrade("too-late", made.json.key)).toBe("HTTP/1.1 401 Unauthorized");
  });

  it("single use in the Portal dialect: the phone it enrolled keeps joining with it, another id is refused", async () => {
    const made = await enrol({ singleUse: true });
    const key = made.json.key as string;
    const portal = "/v1/providers/personal/join";
    expect(await upgrade("portal-a", key, portal)).toBe("HTTP/1.1 101 Switching Protocols");
    await until(async () => (await hub.app.hub.credentials.getDevice("portal-a")) !== undefined);
    await until(() => hub.app.hub.sessions.get("portal-a")?.connected !== true);
    expect(await upgrade("portal-a", key, portal)).toBe("HTTP/1.1 101 Switching Protocols");
    expect(await upgrade("portal-b", key, portal)).toBe("HTTP/1.1 401 Unauthorized");
    expect(await upgrade("droid-c", key)).toBe("HTTP/1.1 401 Unauthorized");
  });
});

describe("GET /portal.apk", () => {
  it("serves the configured file to anyone, as an APK download", async () => {
    const response = await fetch(`${hub.baseUrl}/portal.apk`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.android.package-archive");
    expect(response.headers.get("content-disposition")).toContain("droidhub-portal.apk");
    expect(Buffer.from(await response.arrayBuffer()).toString()).toContain("not really an apk");
  });

  it("without one, says how to build and configure it", async () => {
    const bare = await startHub();
    try {
      const response = await fetch(`${bare.baseUrl}/portal.apk`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe(
        "no APK configured: build it with npm run portal:apk and set DROIDHUB_PORTAL_APK",
      );
      expect((await bare.api("GET", "/api/enrollments/defaults")).json.apk).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
