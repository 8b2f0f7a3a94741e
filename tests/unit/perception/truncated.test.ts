import { describe, expect, it } from "vitest";
import { describeScreen, observe } from "../../../hub/agent/observe.js";
import { perceive, screenHeader } from "../../../hub/agent/step/perceive.js";
import type { DeviceSession } from "../../../hub/devices/types.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { compact, parseSnapshot, TRUNCATED_TREE_NOTE } from "../../../hub/perception/index.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";

function tree(truncated: boolean): droidhub.v1.IUiTree {
  return {
    foregroundPackage: "com.example.app",
    screen: { width: 720, height: 1600 },
    truncated,
    nodes: [
      { parent: -1, className: "android.widget.FrameLayout", bounds: { left: 0, top: 0, right: 720, bottom: 1600 } },
      {
        parent: 0,
        className: "android.widget.Button",
        text: "Go",
        clickable: true,
        bounds: { left: 10, top: 10, right: 110, bottom: 60 },
      },
      {
        parent: 0,
        className: "android.widget.Button",
        text: "Stop",
        clickable: true,
        bounds: { left: 10, top: 70, right: 110, bottom: 120 },
      },
    ],
  };
}

/** A DeviceSession straight onto a virtual device, no hub in between. */
function sessionOn(device: VirtualDevice): DeviceSession {
  let id = 0;
  return {
    deviceId: device.deviceId,
    sessionId: "s",
    info: {
      dialect: "droidhub",
      portalVersion: "test",
      protocolVersion: 1,
      manufacturer: "",
      model: "",
      sdkInt: 34,
      screen: { width: 1080, height: 2400, densityDpi: 420, rotation: 0 },
      capabilities: [],
    },
    connected: true,
    async call(request) {
      const result = await device.execute({ id: ++id, ...request });
      if (!result.ok) throw new HubError("DEVICE_ERROR", result.error?.message ?? "failed");
      return { result, ms: 0 };
    },
    onEvent: () => () => {},
  };
}

describe("a tree the phone truncated", () => {
  it("is flagged on the snapshot and the compact view, and asks for the vision fallback", () => {
    const cut = compact(parseSnapshot(tree(true)));
    expect(parseSnapshot(tree(true)).truncated).toBe(true);
    expect(cut.truncated).toBe(true);
    expect(cut.needsVision).toBe(true);
    expect(cut.visionReasons).toEqual(["truncated tree"]);
    expect(cut.elements.map((e) => e.label)).toEqual(["Go", "Stop"]);

    const whole = compact(parseSnapshot(tree(false)));
    expect(whole.truncated).toBe(false);
    expect(whole.needsVision).toBe(false);
    expect(parseSnapshot({ nodes: [] }).truncated).toBe(false); // an older phone never sets it
  });

  it("is cut by the virtual phone's node limit, which says so", async () => {
    const capped = new VirtualDevice({ deviceId: "capped", app: "login", knobs: { maxUiNodes: 4 } });
    const free = new VirtualDevice({ deviceId: "free", app: "login" });
    const cut = (await capped.execute({ id: 1, getUi: { allWindows: true } })).ui!;
    const whole = (await free.execute({ id: 1, getUi: { allWindows: true } })).ui!;
    expect(cut.truncated).toBe(true);
    expect(cut.nodes).toHaveLength(4);
    expect(cut.nodes).toEqual(whole.nodes!.slice(0, 4));
    expect(whole.truncated).toBe(false);
  });

  it("is named in the screen header of the chain agent and of the step agent", async () => {
    const capped = sessionOn(new VirtualDevice({ deviceId: "capped", app: "login", knobs: { maxUiNodes: 6 } }));
    const chainScreen = describeScreen(await observe(capped));
    expect(chainScreen).toContain(TRUNCATED_TREE_NOTE);
    expect(chainScreen.indexOf(TRUNCATED_TREE_NOTE)).toBeLessThan(chainScreen.indexOf("elements (id tag"));
    const step = await perceive(capped, { elementTokens: 2_000 });
    expect(step.view.visionReasons).toContain("truncated tree");
    expect(screenHeader(step)).toContain(TRUNCATED_TREE_NOTE);

    const whole = sessionOn(new VirtualDevice({ deviceId: "free", app: "login" }));
    expect(describeScreen(await observe(whole))).not.toContain(TRUNCATED_TREE_NOTE);
    expect(screenHeader(await perceive(whole, { elementTokens: 2_000 }))).not.toContain(TRUNCATED_TREE_NOTE);
  });
});
