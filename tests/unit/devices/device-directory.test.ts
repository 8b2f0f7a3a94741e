import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DroidhubDirectory } from "../../../hub/devices/droidhub-directory.js";
import type { DroidhubTransport } from "../../../hub/devices/droidhub-session.js";
import { DEFAULT_MOBILERUN_OPTIONS } from "../../../hub/devices/mobilerun-commands.js";
import { MobilerunDirectory } from "../../../hub/devices/mobilerun-directory.js";
import type { MobilerunTransport } from "../../../hub/devices/mobilerun-session.js";
import { DeviceRegistry } from "../../../hub/devices/registry.js";
import type { DeviceInfo } from "../../../hub/devices/types.js";
import { HubError } from "../../../hub/errors/hub-error.js";

const LIMITS = { maxInFlight: 4, commandTimeoutMs: 60_000, resumeGraceMs: 1_000 };

function info(model: string, dialect: DeviceInfo["dialect"] = "droidhub"): DeviceInfo {
  return {
    dialect,
    portalVersion: "1.0.0",
    protocolVersion: 1,
    manufacturer: "Google",
    model,
    sdkInt: 34,
    screen: { width: 1080, height: 2400, densityDpi: 420, rotation: 0 },
    capabilities: ["tap"],
  };
}

/** A socket that records the close code the directory closes it with. */
interface Closable {
  closedWith: number | undefined;
}
const socket = (): DroidhubTransport & Closable => ({
  closedWith: undefined,
  send: () => undefined,
  close(reason) {
    this.closedWith ??= reason.closeCode;
  },
});
const mobilerunSocket = (): MobilerunTransport & Closable => ({
  closedWith: undefined,
  sendText: () => undefined,
  close(reason) {
    this.closedWith ??= reason.closeCode;
  },
});

let nextId = 0;
const ids = () => ++nextId;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("DroidhubDirectory (droidhub dialect)", () => {
  it("resumes on a matching token and hands back the transport it replaces", () => {
    const registry = new DeviceRegistry();
    const directory = new DroidhubDirectory(registry, LIMITS, ids);
    const first = socket();
    const fresh = directory.join({ deviceId: "p1", info: info("A"), tags: [], resumeToken: "", transport: first });
    expect(fresh.resumed).toBe(false);
    expect(fresh.replaced).toBeUndefined();
    expect(registry.get("p1")?.session).toBe(fresh.session);

    const second = socket();
    const again = directory.join({
      deviceId: "p1",
      info: info("B"),
      tags: ["lab"],
      resumeToken: fresh.session.resumeToken,
      transport: second,
    });
    expect(again).toEqual({ session: fresh.session, resumed: true, replaced: first });
    expect(again.session.info.model).toBe("B");
    expect(registry.get("p1")?.tags).toEqual(["lab"]);
  });

  it("ends the old session with SESSION_REPLACED when the token does not match", async () => {
    const registry = new DeviceRegistry();
    const directory = new DroidhubDirectory(registry, LIMITS, ids);
    const first = socket();
    const old = directory.join({
      deviceId: "p1",
      info: info("A"),
      tags: [],
      resumeToken: "",
      transport: first,
    }).session;
    const pending = old.call({ getUi: {} }).catch((error: HubError) => error);

    const next = directory.join({
      deviceId: "p1",
      info: info("A"),
      tags: [],
      resumeToken: "stale",
      transport: socket(),
    });
    expect(next.resumed).toBe(false);
    expect(next.replaced).toBe(first);
    expect(next.session).not.toBe(old);
    expect(old.ended).toBe(true);
    expect(((await pending) as HubError).code).toBe("SESSION_REPLACED");
    expect(directory.get("p1")).toBe(next.session);
    expect(registry.get("p1")?.session).toBe(next.session);
  });

  it("ignores the close of a replaced transport and forgets the device once the grace window passes", async () => {
    const registry = new DeviceRegistry();
    const directory = new DroidhubDirectory(registry, LIMITS, ids);
    const first = socket();
    const { session } = directory.join({
      deviceId: "p1",
      info: info("A"),
      tags: [],
      resumeToken: "",
      transport: first,
    });
    const second = socket();
    directory.join({ deviceId: "p1", info: info("A"), tags: [], resumeToken: session.resumeToken, transport: second });

    directory.leave("p1", first);
    expect(session.connected).toBe(true);
    const third = socket();
    const resumed = directory.join({
      deviceId: "p1",
      info: info("A"),
      tags: [],
      resumeToken: session.resumeToken,
      transport: third,
    });
    expect(resumed.replaced).toBe(second);
    directory.leave("p1", third);
    expect(session.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(directory.get("p1")).toBe(session);
    await vi.advanceTimersByTimeAsync(1);
    expect(directory.get("p1")).toBeUndefined();
    expect(directory.size).toBe(0);
    expect(registry.get("p1")?.session).toBeUndefined();
  });

  it("ends every session on closeAll", () => {
    const directory = new DroidhubDirectory(new DeviceRegistry(), LIMITS, ids);
    const a = directory.join({ deviceId: "a", info: info("A"), tags: [], resumeToken: "", transport: socket() });
    const b = directory.join({ deviceId: "b", info: info("B"), tags: [], resumeToken: "", transport: socket() });
    directory.closeAll(new HubError("SHUTTING_DOWN"));
    expect([a.session.ended, b.session.ended, directory.size]).toEqual([true, true, 0]);
  });
});

describe("MobilerunDirectory (Mobilerun dialect)", () => {
  it("gives a phone back its session within the grace window, keeping the info object the registry shows", async () => {
    const registry = new DeviceRegistry();
    const directory = new MobilerunDirectory(registry, LIMITS, () => DEFAULT_MOBILERUN_OPTIONS);
    const first = mobilerunSocket();
    const fresh = directory.join({ deviceId: "p1", info: info("A", "mobilerun"), tags: [], transport: first });
    const shown = registry.get("p1")?.info;
    directory.leave("p1", first);
    await vi.advanceTimersByTimeAsync(999);

    const again = directory.join({
      deviceId: "p1",
      info: info("B", "mobilerun"),
      tags: [],
      transport: mobilerunSocket(),
    });
    expect(again.resumed).toBe(true);
    expect(again.session).toBe(fresh.session);
    expect(again.replaced).toBeUndefined();
    expect(registry.get("p1")?.info).toBe(shown);
    expect(shown?.model).toBe("B");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(again.session.ended).toBe(false);
  });

  it("starts fresh once the grace window has ended the old session", async () => {
    const directory = new MobilerunDirectory(new DeviceRegistry(), LIMITS, () => DEFAULT_MOBILERUN_OPTIONS);
    const first = mobilerunSocket();
    const old = directory.join({ deviceId: "p1", info: info("A", "mobilerun"), tags: [], transport: first }).session;
    directory.leave("p1", first);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(old.ended).toBe(true);

    const next = directory.join({
      deviceId: "p1",
      info: info("A", "mobilerun"),
      tags: [],
      transport: mobilerunSocket(),
    });
    expect(next.resumed).toBe(false);
    expect(next.session).not.toBe(old);
  });
});

describe("one live session per device id, whatever the dialect", () => {
  function directories() {
    const registry = new DeviceRegistry();
    return {
      registry,
      proto: new DroidhubDirectory(registry, LIMITS, ids),
      mobilerun: new MobilerunDirectory(registry, LIMITS, () => DEFAULT_MOBILERUN_OPTIONS),
    };
  }

  it("a droidhub-dialect join ends the Mobilerun session of that id and closes its socket with 4004", async () => {
    const { registry, proto, mobilerun } = directories();
    const mobilerunSide = mobilerunSocket();
    const old = mobilerun.join({
      deviceId: "p1",
      info: info("A", "mobilerun"),
      tags: [],
      transport: mobilerunSide,
    }).session;
    const pending = old.call({ getUi: {} }).catch((error: HubError) => error);

    const next = proto.join({ deviceId: "p1", info: info("B"), tags: [], resumeToken: "", transport: socket() });
    expect(mobilerunSide.closedWith).toBe(4004);
    expect(old.ended).toBe(true);
    expect(((await pending) as HubError).code).toBe("SESSION_REPLACED");
    expect(mobilerun.get("p1")).toBeUndefined();
    expect(registry.get("p1")?.session).toBe(next.session);
  });

  it("a Mobilerun join ends the droidhub-dialect session of that id and closes its socket with 4004", () => {
    const { registry, proto, mobilerun } = directories();
    const protoSide = socket();
    const old = proto.join({ deviceId: "p1", info: info("A"), tags: [], resumeToken: "", transport: protoSide });

    const next = mobilerun.join({
      deviceId: "p1",
      info: info("B", "mobilerun"),
      tags: [],
      transport: mobilerunSocket(),
    });
    expect(protoSide.closedWith).toBe(4004);
    expect(old.session.ended).toBe(true);
    expect(proto.get("p1")).toBeUndefined();
    expect(registry.get("p1")?.session).toBe(next.session);
  });

  it("a same-dialect join closes the socket it replaces with 4004, resumed or not", () => {
    const { proto } = directories();
    const first = socket();
    const { session } = proto.join({ deviceId: "p1", info: info("A"), tags: [], resumeToken: "", transport: first });
    const second = socket();
    proto.join({ deviceId: "p1", info: info("A"), tags: [], resumeToken: session.resumeToken, transport: second });
    expect(first.closedWith).toBe(4004);
    proto.join({ deviceId: "p1", info: info("A"), tags: [], resumeToken: "", transport: socket() });
    expect(second.closedWith).toBe(4004);
  });

  it("registry.endSession ends the live session and closes its socket with the reason's code", () => {
    const { registry, mobilerun } = directories();
    const side = mobilerunSocket();
    mobilerun.join({ deviceId: "p1", info: info("A", "mobilerun"), tags: [], transport: side });
    expect(registry.endSession("p1", new HubError("UNAUTHORIZED", "the device's enrolment was reset"))).toBe(true);
    expect(side.closedWith).toBe(1008);
    expect(registry.get("p1")?.session).toBeUndefined();
    expect(registry.endSession("p1", new HubError("UNAUTHORIZED"))).toBe(false);
  });
});
