/**
 * The live screen across hubs (hub/cluster/live-relay.ts): a viewer on hub A of a virtual phone on
 * hub B gets B's frames (masked on B: the login screen has a password field) and B's notices; B
 * streams only while someone watches, and stops once A's viewers have left; a phone no hub holds is
 * still a 404 on A.
 */
import { afterAll, expect, it } from "vitest";
import WebSocket from "ws";
import { RENEW_MS } from "../../../hub/cluster/live-relay.js";
import { decodeFrameMessage, type FrameHeader } from "../../../hub/live/frame-message.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { API_KEY, type TestHub, until } from "../../helpers/hub.js";
import { describeInProcessCluster } from "../../helpers/in-process-cluster.js";
import { joinPhone } from "../../helpers/phones.js";

interface Watcher {
  socket: WebSocket;
  frames: FrameHeader[];
  jpegs: Buffer[];
  notices: Record<string, unknown>[];
}

function watch(hub: TestHub, deviceId: string): Promise<Watcher> {
  const socket = new WebSocket(`${hub.wsUrl}/api/devices/${deviceId}/stream?access_token=${API_KEY}`);
  const watcher: Watcher = { socket, frames: [], jpegs: [], notices: [] };
  socket.on("message", (data, binary) => {
    if (!binary) {
      watcher.notices.push(JSON.parse(String(data)));
      return;
    }
    const { header, jpeg } = decodeFrameMessage(data as Buffer);
    watcher.frames.push(header);
    watcher.jpegs.push(Buffer.from(jpeg));
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(watcher));
    socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once("error", reject);
  });
}

describeInProcessCluster("the live screen across hubs", ["hub-a", "hub-b"], {}, (hubs) => {
  let phone: SimPhone | undefined;
  afterAll(async () => {
    phone?.stop();
  });

  it("shows hub B's phone to viewers on hub A, masked, and stops once they leave", async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    // A phone that leaves its password field to the hub: B's own paint is what this test watches.
    phone = await joinPhone(b, "live-remote", { knobs: { paintPasswords: false } });
    await until(async () => (await a.api("GET", "/api/devices/live-remote")).status === 200, 10_000, "A to know it");

    const first = await watch(a, "live-remote");
    const second = await watch(a, "live-remote");
    await until(() => first.frames.length >= 1 && second.frames.length >= 1, 20_000, "a frame on hub A");
    expect(first.notices.some((n) => n["type"] === "stream")).toBe(true);
    expect(first.frames[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(first.jpegs[0]!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // a JPEG
    // B streams its own phone (one relay viewer for all of A's), and masks what it sends.
    expect(b.app.hub.live.viewers("live-remote")).toHaveLength(1);
    expect(a.app.hub.live.viewers("live-remote")).toHaveLength(0);
    expect(b.app.hub.live.masking("live-remote")?.masked ?? 0).toBeGreaterThan(0);
    // The screen changes (a key sent through hub A, forwarded to B): the next frame follows.
    const seen = first.frames.length;
    expect((await a.api("POST", "/api/devices/live-remote/actions", { action: "key", key: "home" })).status).toBe(200);
    await until(() => first.frames.length > seen, 10_000, "the next frame on hub A");
    expect(first.frames.at(-1)!.seq).toBeGreaterThan(first.frames[0]!.seq);

    first.socket.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(b.app.hub.live.viewers("live-remote")).toHaveLength(1); // the second still watches
    second.socket.close();
    await until(() => b.app.hub.live.viewers("live-remote").length === 0, 4 * RENEW_MS, "B's relay to stop");
    await until(() => b.app.hub.live.stats("live-remote") === undefined, 4 * RENEW_MS, "B's stream to stop");
  }, 120_000);

  it("still refuses a phone no hub holds with 404 before the upgrade", async () => {
    const [a] = hubs as [TestHub, TestHub];
    const refused = await watch(a, "nobody-holds-this").then(
      (w) => {
        w.socket.close();
        return "opened";
      },
      (error: Error) => error.message,
    );
    expect(refused).toBe("HTTP 404");
  });
});
