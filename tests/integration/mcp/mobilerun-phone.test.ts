/**
 * A Mobilerun/droidrun Mobilerun-dialect phone over MCP: what its app can do works through the same
 * tools, and what it cannot do (open a URL, a double tap, stopping an app) answers NOT_SUPPORTED —
 * never a silent success.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import type { TestHub } from "../../helpers/hub.js";
import { callTool, connectMcp, errorCode, jsonOf, type McpConnection } from "../../helpers/mcp.js";
import { joinMobilerun, startMobilerunHub } from "../mobilerun/mobilerun-hub.js";

let hub: TestHub;
let portal: FakeMobilerunApp;
let mcp: McpConnection;

beforeAll(async () => {
  hub = await startMobilerunHub();
  portal = await joinMobilerun(hub, "mobilerun-1");
  mcp = await connectMcp(hub);
});

afterAll(async () => {
  await mcp.client.close();
  portal.stop();
  await hub.close();
});

describe("a Mobilerun-dialect phone through MCP", () => {
  it("lists its elements, taps and takes a screenshot", async () => {
    const devices = jsonOf(await callTool(mcp.client, "mobile_list_available_devices"));
    expect(devices.devices).toEqual([expect.objectContaining({ id: "mobilerun-1", dialect: "mobilerun" })]);
    const elements = jsonOf(await callTool(mcp.client, "mobile_list_elements_on_screen", { device: "mobilerun-1" }));
    expect(elements.elements.length).toBeGreaterThan(0);
    const tap = await callTool(mcp.client, "mobile_click_on_element", { device: "mobilerun-1", element: 1 });
    expect(tap.isError).toBeFalsy();
    const shot = await callTool(mcp.client, "mobile_take_screenshot", { device: "mobilerun-1" });
    expect(shot.content[0]).toMatchObject({ type: "image", mimeType: "image/jpeg" });
  });

  it("answers NOT_SUPPORTED for what the Mobilerun Portal app cannot do", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["mobile_open_url", { device: "mobilerun-1", url: "https://example.com/" }],
      ["mobile_double_tap_on_screen", { device: "mobilerun-1", x: 100, y: 100 }],
      ["mobile_terminate_app", { device: "mobilerun-1", packageName: "com.example.app" }],
    ];
    const codes: Record<string, string | undefined> = {};
    for (const [name, args] of calls) codes[name] = errorCode(await callTool(mcp.client, name, args));
    expect(codes).toEqual({
      mobile_open_url: "NOT_SUPPORTED",
      mobile_double_tap_on_screen: "NOT_SUPPORTED",
      mobile_terminate_app: "NOT_SUPPORTED",
    });
  });
});
