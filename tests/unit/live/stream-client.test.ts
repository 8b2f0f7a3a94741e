/**
 * The dashboard's live-view client (hub/web/pages/live-view.js) against mock-socket: frames decoded
 * and shown (the previous blob URL revoked), gaps in seq counted as dropped frames, reconnect with
 * backoff after the socket closes; and the screen input mapping (hub/web/pages/screen-input.js).
 */
import { WebSocket as MockWebSocket, Server } from "mock-socket";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../../helpers/hub.js";

interface Stats {
  fps: number;
  latencyMs: number | undefined;
  source: string | undefined;
  dropped: number;
}
interface LiveViewModule {
  decodeFrame(buffer: ArrayBuffer): { header: { seq: number; capturedAtMs: number }; jpeg: Blob };
  liveStatsText(stats: Stats): string;
  openLiveView(
    deviceId: string,
    handlers: {
      onFrame: (url: string, header: { seq: number }) => void;
      onStats?: (stats: Stats) => void;
      onNotice?: (notice: { type: string }) => void;
    },
  ): { close(): void };
}
interface ScreenInputModule {
  toDevicePoint(
    box: { left: number; top: number; width: number; height: number },
    screen: { width: number; height: number },
    point: { clientX: number; clientY: number },
  ): { x: number; y: number };
}

// Browser modules, loaded at run time (the hub's TypeScript does not type-check the dashboard's JS).
const LIVE_VIEW = "../../../hub/web/pages/live-view.js";
const SCREEN_INPUT = "../../../hub/web/pages/screen-input.js";
const HOST = "dashboard.test:8080";
const URL_PREFIX = `ws://${HOST}/api/devices/p1/stream`;

function frame(seq: number, jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9])): ArrayBuffer {
  const header = new TextEncoder().encode(JSON.stringify({ seq, capturedAtMs: Date.now() - 5 }));
  const out = new Uint8Array(4 + header.length + jpeg.length);
  new DataView(out.buffer).setUint32(0, header.length);
  out.set(header, 4);
  out.set(jpeg, 4 + header.length);
  return out.buffer;
}

const globals = globalThis as unknown as Record<string, unknown>;
let server: Server;
const revoked: string[] = [];

beforeEach(() => {
  const store = new Map<string, string>([["droidhub.operatorKey", "k-123"]]);
  globals["sessionStorage"] = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
  globals["location"] = { protocol: "http:", host: HOST };
  globals["WebSocket"] = MockWebSocket;
  const revoke = URL.revokeObjectURL.bind(URL);
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
    revoke(url);
  };
  server = new Server(`${URL_PREFIX}?access_token=k-123`);
});

afterEach(() => {
  server.stop();
  revoked.length = 0;
});

describe("live-view stream client", () => {
  it("shows each frame as a blob URL, revokes the one before, and counts seq gaps as dropped", async () => {
    const { openLiveView } = (await import(LIVE_VIEW)) as LiveViewModule;
    const urls: string[] = [];
    const seqs: number[] = [];
    const stats: Stats[] = [];
    server.on("connection", (socket) => {
      socket.send(JSON.stringify({ type: "stream", source: "rendered" }));
      for (const seq of [1, 2, 5, 6]) socket.send(frame(seq));
    });
    const view = openLiveView("p1", {
      onFrame: (url, header) => {
        urls.push(url);
        seqs.push(header.seq);
      },
      onStats: (s) => stats.push(s),
    });
    await until(() => stats.some((s) => s.dropped > 0), 5_000);
    view.close();
    expect(seqs).toEqual([1, 2, 5, 6]);
    expect(urls.every((u) => u.startsWith("blob:"))).toBe(true);
    expect(revoked).toEqual(urls); // each replaced by the next; the last on close
    expect(stats.at(-1)).toMatchObject({ dropped: 2, source: "rendered" });
    expect(stats.at(-1)!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("reconnects after the socket closes, with the key, and counts seq afresh on the new stream", async () => {
    const { openLiveView } = (await import(LIVE_VIEW)) as LiveViewModule;
    let connections = 0;
    server.on("connection", (socket) => {
      connections++;
      if (connections === 1) {
        socket.send(frame(10));
        setTimeout(() => socket.close(), 20);
      } else socket.send(frame(1));
    });
    const notices: string[] = [];
    const seqs: number[] = [];
    const stats: Stats[] = [];
    const view = openLiveView("p1", {
      onFrame: (_url, header) => seqs.push(header.seq),
      onNotice: (n) => notices.push(n.type),
      onStats: (s) => stats.push(s),
    });
    await until(() => seqs.length === 2, 5_000);
    await until(() => stats.length > 0, 5_000);
    view.close();
    expect(connections).toBe(2);
    expect(notices).toContain("disconnected");
    expect(seqs).toEqual([10, 1]);
    expect(stats.at(-1)!.dropped).toBe(0); // 10 → 1 on a new stream is not a gap
  });

  it("stops reconnecting once closed", async () => {
    const { openLiveView } = (await import(LIVE_VIEW)) as LiveViewModule;
    let connections = 0;
    server.on("connection", () => {
      connections++;
    });
    const view = openLiveView("p1", { onFrame: () => undefined });
    await until(() => connections === 1, 5_000);
    view.close();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(connections).toBe(1);
  });

  it("says what its figures mean: no latency before the first frame, 0 fps as a still screen", async () => {
    const { liveStatsText } = (await import(LIVE_VIEW)) as LiveViewModule;
    const none = { fps: 0, latencyMs: undefined, source: "rendered", dropped: 0 };
    expect(liveStatsText(none)).toBe("live · waiting for the first frame · rendered");
    expect(liveStatsText({ ...none, fps: 9.5, latencyMs: 21 })).toBe("live · 9.5 fps · 21 ms latency · rendered");
    expect(liveStatsText({ ...none, latencyMs: 44 })).toBe(
      "live · 0.0 fps (screen unchanged) · 44 ms latency · rendered",
    );
    expect(liveStatsText({ fps: 2, latencyMs: 0, source: undefined, dropped: 3 })).toBe(
      "live · 2.0 fps · 0 ms latency · 3 dropped",
    );
  });
});

describe("screen input mapping", () => {
  it("maps a click on the scaled image to device pixels, clamped to the screen", async () => {
    const { toDevicePoint } = (await import(SCREEN_INPUT)) as ScreenInputModule;
    const box = { left: 100, top: 50, width: 270, height: 600 };
    const screen = { width: 1080, height: 2400 };
    expect(toDevicePoint(box, screen, { clientX: 235, clientY: 350 })).toEqual({ x: 540, y: 1200 });
    expect(toDevicePoint(box, screen, { clientX: 100, clientY: 50 })).toEqual({ x: 0, y: 0 });
    expect(toDevicePoint(box, screen, { clientX: 900, clientY: 2000 })).toEqual({ x: 1079, y: 2399 });
  });
});
