/**
 * A retry queued with a backoff on one hub, and the only phone that may run it on another: the hub
 * that requeued it has a timer for it, but no phone; the other hub hears of the retry (fan-out) and
 * arms its own timer, so its phone starts the retry once the backoff is over — not at its next
 * wake-up round, which is minutes away here (a third of the long ownership time limit).
 * Two in-process hubs on one PostgreSQL database and one Redis.
 */
import { expect, it } from "vitest";
import { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { type TestHub, until } from "../../helpers/hub.js";
import { answerCommands, describeInProcessCluster } from "../../helpers/in-process-cluster.js";
import { RawPhone } from "../../helpers/raw-phone.js";

const LONG_MS = 600_000;
/** The first retry waits 2.5–5 s. */
const RETRY_MS = 5_000;

describeInProcessCluster(
  "a retry another hub's phone runs",
  ["hub-a", "hub-b"],
  {
    config: { ownershipTtlMs: LONG_MS },
    fleet: { retryBaseMs: RETRY_MS },
  },
  (hubs) => {
    it("starts on the other hub's phone once the backoff is over", async () => {
      const [a, b] = hubs as [TestHub, TestHub];
      const first = new RawPhone(a.wsUrl, "first");
      await first.join();
      const failing = answerCommands(first, {
        ok: false,
        error: { code: droidhub.v1.ErrorCode.ERROR_CODE_GESTURE_CANCELLED, message: "the tap failed" },
      });
      const task = await a.api("POST", "/api/tasks", {
        goal: "tap once",
        mode: "script",
        pictures: false,
        max_attempts: 3,
        actions: [{ action: "tap", x: 10, y: 20 }],
      });
      expect(task.status).toBe(201);
      const taskId = task.json.id as string;
      const taskOn = async (hub: TestHub) => (await hub.api("GET", `/api/tasks/${taskId}`)).json;
      await until(async () => (await taskOn(a)).attempts === 1 && (await taskOn(a)).status === "queued", 30_000);
      clearInterval(failing);
      // Hub A's phone takes nothing more; hub B's phone joins before the retry is due.
      expect((await a.api("POST", "/api/devices/first/drain")).status).toBe(200);
      const second = new RawPhone(b.wsUrl, "second");
      await second.join();
      const queued = await taskOn(b);
      expect(Date.now()).toBeLessThan(Date.parse(queued.notBefore));
      const working = answerCommands(second, { ok: true });
      try {
        await until(async () => (await taskOn(b)).status === "done", 30_000, "the retry done through hub B");
      } finally {
        clearInterval(working);
      }
      expect((await taskOn(b)).attempts).toBe(2);
      expect(second.requests().filter((r) => r.body === "tap")).toHaveLength(1);
      first.socket.close();
      second.socket.close();
    }, 120_000);
  },
);
