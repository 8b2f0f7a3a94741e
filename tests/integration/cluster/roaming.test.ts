/**
 * A phone drops mid-command on hub A and rejoins through hub B (as a balancer may send it). The
 * resume token A issued means nothing on B: B starts a fresh session (Welcome.resumed false, so the
 * phone forgets its cached results). Before B offers the phone work it takes the phone's ownership
 * and ends the run A still marks running on it (interrupted, its task requeued: hub/cluster,
 * "admission"), so the records never show the phone running two tasks; A's session ends at B's
 * announcement (handover.ts): its command fails with STALE_EPOCH, and A's end of that run is either
 * refused by the fence (B interrupted it first) or, when it commits before B's hold, the run's
 * failure as an infrastructure one, retried. Both are the design; which one comes first is a race
 * between two hubs' commits. The retry runs on the phone through B. No command id is ever sent (or run) twice. The ownership time limit and the
 * resume window are long here, so nothing but the join can end A's run within the test.
 * Two in-process hubs on one PostgreSQL database and one Redis.
 */
import { expect, it } from "vitest";
import { type TestHub, until } from "../../helpers/hub.js";
import { answerCommands, describeInProcessCluster } from "../../helpers/in-process-cluster.js";
import { RawPhone } from "../../helpers/raw-phone.js";

const LONG_MS = 600_000;

describeInProcessCluster(
  "a phone that drops mid-command and rejoins another hub",
  ["hub-a", "hub-b"],
  {
    gateway: { resumeGraceMs: LONG_MS, commandTimeoutMs: LONG_MS },
    config: { ownershipTtlMs: LONG_MS },
  },
  (hubs) => {
    it("ends the run on A before B gives the phone work, retries its task through B, and sends no command id twice", async () => {
      const [a, b] = hubs as [TestHub, TestHub];
      const onA = new RawPhone(a.wsUrl, "roamer");
      const secret = (await onA.join()).deviceSecret!;
      const task = await a.api("POST", "/api/tasks", {
        goal: "tap once",
        mode: "script",
        device: "roamer",
        pictures: false,
        max_attempts: 3,
        actions: [{ action: "tap", x: 10, y: 20 }],
      });
      expect(task.status).toBe(201);
      const taskId = task.json.id as string;
      // The tap goes out on A; the phone drops before answering it.
      const tapOnA = () => onA.requests().find((r) => r.body === "tap");
      const answeringA = answerCommands(onA, { ok: true }, (id) => Number(tapOnA()?.id) === id);
      await until(() => tapOnA() !== undefined, 30_000, "the tap on hub A");
      clearInterval(answeringA);
      onA.socket.terminate();

      // The phone comes back through hub B with the resume token A gave it, and answers there.
      const token = onA.received.find((e) => e.body === "welcome")!.welcome!.resumeToken!;
      const again = new RawPhone(b.wsUrl, "roamer", secret);
      expect((await again.join({ resumeToken: token })).resumed).toBe(false);
      const answeringB = answerCommands(again, { ok: true });
      const taskOn = async (hub: TestHub) => (await hub.api("GET", `/api/tasks/${taskId}`)).json;
      try {
        await until(async () => (await taskOn(b)).status === "done", 30_000, "the task done on its retry");
      } finally {
        clearInterval(answeringB);
      }
      const done = (await b.api("GET", `/api/tasks/${taskId}`)).json;
      expect(done.attempts).toBe(2);
      const runs = (await a.api("GET", "/api/runs?device=roamer")).json.runs as {
        status: string;
        reason?: string;
        startedAt: string;
        finishedAt?: string;
      }[];
      expect(runs).toHaveLength(2);
      const [cut, retried] = [runs.find((r) => r.status !== "done")!, runs.find((r) => r.status === "done")!];
      expect(retried).toBeDefined();
      // Interrupted by B's hold, or failed on A by the handover first (the run says why).
      if (cut.status === "failed") expect(cut.reason).toMatch(/joined hub hub-b/);
      else expect(cut.status).toBe("interrupted");
      // In the records too the phone ran one task at a time: A's run ended before B's began.
      expect(Date.parse(cut.finishedAt!)).toBeLessThanOrEqual(Date.parse(retried.startedAt));
      // Every command id went to the phone once, over both hubs.
      const ids = [...onA.requests(), ...again.requests()].map((r) => Number(r.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(again.requests().filter((r) => r.body === "tap")).toHaveLength(1);
      again.socket.close();
    }, 120_000);
  },
);
