import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { pb } from "../../../hub/protocol/codec.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { run, tapOn, ui } from "./helpers.js";

const E = pb.ErrorCode;
const devices: VirtualDevice[] = [];

function streaming(opts: { app?: string; accept?: () => boolean; unpainted?: boolean } = {}): {
  device: VirtualDevice;
  frames: droidhub.v1.IStreamFrame[];
} {
  const device = new VirtualDevice({
    deviceId: `stream-${devices.length}`,
    app: opts.app ?? "settings",
    ...(opts.unpainted && { knobs: { paintPasswords: false } }),
  });
  devices.push(device);
  const frames: droidhub.v1.IStreamFrame[] = [];
  device.onStreamFrame((frame) => {
    if (opts.accept !== undefined && !opts.accept()) return false;
    frames.push(frame);
    return true;
  });
  return { device, frames };
}

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets pending renders and timers run, then says how many frames arrived. */
async function settle(frames: unknown[], ms = 1_000): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return frames.length;
}

afterEach(() => {
  for (const device of devices.splice(0)) device.stopStreams();
});

describe("virtual phone screen stream", () => {
  it("answers StreamInfo, scales to max width and sends a JPEG frame with seq and capture time", async () => {
    const { device, frames } = streaming();
    const before = Date.now();
    const result = await run(device, {
      streamStart: { streamId: 7, maxFps: 10, maxWidth: 540, quality: 60, credits: 5 },
    });
    expect(result.ok).toBe(true);
    expect(result.stream).toEqual({
      streamId: 7,
      source: pb.StreamSource.STREAM_SOURCE_RENDERED,
      maxFps: 10,
      width: 540,
      height: 1200,
      paints: true, // the virtual phone paints its password fields on every frame
    });
    const unpainted = await run(streaming({ unpainted: true }).device, { streamStart: { streamId: 8, credits: 1 } });
    expect(unpainted.stream?.paints).toBe(false);
    await until(() => frames.length === 1);
    const frame = frames[0]!;
    expect(frame.streamId).toBe(7);
    expect(frame.seq).toBe(1);
    expect(Number(frame.capturedAtMs)).toBeGreaterThanOrEqual(before);
    const image = frame.image!;
    expect(image).toMatchObject({ format: pb.ImageFormat.IMAGE_FORMAT_JPEG, width: 540, height: 1200 });
    expect(image).toMatchObject({ sourceWidth: 1080, sourceHeight: 2400 });
    const meta = await sharp(Buffer.from(image.data!)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 540, height: 1200 });
  });

  it("sends a frame only when the screen changes, with seq counting up", async () => {
    const { device, frames } = streaming();
    await run(device, { streamStart: { streamId: 1, maxFps: 30, maxWidth: 270, credits: 100 } });
    await until(() => frames.length === 1);
    expect(await settle(frames)).toBe(1); // nothing moved: no second frame
    await tapOn(device, { text: "Network & internet" });
    await until(() => frames.length === 2);
    await run(device, { pressKey: { key: pb.Key.KEY_BACK } });
    await until(() => frames.length === 3);
    expect(frames.map((f) => Number(f.seq))).toEqual([1, 2, 3]);
  });

  it("never sends more frames than granted, and goes on when credit comes", async () => {
    const { device, frames } = streaming({ app: "login" });
    await run(device, { streamStart: { streamId: 2, maxFps: 30, maxWidth: 270, credits: 2 } });
    const tree = await ui(device);
    const field = (tree.nodes ?? []).findIndex((n) => n.editable === true);
    for (let i = 0; i < 8; i++) {
      await run(device, { inputText: { text: String(i), nodeIndex: field, hasNode: true } });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await until(() => frames.length === 2);
    expect(await settle(frames)).toBe(2);
    device.streamCredit({ streamId: 2, credits: 1 });
    await until(() => frames.length === 3);
    expect(await settle(frames)).toBe(3);
    // The frame after the credit shows the screen as it is now, not a queued old one.
    device.streamCredit({ streamId: 99, credits: 10 }); // an unknown stream: ignored
    expect(await settle(frames, 300)).toBe(3);
  });

  it("keeps to max fps", async () => {
    const { device, frames } = streaming({ app: "login" });
    await run(device, { streamStart: { streamId: 3, maxFps: 2, maxWidth: 270, credits: 100 } });
    const tree = await ui(device);
    const field = (tree.nodes ?? []).findIndex((n) => n.editable === true);
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      await run(device, { inputText: { text: "a", nodeIndex: field, hasNode: true } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await settle(frames, 100);
    const elapsed = Date.now() - started;
    // At 2 fps, at most one frame per started half second (plus the first).
    expect(frames.length).toBeLessThanOrEqual(Math.floor(elapsed / 500) + 1);
    const times = frames.map((f) => Number(f.capturedAtMs));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(490);
  });

  it("drops a frame the link refuses without spending credit, leaving a gap in seq", async () => {
    let open = false;
    const { device, frames } = streaming({ accept: () => open });
    await run(device, { streamStart: { streamId: 4, maxFps: 20, maxWidth: 270, credits: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(frames).toHaveLength(0);
    open = true;
    await until(() => frames.length === 1);
    expect(Number(frames[0]!.seq)).toBeGreaterThan(1);
  });

  it("stops on streamStop, and refuses bad settings with INVALID_ARGUMENT", async () => {
    const { device, frames } = streaming();
    await run(device, { streamStart: { streamId: 5, maxWidth: 270, credits: 10 } });
    await until(() => frames.length === 1);
    expect((await run(device, { streamStop: { streamId: 5 } })).ok).toBe(true);
    expect((await run(device, { streamStop: { streamId: 5 } })).ok).toBe(true); // unknown: ok too
    await tapOn(device, { text: "Network & internet" });
    expect(await settle(frames)).toBe(1);
    const fps = await run(device, { streamStart: { streamId: 6, maxFps: 31 } });
    expect(fps.error?.code).toBe(E.ERROR_CODE_INVALID_ARGUMENT);
    const quality = await run(device, { streamStart: { streamId: 6, quality: 101 } });
    expect(quality.error?.code).toBe(E.ERROR_CODE_INVALID_ARGUMENT);
  });

  it("is not supported on a phone that cannot take screenshots", async () => {
    const device = new VirtualDevice({ deviceId: "blind", knobs: { screenshots: "none" } });
    const result = await run(device, { streamStart: { streamId: 1, credits: 1 } });
    expect(result.error?.code).toBe(E.ERROR_CODE_NOT_SUPPORTED);
    expect(device.hello().capabilities).not.toContain("stream");
  });
});

describe("virtual phone stopApp", () => {
  it("closes the foreground app (back to the launcher) and forgets its typed values", async () => {
    const device = new VirtualDevice({ deviceId: "stop", app: "login" });
    const tree = await ui(device);
    const field = (tree.nodes ?? []).findIndex((n) => n.editable === true);
    await run(device, { inputText: { text: "alice", nodeIndex: field, hasNode: true } });
    const pkg = device.foreground.packageName;
    expect((await run(device, { stopApp: { packageName: pkg } })).ok).toBe(true);
    expect(device.foreground.packageName).toBe("com.droidhub.launcher");
    await run(device, { launchApp: { packageName: pkg } });
    const again = await ui(device);
    expect((again.nodes ?? []).some((n) => n.text === "alice")).toBe(false);
    expect(device.hello().capabilities).toContain("stop_app");
  });

  it("refuses an empty package (INVALID_ARGUMENT) and an unknown one (APP_NOT_FOUND)", async () => {
    const device = new VirtualDevice({ deviceId: "stop2", app: "settings" });
    expect((await run(device, { stopApp: { packageName: "" } })).error?.code).toBe(E.ERROR_CODE_INVALID_ARGUMENT);
    expect((await run(device, { stopApp: { packageName: "com.nope" } })).error?.code).toBe(E.ERROR_CODE_APP_NOT_FOUND);
    expect(device.foreground.packageName).toBe("com.droidhub.settings");
  });
});
