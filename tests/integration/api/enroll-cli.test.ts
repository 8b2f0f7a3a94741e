/**
 * `droidhub enroll` and `droidhub fleet-keys` against a real hub: the terminal gets the QR code of
 * the same signed link the API answers, and the key it holds enrols one phone when single-use.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollCommand, parseDuration } from "../../../hub/cli/enroll.js";
import { fleetKeysCommand } from "../../../hub/cli/fleet-keys.js";
import { API_KEY, startHub, type TestHub } from "../../helpers/hub.js";
import { captureOutput } from "../../helpers/output.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";

let hub: TestHub;
let flags: string[];

beforeAll(async () => {
  hub = await startHub();
  flags = ["--hub", hub.baseUrl, "--key", API_KEY];
});

afterAll(async () => {
  await hub.close();
});

function linkFields(link: string): Record<string, string> {
  const fields = Object.fromEntries(
    link
      .slice("droidhub://enroll?".length)
      .split("&")
      .map((pair) => pair.split("=").map(decodeURIComponent) as [string, string]),
  );
  const message = ["droidhub-enroll-v1", fields.url, fields.key, fields.pin, fields.tags, fields.exp]
    .map((v) => v ?? "")
    .join("\n");
  expect(fields.sig).toBe(
    createHmac("sha256", fields.key ?? "")
      .update(message)
      .digest("base64url"),
  );
  return fields;
}

describe("droidhub enroll", () => {
  it("prints a terminal QR code and the signed link for the address phones reach the hub at", async () => {
    const printed = captureOutput();
    const url = "https://hub.example.com";
    const code = await enrollCommand(
      ["--tags", "lab-1, Москва", "--expires", "2h", "--single-use", "--url", url, ...flags],
      printed.out,
    );
    expect(code).toBe(0);
    const text = printed.text();
    expect(text).toMatch(/[█▀▄]{10,}/); // the QR code in block characters
    const link = /^droidhub:\/\/enroll\?\S+$/m.exec(text)![0];
    const fields = linkFields(link);
    expect(fields).toMatchObject({ url, tags: "lab-1,Москва" });
    expect(Number(fields.exp) - Date.now() / 1000).toBeGreaterThan(7100);
    expect(text).toContain("single use");
    expect(text).toContain("no APK configured: build it with npm run portal:apk and set DROIDHUB_PORTAL_APK");
    const listed = captureOutput();
    await fleetKeysCommand(["list", ...flags], listed.out);
    expect(listed.text()).toMatch(/active\s+0\/1\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+lab-1,Москва\s+enrolment/);
  });

  it("says what a bad duration or a non-admin key is", async () => {
    await expect(enrollCommand(["--expires", "soon", ...flags], captureOutput().out)).rejects.toThrow(
      /--expires takes a duration such as 30m, 1h or 7d/,
    );
    expect(parseDuration("90s")).toBe(90);
    expect(parseDuration("7d")).toBe(604_800);
    await expect(
      enrollCommand(["--hub", hub.baseUrl, "--key", "wrong-key-0123456789abcdef"], captureOutput().out),
    ).rejects.toThrow(/refused the operator key/);
  });
});

describe("droidhub fleet-keys", () => {
  it("creates a single-use key whose second enrolment is refused, lists it used up, and revokes it", async () => {
    const created = captureOutput();
    expect(await fleetKeysCommand(["create", "--label", "one phone", "--single-use", ...flags], created.out)).toBe(0);
    const [, id, key] = /created fleet key (\d+) \("one phone"\); shown once:\n(\S+)/.exec(created.text())!;
    const port = Number(new URL(hub.baseUrl).port);
    const join = (deviceId: string) =>
      rawUpgrade(port, { Authorization: `Bearer ${key}`, "X-Device-ID": deviceId }, "/v1/providers/personal/join");
    expect(await join("cli-a")).toBe("HTTP/1.1 101 Switching Protocols");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await join("cli-b")).toBe("HTTP/1.1 401 Unauthorized");
    const listed = captureOutput();
    await fleetKeysCommand(["list", ...flags], listed.out);
    expect(listed.text()).toMatch(new RegExp(`^${id}\\s+used up\\s+1/1\\s+-\\s+-\\s+one phone`, "m"));
    await fleetKeysCommand(["revoke", id!, ...flags], captureOutput().out);
    const after = captureOutput();
    await fleetKeysCommand(["list", ...flags], after.out);
    expect(after.text()).toMatch(new RegExp(`^${id}\\s+revoked`, "m"));
  });
});
