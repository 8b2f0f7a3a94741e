/**
 * A run on hub B's phone, seen and handled from hub A. Its event stream on A (GET
 * /api/runs/:id/events): its steps arrive while it runs, its end closes the stream, and a client that
 * joins after the end gets the whole run; nothing of the run is announced on A, the stream reads the
 * shared database (api/run-follower.ts). Its takeover and hand-back sent to A reach B, where the run's
 * human desk is (cluster/forward.ts).
 */
import { expect, it } from "vitest";
import { REMOTE_POLL_MS } from "../../../hub/api/run-follower.js";
import { API_KEY, type TestHub, until } from "../../helpers/hub.js";
import { describeInProcessCluster } from "../../helpers/in-process-cluster.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { SseReader } from "../../helpers/sse-client.js";

describeInProcessCluster("a run's events on another hub", ["hub-a", "hub-b"], {}, (hubs) => {
  it("streams the steps of a run on hub B from hub A while it runs, then its end", async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const phone = new RawPhone(b.wsUrl, "remote-1");
    await phone.join();
    // Hub A learns of the phone from hub B's join announcement.
    await until(
      async () => (await a.api("GET", "/api/devices/remote-1")).status === 200,
      10_000,
      "hub A to know the phone",
    );
    const created = await a.api("POST", "/api/tasks", {
      goal: "two taps",
      mode: "script",
      device: "remote-1",
      pictures: false,
      actions: [
        { action: "tap", x: 10, y: 20 },
        { action: "tap", x: 30, y: 40 },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const taskId = created.json.id as string;
    let runId: string | undefined;
    await until(async () => {
      runId = (await a.app.hub.runner.store.runsOfTask(taskId))[0]?.id;
      return runId !== undefined;
    }, 20_000);
    expect(a.app.hub.runner.runsHere(taskId)).toBe(false);
    expect(b.app.hub.runner.runsHere(taskId)).toBe(true);

    const onA = new SseReader(`${a.baseUrl}/api/runs/${runId}/events?access_token=${API_KEY}`, {});
    try {
      await onA.connected();
      // The first tap is on the phone, unanswered: the run is mid-way, and hub A shows it.
      await until(() => phone.requests().some((r) => r.body === "tap"), 20_000, "the first tap");
      const types = () => onA.frames.map((f) => f.event);
      await onA.waitFor(() => types().includes("step_started"), 10_000, "the first step on hub A");
      expect(types()).not.toContain("run_finished");
      expect(onA.ended).toBe(false);

      // The first tap answered, the second held: hub A shows the first step's end and the second's
      // start while the run is still going (no run end to wake its stream: it reads the database).
      const taps = () => phone.requests().filter((r) => r.body === "tap");
      phone.reply(Number(taps()[0]?.id), { ok: true });
      await until(() => taps().length === 2, 20_000, "the second tap");
      await onA.waitFor(
        () => onA.frames.filter((f) => f.event === "step_started").length === 2,
        5_000 + 3 * REMOTE_POLL_MS,
        "the second step on hub A while the run is mid-way",
      );
      expect(types()).toContain("step_finished");
      expect(types()).not.toContain("run_finished");
      expect(onA.ended).toBe(false);

      phone.reply(Number(taps()[1]?.id), { ok: true });
      await until(() => onA.ended, 10_000 + 3 * REMOTE_POLL_MS, "hub A's stream to end with the run");
      const finished = onA.frames.filter((f) => f.event === "step_finished");
      expect(finished).toHaveLength(2);
      expect(types().at(-2)).toBe("run_finished");
      expect(onA.frames.at(-1)).toMatchObject({ event: "end" });
      expect(onA.frames.at(-1)?.data).toEqual({ status: "done" });
      // Every event once, in order.
      const ids = onA.frames.filter((f) => f.id !== undefined).map((f) => Number(f.id));
      expect(ids).toEqual(ids.map((_, i) => i + 1));
    } finally {
      onA.close();
    }

    // Joining after the end: the whole run, then its end.
    const late = new SseReader(`${a.baseUrl}/api/runs/${runId}/events?access_token=${API_KEY}`, {});
    await until(() => late.ended, 10_000, "the late stream to end").catch((error: unknown) => {
      throw new Error(`${error}: status ${late.status}, frames ${late.frames.map((f) => f.event).join(",")}`);
    });
    expect(late.frames.filter((f) => f.event === "step_finished")).toHaveLength(2);
    expect(late.frames.at(-1)).toMatchObject({ event: "end" });
    phone.socket.close();
  }, 120_000);

  it("takes over and hands back from hub A a run that runs on hub B", async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const phone = new RawPhone(b.wsUrl, "remote-2");
    await phone.join();
    await until(async () => (await a.api("GET", "/api/devices/remote-2")).status === 200, 10_000, "A to know it");
    const created = await a.api("POST", "/api/tasks", {
      goal: "one tap",
      mode: "script",
      device: "remote-2",
      pictures: false,
      actions: [{ action: "tap", x: 10, y: 20 }],
    });
    expect(created.status).toBe(201);
    const taskId = created.json.id as string;
    await until(() => phone.requests().some((r) => r.body === "tap"), 20_000, "the tap on the phone");
    const runId = (await a.app.hub.runner.store.runsOfTask(taskId))[0]!.id;

    const taken = await a.api("POST", `/api/runs/${runId}/takeover`);
    expect(taken.status, JSON.stringify(taken.json)).toBe(200);
    expect(taken.json).toMatchObject({ runId, deviceId: "remote-2" });
    expect(b.app.hub.runner.takeovers.isHeld(runId)).toBe(true);
    const back = await a.api("POST", `/api/runs/${runId}/handback`, { note: "all yours" });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(b.app.hub.runner.takeovers.isHeld(runId)).toBe(false);

    const tap = phone.requests().find((r) => r.body === "tap")!;
    phone.reply(Number(tap.id), { ok: true });
    await until(async () => (await a.api("GET", `/api/tasks/${taskId}`)).json.status === "done", 20_000, "done");
    phone.socket.close();
  }, 120_000);
});
