/**
 * The phone vocabulary: each verb is exactly one wire request, with the enums, the timings and the
 * package/URL rules in one place. A recording session stands in for the phone (same DeviceSession
 * interface); what reaches a real phone is covered by the gateway, portal and agent suites.
 */
import { describe, expect, it } from "vitest";
import { ABSOLUTE_URL, LONG_PRESS_MS, PACKAGE_NAME, Phone } from "../../../hub/devices/phone.js";
import type { CallOptions, DeviceRequest, DeviceSession } from "../../../hub/devices/types.js";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { pb } from "../../../hub/protocol/codec.js";
import { PIXEL_INFO } from "../../helpers/device-info.js";

function recording(result: Record<string, unknown> = {}) {
  const calls: { request: DeviceRequest; options: CallOptions | undefined }[] = [];
  const session: DeviceSession = {
    deviceId: "p1",
    sessionId: "s1",
    info: PIXEL_INFO,
    connected: true,
    call: async (request, options) => {
      calls.push({ request, options });
      return { result: { ok: true, ...result }, ms: 3 };
    },
    onEvent: () => () => undefined,
  };
  return { phone: new Phone(session), calls, requests: () => calls.map((c) => c.request) };
}

describe("Phone verbs", () => {
  it("build one request each, with the wire enums", async () => {
    const { phone, requests } = recording();
    await phone.tap({ x: 1, y: 2 });
    await phone.doubleTap({ x: 3, y: 4 });
    await phone.longPress({ x: 5, y: 6 });
    await phone.longPress({ x: 5, y: 6 }, 1500);
    await phone.swipe({ x: 1, y: 2 }, { x: 3, y: 4 }, 300);
    await phone.scroll("down");
    await phone.scroll("left", { amountPx: 120.6, node: 7 });
    await phone.scroll("up", { node: -1 });
    await phone.type("hi", { clear: true, submit: false });
    await phone.pressKey("back");
    await phone.pressKey("quick_settings");
    await phone.launch("com.example.app");
    await phone.launch("com.example.app", ".Main");
    await phone.stopApp("com.example.app");
    await phone.openUrl("https://example.com/x");
    expect(requests()).toEqual([
      { tap: { x: 1, y: 2 } },
      { tap: { x: 3, y: 4, count: 2 } },
      { longPress: { x: 5, y: 6, durationMs: LONG_PRESS_MS } },
      { longPress: { x: 5, y: 6, durationMs: 1500 } },
      { swipe: { fromX: 1, fromY: 2, toX: 3, toY: 4, durationMs: 300 } },
      { scroll: { direction: pb.Direction.DIRECTION_DOWN } },
      { scroll: { direction: pb.Direction.DIRECTION_LEFT, amountPx: 121, nodeIndex: 7, hasNode: true } },
      { scroll: { direction: pb.Direction.DIRECTION_UP } },
      { inputText: { text: "hi", clearFirst: true, submit: false } },
      { pressKey: { key: pb.Key.KEY_BACK } },
      { pressKey: { key: pb.Key.KEY_QUICK_SETTINGS } },
      { launchApp: { packageName: "com.example.app" } },
      { launchApp: { packageName: "com.example.app", activity: ".Main" } },
      { stopApp: { packageName: "com.example.app" } },
      { openUrl: { url: "https://example.com/x" } },
    ]);
    expect(LONG_PRESS_MS).toBe(700);
  });

  it("refuse a bad package name or URL before the phone sees it", async () => {
    const { phone, calls } = recording();
    for (const attempt of [
      () => phone.launch("notapackage"),
      () => phone.stopApp("com..bad"),
      () => phone.openUrl("example.com"),
    ]) {
      const error = (() => {
        try {
          attempt();
        } catch (e) {
          return e;
        }
      })();
      expect(isHubError(error, "INVALID_BODY")).toBe(true);
    }
    expect(calls).toEqual([]);
    expect(PACKAGE_NAME.test("com.example.app")).toBe(true);
    expect(ABSOLUTE_URL.test("myapp://open")).toBe(true);
  });

  it("read the screen: getUi insists on a tree, readUi does not; screenshot passes its options", async () => {
    const tree = { nodes: [] };
    const { phone, requests } = recording({ ui: tree, image: { data: new Uint8Array([1]) } });
    expect((await phone.getUi()).tree).toBe(tree);
    const shot = await phone.screenshot({ format: "png", maxSide: 800 });
    expect(shot.image?.data).toEqual(new Uint8Array([1]));
    expect(requests()).toEqual([
      { getUi: { allWindows: true } },
      { screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_PNG, maxSide: 800 } },
    ]);
    const bare = recording();
    expect((await bare.phone.readUi()).tree).toBeUndefined();
    const error = await bare.phone.getUi().catch((e: unknown) => e);
    expect(isHubError(error, "PROTOCOL_ERROR")).toBe(true);
  });

  it("pass call options through, and none when none are given", async () => {
    const { phone, calls } = recording({ apps: { apps: [{ packageName: "a.b" }, { packageName: "" }] } });
    const signal = new AbortController().signal;
    await phone.tap({ x: 1, y: 1 }, { signal });
    expect(await phone.listApps(true, { timeoutMs: 15_000 })).toEqual(["a.b"]);
    await phone.pressKey("home");
    expect(calls.map((c) => c.options)).toEqual([{ signal }, { timeoutMs: 15_000 }, undefined]);
    expect(calls[1]!.request).toEqual({ listApps: { includeSystem: true } });
  });
});
