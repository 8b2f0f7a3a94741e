/**
 * A session is idle when nothing is asked of it, not when an answer takes long: a tool call that
 * outlasts DROIDHUB_MCP_IDLE_MS keeps its session (and the phones it holds) until it is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub } from "../../helpers/hub.js";
import { callTool, connectMcp, jsonOf } from "../../helpers/mcp.js";
import { joinPhone } from "../../helpers/phones.js";

const IDLE_MS = 300;
let hub: TestHub;
let phone: SimPhone;

beforeAll(async () => {
  hub = await startHub({}, { config: { mcpIdleMs: IDLE_MS } });
  // Every command takes about five idle limits on this phone.
  phone = await joinPhone(hub, "slow", { knobs: { latencyMs: IDLE_MS * 5, jitterMs: 0 } });
});
afterAll(async () => {
  phone.stop();
  await hub.close();
});

describe("an MCP tool call longer than the idle limit", () => {
  it("is answered, and its session and allocated phone outlive it", async () => {
    const { client } = await connectMcp(hub);
    try {
      const allocated = await callTool(client, "allocate_device", { device: "slow" });
      expect(allocated.isError).toBeFalsy();
      const tap = await callTool(client, "mobile_click_on_screen_at_coordinates", { device: "slow", x: 10, y: 10 });
      expect(tap.isError).toBeFalsy();
      expect(hub.app.hub.registry.get("slow")?.lease).toMatch(/^mcp:/);
      // The same session answers the next call.
      const devices = jsonOf(await callTool(client, "mobile_list_available_devices"));
      expect(devices.devices.map((d: { id: string }) => d.id)).toEqual(["slow"]);
    } finally {
      await client.close();
    }
  });
});
