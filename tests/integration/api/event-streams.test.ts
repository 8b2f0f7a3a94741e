/**
 * Event streams cannot exhaust the hub's memory: real sockets, a client that never reads (its request
 * sent over a raw socket, nothing read after it), a phone that changes fast, and a normal reader on
 * the same hub. The kernel's socket buffers take a few MB before the hub holds anything, so each test
 * first pushes enough to get past them, and asserts on what the hub holds (unsent bytes per stream).
 */
import { afterEach, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { parseSse, SilentClient, type SseFrame, SseReader } from "../../helpers/sse-client.js";

const auth = { authorization: `Bearer ${API_KEY}` };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWithPhone(overrides: Record<string, unknown> = {}): Promise<{ hub: TestHub; phone: RawPhone }> {
  // Phones here send thousands of events a second; the per-connection rate limit is not under test.
  const hub = await startHub({ maxMessagesPerSecond: 1_000_000, resumeGraceMs: 200 }, overrides);
  const phone = new RawPhone(hub.wsUrl, "p1");
  cleanups.push(() => hub.close());
  cleanups.push(() => phone.socket.terminate());
  await phone.join({ manufacturer: "Acme" });
  return { hub, phone };
}

function port(hub: TestHub): number {
  return Number(new URL(hub.baseUrl).port);
}

function silent(hub: TestHub, path: string, headers: Record<string, string> = {}): SilentClient {
  const client = new SilentClient(port(hub), path, { ...auth, ...headers });
  cleanups.push(() => client.destroy());
  return client;
}

function reader(hub: TestHub, path: string, headers: Record<string, string> = {}): SseReader {
  const client = new SseReader(hub.baseUrl + path, { ...auth, ...headers });
  cleanups.push(() => client.close());
  return client;
}

const battery = (level: number, charging: boolean) => ({
  id: 0,
  event: { atMs: Date.now(), battery: { level, charging } },
});
const GOAL = "g".repeat(4_000);

/** Queues tasks no phone can take (about 4.3 KB of task_queued each on the fleet stream). */
async function queueTasks(hub: TestHub, count: number, goal = GOAL): Promise<void> {
  const task = { goal, mode: "script", tags: ["nowhere"], actions: [{ action: "key", key: "home" }] };
  const answer = await hub.api("POST", "/api/tasks/batch", { tasks: Array.from({ length: count }, () => task) });
  expect(answer.status).toBe(201);
}

const unsent = (hub: TestHub): number => Math.max(0, ...hub.app.hub.streams.unsentBytes());
const ids = (frames: SseFrame[]): number[] => frames.filter((f) => f.id !== undefined).map((f) => Number(f.id));

describe("GET /api/events", () => {
  it("announces a phone's changes as the changed fields only", async () => {
    const hub = await startHub({ resumeGraceMs: 200 });
    cleanups.push(() => hub.close());
    const fleet = reader(hub, "/api/events");
    await fleet.connected();
    const phone = new RawPhone(hub.wsUrl, "p1");
    cleanups.push(() => phone.socket.terminate());
    await phone.join({ manufacturer: "Acme" });
    phone.send(battery(42, true));
    await until(() => hub.app.hub.registry.get("p1")?.battery?.level === 42);
    expect((await hub.api("PUT", "/api/devices/p1/tags", { tags: ["lab"] })).status).toBe(200);
    expect((await hub.api("POST", "/api/devices/p1/drain")).status).toBe(200);
    phone.socket.terminate();

    const frames = await fleet.waitFor((all) => all.some((f) => f.event === "device_left"));
    const device = frames.filter((f) => f.event.startsWith("device_")).map((f) => [f.event, f.data]);
    expect(device).toEqual([
      ["device_joined", expect.objectContaining({ id: "p1", manufacturer: "Acme", status: "online" })],
      ["device_updated", { id: "p1", battery: { level: 42, charging: true } }],
      ["device_updated", { id: "p1", tags: ["lab"] }],
      ["device_updated", { id: "p1", draining: true, status: "draining" }],
      ["device_left", { id: "p1", status: "offline", connectedAt: null }],
    ]);
  });

  it("cuts a client that never reads once it is over the cap, while a reading client gets every event", async () => {
    const { hub, phone } = await hubWithPhone();
    const cap = hub.app.hub.config.sseMaxBufferBytes;
    expect(cap).toBe(1024 * 1024);
    const fleet = reader(hub, "/api/events");
    const stuck = silent(hub, "/api/events");
    await fleet.connected();
    await until(() => hub.app.hub.streams.size === 2, 5_000, "both streams open");

    // A chatty phone: 2,000 battery changes, each one announced to the reader, which keeps up (it
    // has each group of 50 before the next is sent; merging is for clients that fall behind).
    for (let i = 1; i <= 2_000; i++) {
      phone.send(battery(i % 101, i % 2 === 0));
      if (i % 50 === 0) await fleet.waitFor((frames) => frames.length >= i, 10_000, `change ${i}`);
    }

    // Tasks no phone can take: task_queued cannot be merged, so the silent client's backlog grows
    // past the kernel's buffers and then past the cap.
    let queued = 0;
    let worst = 0;
    for (let batch = 0; batch < 100 && hub.app.hub.streams.slowDisconnects === 0; batch++) {
      await queueTasks(hub, 50);
      queued += 50;
      worst = Math.max(worst, unsent(hub));
    }
    expect(hub.app.hub.streams.slowDisconnects).toBe(1);
    expect(worst).toBeLessThanOrEqual(cap);
    expect(hub.logs.some((line) => line.includes("fell too far behind; disconnected"))).toBe(true);

    // The silent client got the start of the stream (the phone's changes merged while it was
    // behind, so ids skip), then the hub closed the connection.
    const got = ids(parseSse(await stuck.readAll()));
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(new Set(got).size).toBe(got.length);

    // The reader on the same hub missed nothing and is still connected.
    const frames = await fleet.waitFor((all) => all.filter((f) => f.event === "task_queued").length === queued);
    const levels = frames.filter((f) => f.event === "device_updated").map((f) => f.data);
    expect(levels).toEqual(
      Array.from({ length: 2_000 }, (_, i) => ({
        id: "p1",
        battery: { level: (i + 1) % 101, charging: (i + 1) % 2 === 0 },
      })),
    );
    expect(ids(frames)).toEqual(ids(frames).map((_, i) => i + 1));
    expect(hub.app.hub.streams.size).toBe(1);
    expect(fleet.ended).toBe(false);
  });

  it("merges one phone's updates into one event with the latest values while a client is behind", async () => {
    const { hub, phone } = await hubWithPhone();
    const stuck = silent(hub, "/api/events");
    await until(() => hub.app.hub.streams.size === 1, 5_000, "the stream open");
    // Fill the kernel's buffers until the hub holds a backlog for this client (well under the cap).
    for (let batch = 0; batch < 60 && unsent(hub) < 64 * 1024; batch++) await queueTasks(hub, 25);
    expect(unsent(hub)).toBeGreaterThanOrEqual(64 * 1024);
    const before = unsent(hub);

    for (let i = 1; i <= 1_000; i++) phone.send(battery(i % 101, false));
    phone.send({
      id: 0,
      event: { atMs: Date.now(), foreground: { packageName: "com.example.mail", activity: ".Inbox" } },
    });
    phone.send(battery(77, true));
    await until(() => hub.app.hub.registry.get("p1")?.battery?.charging === true, 10_000, "the last change");
    expect((await hub.api("PUT", "/api/devices/p1/tags", { tags: ["after"] })).status).toBe(200);
    // 1,003 changes cost the backlog one event.
    expect(unsent(hub) - before).toBeLessThan(300);
    await queueTasks(hub, 1, "marker");

    hub.app.hub.streams.endAll();
    const frames = parseSse(await stuck.readAll());
    const updates = frames.filter((f) => f.event === "device_updated");
    expect(updates.map((f) => f.data)).toEqual([
      {
        id: "p1",
        battery: { level: 77, charging: true },
        foreground: { package: "com.example.mail", activity: ".Inbox" },
        tags: ["after"],
      },
    ]);
    // Nothing else was merged or lost, and the update kept its place before the marker.
    expect(frames.at(-1)).toMatchObject({ event: "task_queued", data: { goal: "marker" } });
    expect(frames.at(-2)?.event).toBe("device_updated");
    const sequence = ids(frames);
    expect(sequence.slice(0, -1)).toEqual(sequence.slice(0, -1).map((_, i) => i + 1));
  });
});

describe("GET /api/runs/:id/events", () => {
  const EVENTS = 4_000;

  /** A finished run with a long history (4,000 events of about 2 KB: 8 MB), stored as the runner stores it. */
  async function longRun(hub: TestHub): Promise<string> {
    const task = { goal: "a long run", mode: "script", tags: ["nowhere"], actions: [{ action: "key", key: "home" }] };
    const created = await hub.api("POST", "/api/tasks", task);
    expect(created.status).toBe(201);
    const runId = "long-run";
    await hub.app.hub.stores.commits.write(({ runs }) => {
      runs.createRun(runId, created.json.id, 1, "p1", "a long run", "script");
      for (let seq = 1; seq <= EVENTS; seq++) {
        runs.appendEvent(runId, seq, Date.now(), "step_finished", { step: seq, note: "n".repeat(2_000) });
      }
      runs.finishRun(runId, "done", "all steps done", null);
    });
    return runId;
  }

  const all = Array.from({ length: EVENTS }, (_, i) => i + 1);

  it("paces a client that does not read: the hub holds one socket buffer, and the client gets every event once, then the end", async () => {
    const { hub } = await hubWithPhone();
    const runId = await longRun(hub);
    const stuck = silent(hub, `/api/runs/${runId}/events`);
    await until(() => unsent(hub) >= 16 * 1024, 10_000, "the kernel's buffers to fill");
    let worst = 0;
    for (let sample = 0; sample < 10; sample++) {
      worst = Math.max(worst, unsent(hub));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // 8 MB of events, less what the kernel holds, would otherwise sit in the hub.
    expect(worst).toBeLessThanOrEqual(64 * 1024);

    // Reading at last, the client gets the whole run, each event once and in order, then `end`;
    // then the hub ends the response (a finished run's stream does not stay open).
    const frames = parseSse(await stuck.readAll());
    expect(ids(frames)).toEqual(all);
    expect(frames.at(-1)).toEqual({ event: "end", id: undefined, data: { status: "done" } });
  });

  it("resumes a reader whose connection dropped halfway from Last-Event-ID: every event exactly once", async () => {
    const { hub } = await hubWithPhone();
    const runId = await longRun(hub);
    const path = `/api/runs/${runId}/events`;
    const dropped = silent(hub, path);
    await until(() => unsent(hub) >= 16 * 1024, 10_000, "the kernel's buffers to fill");
    const first = ids(parseSse(await dropped.readThenDrop(2_000_000)));
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(EVENTS);
    expect(first).toEqual(first.map((_, i) => i + 1));
    await until(() => hub.app.hub.streams.size === 0, 5_000, "the dropped stream to close");

    const rest = reader(hub, path, { "last-event-id": String(first.at(-1)) });
    await rest.done;
    expect(rest.status).toBe(200);
    expect(rest.ended).toBe(true);
    expect([...first, ...ids(rest.frames)]).toEqual(all);
    expect(rest.frames.at(-1)).toEqual({ event: "end", id: undefined, data: { status: "done" } });
  });
});
