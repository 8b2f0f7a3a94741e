/**
 * One device id rule for joins (both dialects) and HTTP routes: an id of the maximum length enrols
 * and every /api/devices/:id route serves it; one character more is refused at the join (401) and
 * never stored, and routes answer 400 naming the field. Before, ids of 101–128 characters enrolled
 * but every /api/devices/:id route answered 414 (fastify's router allowed 100).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_ID_MAX_LENGTH } from "../../../hub/devices/device-limits.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { FLEET_KEY, startHub, type TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";

/** Every character the rule allows, padded to `length`. */
function idOf(length: number): string {
  return `P0-9._:${"a".repeat(length)}`.slice(0, length);
}

const MAX_ID = idOf(DEVICE_ID_MAX_LENGTH);
/** One character more; cut back to the limit it is not MAX_ID (a join that cut ids would take it). */
const TOO_LONG = `Q${MAX_ID}`;
const JOIN_PATHS = ["/v1/devices/connect", "/v1/providers/personal/join", "/v1/providers/join"];

describe("device ids at the length limit", () => {
  let hub: TestHub;
  let port: number;
  let phone: SimPhone;
  beforeAll(async () => {
    hub = await startHub();
    port = Number(new URL(hub.baseUrl).port);
    phone = await joinPhone(hub, MAX_ID);
  });
  afterAll(async () => {
    phone.stop();
    await hub.close();
  });

  it(`an id of ${DEVICE_ID_MAX_LENGTH} characters enrols and every /api/devices/:id route serves it`, async () => {
    expect(phone.deviceSecret).toMatch(/^dhd_/);
    const calls: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "/ui"],
      ["GET", "/screenshot"],
      ["POST", "/actions", { action: "key", key: "home" }],
      ["POST", "/drain"],
      ["POST", "/undrain"],
      ["POST", "/release"],
      ["PUT", "/tags", { tags: ["lab"] }],
    ];
    for (const [method, suffix, body] of calls) {
      for (const id of [MAX_ID, encodeURIComponent(MAX_ID)]) {
        const response = await hub.api(method, `/api/devices/${id}${suffix}`, body);
        expect(response.status, `${method} ${suffix} (${id === MAX_ID ? "raw" : "encoded"})`).toBe(200);
      }
    }
    const task = await hub.api("POST", "/api/tasks", {
      goal: "press home",
      mode: "script",
      device: MAX_ID,
      actions: [{ action: "key", key: "home" }],
    });
    expect(task.status).toBe(201);
    expect((await hub.api("GET", `/api/runs?device=${encodeURIComponent(MAX_ID)}`)).status).toBe(200);
    const reset = await hub.api("DELETE", `/api/devices/${MAX_ID}/enrollment`);
    expect(reset.status).toBe(200);
  });

  it(`an id of ${DEVICE_ID_MAX_LENGTH + 1} characters is refused at every join path with 401 and never stored`, async () => {
    for (const path of JOIN_PATHS) {
      const line = await rawUpgrade(port, { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": TOO_LONG }, path);
      expect(line, path).toBe("HTTP/1.1 401 Unauthorized");
    }
    const rows = hub.db.prepare("SELECT id FROM devices").all() as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual([MAX_ID]);
    expect(hub.app.hub.registry.list().map((e) => e.id)).toEqual([MAX_ID]);
  });

  it.each(["..", ".hidden", "-flag", "_x"])("%s is not an id at any join path", async (id) => {
    for (const path of JOIN_PATHS) {
      const line = await rawUpgrade(port, { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": id }, path);
      expect(line, `${id} on ${path}`).toBe("HTTP/1.1 401 Unauthorized");
    }
  });

  it("routes answer 400 naming the id for one character more, and for a device field", async () => {
    for (const [method, suffix] of [
      ["GET", ""],
      ["GET", "/ui"],
      ["POST", "/drain"],
      ["DELETE", "/enrollment"],
    ] as const) {
      const response = await hub.api(method, `/api/devices/${TOO_LONG}${suffix}`);
      expect(response.status, `${method} ${suffix}`).toBe(400);
      expect(response.json.error).toMatchObject({ code: "INVALID_BODY", details: { field: "id" } });
    }
    const task = await hub.api("POST", "/api/tasks", { goal: "x", device: TOO_LONG });
    expect(task.status).toBe(400);
    expect(task.json.error.details).toEqual({ field: "device" });
    expect((await hub.api("GET", "/api/devices/..%2Fhealthz")).status).toBe(400);
  });
});
