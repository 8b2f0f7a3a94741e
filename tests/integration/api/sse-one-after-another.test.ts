/**
 * Event streams opened one after another by the same client (fetch keeps its connections alive):
 * each gets its answer and its end. A stream's connection used to stay alive while the hub closed
 * its socket, and the client's next request on it (a reconnect, the next stream) got no answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { SseReader } from "../../helpers/sse-client.js";

describe("event streams one after another", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(async () => {
    await hub.close();
  });

  it("answers and ends each of 20 streams of a finished run, and says the connection closes", async () => {
    const phone = new RawPhone(hub.wsUrl, "p1");
    await phone.join();
    const answering = setInterval(() => {
      for (const request of phone.requests()) phone.reply(Number(request.id), { ok: true });
    }, 20);
    const created = await hub.api("POST", "/api/tasks", {
      goal: "tap once",
      mode: "script",
      device: "p1",
      pictures: false,
      actions: [{ action: "tap", x: 1, y: 2 }],
    });
    expect(created.status).toBe(201);
    let runId: string | undefined;
    try {
      await until(async () => {
        const run = (await hub.app.hub.runner.store.runsOfTask(created.json.id as string))[0];
        runId = run?.status === "done" ? run.id : undefined;
        return runId !== undefined;
      }, 10_000);
    } finally {
      clearInterval(answering);
    }
    for (let i = 0; i < 20; i++) {
      const stream = new SseReader(`${hub.baseUrl}/api/runs/${runId}/events?access_token=${API_KEY}`, {});
      await until(() => stream.ended, 5_000, `stream ${i + 1} to end`);
      expect(stream.status).toBe(200);
      expect(stream.frames.at(-1)).toMatchObject({ event: "end", data: { status: "done" } });
    }
    const response = await fetch(`${hub.baseUrl}/api/runs/${runId}/events?access_token=${API_KEY}`);
    expect(response.headers.get("connection")).toBe("close");
    await response.text();
    phone.socket.close();
  }, 60_000);
});
