/**
 * The live screen end to end on real sockets: a virtual phone joined over /v1/devices/connect, and
 * viewers on GET /api/devices/:id/stream.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { DroidhubSession } from "../../../hub/devices/droidhub-session.js";
import { decodeFrameMessage, type FrameHeader } from "../../../hub/live/frame-message.js";
import type { VirtualDevice } from "../../../hub/sim/device/index.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

interface Watcher {
  socket: WebSocket;
  frames: FrameHeader[];
  notices: Record<string, unknown>[];
  bytes: number[];
}

function watch(hub: TestHub, deviceId: string, key = API_KEY): Promise<Watcher> {
  const socket = new WebSocket(`${hub.wsUrl}/api/devices/${deviceId}/stream?access_token=${encodeURIComponent(key)}`);
  const watcher: Watcher = { socket, frames: [], notices: [], bytes: [] };
  socket.on("message", (data, isBinary) => {
    if (isBinary) {
      const { header, jpeg } = decodeFrameMessage(data as Buffer);
      watcher.frames.push(header);
      watcher.bytes.push(jpeg.length);
      (watcher as { last?: Buffer }).last = jpeg;
    } else watcher.notices.push(JSON.parse(String(data)));
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(watcher));
    socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once("error", reject);
  });
}

function closed(watcher: Watcher): Promise<void> {
  if (watcher.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    watcher.socket.once("close", () => resolve());
    watcher.socket.close();
  });
}

/** The HTTP status a refused upgrade got. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      socket.close();
      reject(new Error("the upgrade was accepted"));
    });
    socket.once("error", () => undefined);
  });
}

/**
 * Types one letter at a time and waits for the frame that shows it: changes closer together than a
 * frame interval (max fps) are one frame by design, so a fast machine would otherwise see fewer.
 */
async function typeInto(hub: TestHub, deviceId: string, times: number, viewer: Watcher): Promise<void> {
  for (let i = 0; i < times; i++) {
    const seen = viewer.frames.length;
    const answer = await hub.api("POST", `/api/devices/${deviceId}/actions`, { action: "input", text: "x" });
    expect(answer.status).toBe(200);
    await until(() => viewer.frames.length > seen, 15_000, `the frame showing letter ${i + 1}`);
  }
}

describe("live screen: GET /api/devices/:id/stream", () => {
  let hub: TestHub;
  let phone: SimPhone;
  let device: VirtualDevice;
  beforeAll(async () => {
    hub = await startHub({}, { config: { liveViewerBufferBytes: 64 * 1024 } });
    phone = await joinPhone(hub, "live1", { app: "login" });
    device = phone.device as VirtualDevice;
  });
  afterAll(async () => {
    phone.stop();
    await hub.close();
  });

  it("refuses a viewer with no key, a wrong key or a fleet key (401) and an unknown device (404), before any upgrade", async () => {
    const url = `${hub.wsUrl}/api/devices/live1/stream`;
    expect(await refusal(url)).toBe(401);
    expect(await refusal(`${url}?access_token=wrong-key`)).toBe(401);
    expect(await refusal(url, { authorization: "Bearer wrong-key" })).toBe(401);
    expect(await refusal(`${url}?access_token=${FLEET_KEY}`)).toBe(401);
    expect(await refusal(url, { authorization: `Bearer ${FLEET_KEY}` })).toBe(401);
    expect(await refusal(`${hub.wsUrl}/api/devices/nope/stream?access_token=${API_KEY}`)).toBe(404);
    expect(hub.app.hub.live.stats("live1")).toBeUndefined();
    expect(device.executed.filter((e) => e.kind === "streamStart")).toHaveLength(0);
  });

  it("lets a read key watch: frames at 720 px with increasing seq, a tap reaches the phone and shows", async () => {
    const created = await hub.api("POST", "/api/operator-keys", { label: "watcher", scope: "read" });
    const viewer = await watch(hub, "live1", created.json.key);
    await until(() => viewer.frames.length >= 1, 15_000, "the first frame");
    expect(viewer.notices).toContainEqual(
      expect.objectContaining({ type: "stream", source: "rendered", maxFps: 10, width: 720, height: 1600 }),
    );
    const first = viewer.frames[0]!;
    expect(first).toMatchObject({ width: 720, height: 1600, sourceWidth: 1080, sourceHeight: 2400 });
    const meta = await sharp((viewer as { last?: Buffer }).last!).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 720 });
    // A click in the live view maps back through sourceWidth/width and is a tap through the actions API.
    const tree = (await hub.api("GET", "/api/devices/live1/ui")).json;
    const email = tree.elements.find((e: { editable: boolean }) => e.editable);
    const tap = await hub.api("POST", "/api/devices/live1/actions", { action: "tap", x: email.cx, y: email.cy });
    expect(tap.status).toBe(200);
    expect(device.executed.at(-1)).toMatchObject({ kind: "tap", detail: `${email.cx},${email.cy}` });
    await typeInto(hub, "live1", 3, viewer);
    await until(() => viewer.frames.length >= 3, 15_000, "frames after the typing");
    const seqs = viewer.frames.map((f) => f.seq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!);
    await closed(viewer);
    await until(() => hub.app.hub.live.stats("live1") === undefined, 5_000, "the feed to end");
  });

  it("never lets the phone send more frames than the hub granted", async () => {
    const viewer = await watch(hub, "live1");
    await until(() => viewer.frames.length >= 1, 15_000, "the first frame");
    await typeInto(hub, "live1", 15, viewer);
    await until(() => viewer.frames.length >= 4, 15_000, "frames");
    const session = hub.app.hub.registry.requireSession("live1") as DroidhubSession;
    expect(session.framesOverCredit).toBe(0);
    const stats = hub.app.hub.live.stats("live1")!;
    expect(stats.outstandingCredit).toBeLessThanOrEqual(2);
    await closed(viewer);
  });

  it("streams only while someone watches: starts on the first viewer, stops after the last leaves", async () => {
    const starts = () => device.executed.filter((e) => e.kind === "streamStart").length;
    const stops = () => device.executed.filter((e) => e.kind === "streamStop").length;
    await until(() => hub.app.hub.live.stats("live1") === undefined && starts() === stops(), 5_000, "no stream");
    const [started, stopped] = [starts(), stops()];
    const a = await watch(hub, "live1");
    const b = await watch(hub, "live1");
    await until(() => a.frames.length >= 1 && b.frames.length >= 1, 15_000, "frames to both");
    expect(starts()).toBe(started + 1);
    await closed(a);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stops()).toBe(stopped);
    expect(hub.app.hub.live.stats("live1")?.viewers).toBe(1);
    await closed(b);
    await until(() => stops() === stopped + 1, 5_000, "streamStop on the phone");
    expect(hub.app.hub.live.stats("live1")).toBeUndefined();
    const sent = (device as unknown as { streamer?: { active: number } }).streamer?.active;
    expect(sent).toBe(0);
  });
});
