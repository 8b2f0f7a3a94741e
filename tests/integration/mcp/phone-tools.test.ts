/**
 * The hub's MCP server over Streamable HTTP at /mcp, driven by the official SDK client: tools by
 * scope, a login on a virtual phone through the phone tools, screenshots as MCP images, and typed
 * refusals for bad input, a busy phone, a `read` key and what a Portal-dialect phone cannot do.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORRECT_PASSWORD } from "../../../hub/sim/apps/login.js";
import type { SimDevice, SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub } from "../../helpers/hub.js";
import { callTool, connectMcp, errorCode, jsonOf, type McpConnection } from "../../helpers/mcp.js";
import { joinPhone } from "../../helpers/phones.js";

let hub: TestHub;
let phone: SimPhone;
let mcp: McpConnection;
/** The request kinds the virtual phone executed, in order. */
const executed: string[] = [];

beforeAll(async () => {
  hub = await startHub();
  phone = await joinPhone(hub, "p1");
  const execute = phone.device.execute.bind(phone.device);
  (phone.device as { execute: SimDevice["execute"] }).execute = (request) => {
    // The envelope's id and the result acks riding on it are not what the phone was asked to do.
    executed.push(...Object.keys(request).filter((key) => key !== "id" && key !== "ackedResultIds"));
    return execute(request);
  };
  mcp = await connectMcp(hub);
});

afterAll(async () => {
  await mcp.client.close();
  phone.stop();
  await hub.close();
});

async function readKey(): Promise<string> {
  const created = await hub.api("POST", "/api/operator-keys", { label: "viewer", scope: "read" });
  expect(created.status).toBe(201);
  return created.json.key as string;
}

describe("tools/list", () => {
  it("lists every phone, fleet and task tool to a control key, with input schemas", async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      "mobile_list_available_devices",
      "mobile_get_screen_size",
      "mobile_list_elements_on_screen",
      "mobile_take_screenshot",
      "mobile_click_on_screen_at_coordinates",
      "mobile_click_on_element",
      "mobile_double_tap_on_screen",
      "mobile_long_press_on_screen_at_coordinates",
      "mobile_swipe_on_screen",
      "mobile_type_keys",
      "mobile_press_button",
      "mobile_launch_app",
      "mobile_terminate_app",
      "mobile_list_apps",
      "mobile_open_url",
      "allocate_device",
      "release_device",
      "run_task",
      "get_task",
      "list_tasks",
      "cancel_task",
      "get_run",
    ]) {
      expect(names).toContain(name);
    }
    const tap = tools.find((t) => t.name === "mobile_click_on_screen_at_coordinates");
    expect(tap?.inputSchema.required).toEqual(["device", "x", "y"]);
  });

  it("shows a read key only the read tools, and refuses a control tool with FORBIDDEN", async () => {
    const viewer = await connectMcp(hub, await readKey());
    try {
      const names = (await viewer.client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("mobile_take_screenshot");
      expect(names).toContain("get_task");
      expect(names).not.toContain("mobile_click_on_screen_at_coordinates");
      expect(names).not.toContain("allocate_device");
      executed.length = 0;
      const refused = await callTool(viewer.client, "mobile_click_on_screen_at_coordinates", {
        device: "p1",
        x: 10,
        y: 10,
      });
      expect(refused.isError).toBe(true);
      expect(errorCode(refused)).toBe("FORBIDDEN");
      expect(executed).toEqual([]);
      const audit = await hub.api("GET", "/api/audit?action=mcp:mobile_click_on_screen_at_coordinates");
      expect(audit.json.entries[0]).toMatchObject({ outcome: "error", errorCode: "FORBIDDEN", keyLabel: "viewer" });
    } finally {
      await viewer.client.close();
    }
  });

  it("keeps a session to the key that opened it: another valid key gets 404 for its id", async () => {
    const other = (await hub.api("POST", "/api/operator-keys", { label: "other", scope: "admin" })).json.key;
    const answer = await fetch(`${hub.baseUrl}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${other}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": mcp.transport.sessionId ?? "",
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it("answers 401 to a wrong key before any session exists", async () => {
    await expect(connectMcp(hub, "wrong-key-0123456789abcdef")).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("UNAUTHORIZED"),
    });
  });
});

describe("a login on a virtual phone through the phone tools", () => {
  it("lists elements, taps them by id, types, and sees the home screen in an annotated screenshot", async () => {
    const devices = jsonOf(await callTool(mcp.client, "mobile_list_available_devices"));
    expect(devices.devices).toEqual([
      expect.objectContaining({ id: "p1", status: "online", heldByThisSession: false }),
    ]);
    expect(jsonOf(await callTool(mcp.client, "mobile_get_screen_size", { device: "p1" }))).toMatchObject({
      width: 1080,
      height: 2400,
    });

    const login = jsonOf(await callTool(mcp.client, "mobile_list_elements_on_screen", { device: "p1" }));
    expect(login.package).toBe("com.droidhub.login");
    const id = (label: string, list = login.elements as { id: number; label: string }[]) =>
      list.find((e) => e.label.includes(label))?.id;
    const email = id("Email");
    const password = id("Password");
    expect([email, password].every((v) => typeof v === "number")).toBe(true);

    // The keyboard covers "Sign in" once a field has focus: the password is submitted with enter.
    for (const [field, text, submit] of [
      [email, "ada@example.com", false],
      [password, CORRECT_PASSWORD, true],
    ] as const) {
      const tapped = await callTool(mcp.client, "mobile_click_on_element", { device: "p1", element: field });
      expect(tapped.isError).toBeFalsy();
      expect(jsonOf(tapped)).toMatchObject({ ok: true });
      expect((await callTool(mcp.client, "mobile_type_keys", { device: "p1", text, submit })).isError).toBeFalsy();
    }

    const home = jsonOf(await callTool(mcp.client, "mobile_list_elements_on_screen", { device: "p1" }));
    expect(home.elements.map((e: { label: string }) => e.label)).toContain("Welcome, ada@example.com");

    const shot = await callTool(mcp.client, "mobile_take_screenshot", { device: "p1", annotate: true });
    const image = shot.content.find((c) => c.type === "image");
    expect(image?.type === "image" && image.mimeType).toBe("image/jpeg");
    const bytes = Buffer.from(image?.type === "image" ? image.data : "", "base64");
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([1080, 2400]);
    const plain = await callTool(mcp.client, "mobile_take_screenshot", { device: "p1" });
    const plainImage = plain.content.find((c) => c.type === "image");
    // The marks are drawn: the annotated picture differs from the plain one of the same screen.
    expect(plainImage?.type === "image" && plainImage.data).not.toBe(image?.type === "image" && image.data);
  });

  it("presses buttons, swipes, double-taps, long-presses, launches, lists and stops apps, opens URLs", async () => {
    executed.length = 0;
    const calls: [string, Record<string, unknown>][] = [
      ["mobile_press_button", { device: "p1", button: "HOME" }],
      ["mobile_launch_app", { device: "p1", packageName: "com.droidhub.login" }],
      ["mobile_swipe_on_screen", { device: "p1", direction: "up" }],
      ["mobile_double_tap_on_screen", { device: "p1", x: 540, y: 1200 }],
      ["mobile_long_press_on_screen_at_coordinates", { device: "p1", x: 540, y: 1200 }],
      ["mobile_open_url", { device: "p1", url: "https://example.com/" }],
    ];
    for (const [name, args] of calls) {
      const result = await callTool(mcp.client, name, args);
      expect({ name, error: result.isError ? result.content : undefined }).toEqual({ name, error: undefined });
    }
    expect(executed).toEqual(["pressKey", "launchApp", "swipe", "tap", "longPress", "openUrl"]);
    // The virtual phone stops an app (Home, its typed values forgotten); a bad name is refused first.
    const stop = await callTool(mcp.client, "mobile_terminate_app", {
      device: "p1",
      packageName: "com.droidhub.login",
    });
    expect(stop.isError).toBeFalsy();
    expect(executed.at(-1)).toBe("stopApp");
    const apps = jsonOf(await callTool(mcp.client, "mobile_list_apps", { device: "p1" }));
    expect(apps.apps.map((a: { packageName: string }) => a.packageName)).toContain("com.droidhub.login");
  });
});

describe("bad input answers a typed error", () => {
  it("refuses an unknown device, an unknown element id, wrong types and points off the screen", async () => {
    const unknown = await callTool(mcp.client, "mobile_take_screenshot", { device: "nope" });
    expect(errorCode(unknown)).toBe("DEVICE_NOT_FOUND");
    await callTool(mcp.client, "mobile_list_elements_on_screen", { device: "p1" });
    const element = await callTool(mcp.client, "mobile_click_on_element", { device: "p1", element: 999 });
    expect(errorCode(element)).toBe("NOT_FOUND");
    const types = await callTool(mcp.client, "mobile_click_on_screen_at_coordinates", { device: "p1", x: "10", y: 5 });
    expect(errorCode(types)).toBe("INVALID_BODY");
    expect((types.structuredContent as { error: { details: { field: string } } }).error.details.field).toBe("x");
    const off = await callTool(mcp.client, "mobile_click_on_screen_at_coordinates", { device: "p1", x: 5000, y: 5 });
    expect(errorCode(off)).toBe("INVALID_BODY");
    const button = await callTool(mcp.client, "mobile_press_button", { device: "p1", button: "VOLUME_UP_PLEASE" });
    expect(errorCode(button)).toBe("INVALID_BODY");
  });

  it("refuses to act on a phone a task or another session holds (DEVICE_BUSY), and audits the call", async () => {
    const other = await connectMcp(hub);
    try {
      expect(jsonOf(await callTool(other.client, "allocate_device", { device: "p1" }))).toEqual({
        device: "p1",
        held: true,
      });
      const busy = await callTool(mcp.client, "mobile_click_on_screen_at_coordinates", { device: "p1", x: 5, y: 5 });
      expect(errorCode(busy)).toBe("DEVICE_BUSY");
      // Reading it is still allowed, as GET /api/devices/:id/ui is.
      expect((await callTool(mcp.client, "mobile_list_elements_on_screen", { device: "p1" })).isError).toBeFalsy();
      const audit = await hub.api("GET", "/api/audit?device=p1&action=mcp:mobile_click_on_screen_at_coordinates");
      expect(audit.json.entries[0]).toMatchObject({ outcome: "error", errorCode: "DEVICE_BUSY", status: 409 });
    } finally {
      await other.transport.terminateSession();
      await other.client.close();
    }
    expect(hub.app.hub.registry.get("p1")?.lease).toBeUndefined();
  });
});
