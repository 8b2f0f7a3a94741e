import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import type { TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

/**
 * One dialect-blind routine, standing in for the agent until it exists: read the compact UI, tap
 * the first editable element, type, read again. It only uses the operator API, like the agent will
 * use DeviceSession: nothing in it knows which dialect the phone speaks.
 */
async function typeIntoFirstField(hub: TestHub, id: string, text: string): Promise<string> {
  const before = await hub.api("GET", `/api/devices/${id}/ui`);
  expect(before.status).toBe(200);
  const field = before.json.elements.find((e: { editable: boolean }) => e.editable);
  expect(field).toBeDefined();
  expect(
    (await hub.api("POST", `/api/devices/${id}/actions`, { action: "tap", x: field.cx, y: field.cy })).status,
  ).toBe(200);
  expect((await hub.api("POST", `/api/devices/${id}/actions`, { action: "input", text, clear: true })).status).toBe(
    200,
  );
  const after = await hub.api("GET", `/api/devices/${id}/ui`);
  return JSON.stringify(after.json.elements);
}

describe("a droidhub-dialect phone and a Mobilerun phone in one hub", () => {
  let hub: TestHub;
  let portal: FakeMobilerunApp;
  let droid: Awaited<ReturnType<typeof joinPhone>>;
  beforeAll(async () => {
    hub = await startMobilerunHub();
    droid = await joinPhone(hub, "droid-1");
    portal = await joinMobilerun(hub, "portal-1");
    // The Mobilerun phone starts on its launcher: open the login app first.
    await hub.api("POST", "/api/devices/portal-1/actions", { action: "launch", package: "com.example.login" });
  });
  afterAll(async () => {
    portal.stop();
    droid.stop();
    await hub.close();
  });

  it("lists both, each with its dialect and capabilities", async () => {
    const { json } = await hub.api("GET", "/api/devices");
    const byId = Object.fromEntries(json.devices.map((d: { id: string }) => [d.id, d]));
    expect(byId["droid-1"]).toMatchObject({ status: "online", dialect: "droidhub" });
    expect(byId["portal-1"]).toMatchObject({ status: "online", dialect: "mobilerun" });
    expect(byId["droid-1"].capabilities).toContain("all_windows");
    expect(byId["portal-1"].capabilities).toContain("scroll:swipe");
  });

  it.each(["droid-1", "portal-1"])("the same dialect-blind routine drives %s", async (id) => {
    const elements = await typeIntoFirstField(hub, id, "ann@example.com");
    expect(elements).toContain("ann@example.com");
    const shot = await hub.api("GET", `/api/devices/${id}/screenshot`);
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/jpeg");
  });

  it("both are driven at the same time", async () => {
    const results = await Promise.all(
      ["droid-1", "portal-1", "droid-1", "portal-1"].map((id) =>
        hub.api("POST", `/api/devices/${id}/actions`, { action: "key", key: "back" }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
