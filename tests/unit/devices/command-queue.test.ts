import { describe, expect, it, vi } from "vitest";
import {
  AbandonedIds,
  abortReason,
  CommandQueue,
  type CommandQueueOptions,
  type QueuedCommand,
} from "../../../hub/devices/command-queue.js";
import type { CallOutcome } from "../../../hub/devices/types.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { useFakeTimersPerTest } from "../../helpers/fake-timers.js";

/** A queue whose `start` only records; the test plays the dialect and ends each command. */
function harness(options: Partial<CommandQueueOptions<string>> = {}) {
  const started: QueuedCommand<string>[] = [];
  const queue = new CommandQueue<string>({
    deviceId: "p1",
    maxInFlight: 8,
    defaultTimeoutMs: 1_000,
    start: (command) => started.push(command),
    ...options,
  });
  return { queue, started };
}

const answer = (ms: number): CallOutcome => ({ result: { ok: true }, ms });

/** The rejection of a promise that must reject, as a HubError. */
async function failure(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HubError);
  return error as HubError;
}

useFakeTimersPerTest();

describe("CommandQueue", () => {
  it("starts one command at a time, in call order, each once the previous has ended", async () => {
    const { queue, started } = harness();
    const a = queue.push("tap", {}, () => "a");
    const b = queue.push("swipe", {}, () => "b");
    const c = queue.push("getUi", {}, () => "c");
    expect(started.map((command) => command.payload)).toEqual(["a"]);
    expect(queue.pendingCount).toBe(3);

    queue.resolve(started[0]!, answer(1));
    expect(started.map((command) => command.payload)).toEqual(["a", "b"]);
    queue.reject(started[1]!, new HubError("DEVICE_ERROR", "swipe failed"));
    expect(started.map((command) => command.payload)).toEqual(["a", "b", "c"]);
    expect(started.map((command) => command.kind)).toEqual(["tap", "swipe", "getUi"]);
    queue.resolve(started[2]!, answer(3));

    await expect(a).resolves.toEqual(answer(1));
    expect((await failure(b)).message).toBe("swipe failed");
    await expect(c).resolves.toEqual(answer(3));
    expect(queue.pendingCount).toBe(0);
    expect(queue.running).toBeUndefined();
  });

  it("ignores a second ending of a command that already ended", async () => {
    const { queue, started } = harness();
    const a = queue.push("tap", {}, () => "a");
    const b = queue.push("tap", {}, () => "b");
    const first = started[0]!;
    queue.resolve(first, answer(1));
    queue.reject(first, new HubError("DEVICE_ERROR"));
    queue.resolve(first, answer(2));
    await expect(a).resolves.toEqual(answer(1));
    expect(queue.running?.payload).toBe("b");
    queue.resolve(started[1]!, answer(4));
    await expect(b).resolves.toEqual(answer(4));
  });

  it("times out a waiting command from the moment of the call and drops it from the line", async () => {
    const { queue, started } = harness();
    const a = queue.push("tap", {}, () => "a");
    const b = queue.push("screenshot", { timeoutMs: 300 }, () => "b");
    const c = queue.push("getUi", {}, () => "c");
    const timedOut = failure(b);
    await vi.advanceTimersByTimeAsync(300);
    const error = await timedOut;
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe("screenshot got no answer within 300 ms");
    expect(error.details).toEqual({ deviceId: "p1", timeoutMs: 300 });
    expect(queue.pendingCount).toBe(2);

    queue.resolve(started[0]!, answer(1));
    expect(started.map((command) => command.payload)).toEqual(["a", "c"]);
    await expect(a).resolves.toEqual(answer(1));
    queue.resolve(started[1]!, answer(2));
    await expect(c).resolves.toEqual(answer(2));
  });

  it("aborts the running command's signal on timeout and leaves winding it up to the dialect", async () => {
    const { queue, started } = harness({ defaultTimeoutMs: 500 });
    const a = queue.push("tap", {}, () => "a");
    queue.push("tap", { timeoutMs: 5_000 }, () => "b");
    const running = started[0]!;
    await vi.advanceTimersByTimeAsync(499);
    expect(running.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(running.signal.aborted).toBe(true);
    expect(abortReason(running.signal).code).toBe("TIMEOUT");
    // It may still be on the phone: the queue neither fails it nor starts the next one by itself.
    expect(queue.running).toBe(running);
    expect(started).toHaveLength(1);

    queue.reject(running, abortReason(running.signal));
    expect((await failure(a)).code).toBe("TIMEOUT");
    expect(started.map((command) => command.payload)).toEqual(["a", "b"]);
  });

  it("stops the timer once a command has ended", async () => {
    const { queue, started } = harness({ defaultTimeoutMs: 500 });
    const a = queue.push("tap", {}, () => "a");
    const command = started[0]!;
    queue.resolve(command, answer(1));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(command.signal.aborted).toBe(false);
    await expect(a).resolves.toEqual(answer(1));
  });

  it("refuses a call whose signal has already aborted, without building its payload", async () => {
    const { queue, started } = harness();
    const build = vi.fn(() => "a");
    const error = await failure(queue.push("tap", { signal: AbortSignal.abort() }, build));
    expect(error.code).toBe("ABORTED");
    expect(build).not.toHaveBeenCalled();
    expect(started).toHaveLength(0);
    expect(queue.pendingCount).toBe(0);
  });

  it("drops a waiting command whose caller aborts; the others keep their order", async () => {
    const { queue, started } = harness();
    const caller = new AbortController();
    const a = queue.push("tap", {}, () => "a");
    const b = queue.push("swipe", { signal: caller.signal }, () => "b");
    const c = queue.push("getUi", {}, () => "c");
    caller.abort();
    const error = await failure(b);
    expect(error.code).toBe("ABORTED");
    expect(error.message).toBe("swipe was aborted");
    expect(queue.pendingCount).toBe(2);

    queue.resolve(started[0]!, answer(1));
    queue.resolve(started[1]!, answer(2));
    expect(started.map((command) => command.payload)).toEqual(["a", "c"]);
    await expect(a).resolves.toEqual(answer(1));
    await expect(c).resolves.toEqual(answer(2));
  });

  it("passes a caller's abort of the running command to its signal", async () => {
    const { queue, started } = harness();
    const caller = new AbortController();
    const a = queue.push("tap", { signal: caller.signal }, () => "a");
    caller.abort();
    const running = started[0]!;
    expect(running.signal.aborted).toBe(true);
    expect(abortReason(running.signal).code).toBe("ABORTED");
    expect(queue.running).toBe(running);
    queue.reject(running, abortReason(running.signal));
    expect((await failure(a)).code).toBe("ABORTED");
  });

  it("stops listening to the caller's signal once the command has ended", async () => {
    const { queue, started } = harness();
    const caller = new AbortController();
    const a = queue.push("tap", { signal: caller.signal }, () => "a");
    const command = started[0]!;
    queue.resolve(command, answer(1));
    caller.abort();
    expect(command.signal.aborted).toBe(false);
    await expect(a).resolves.toEqual(answer(1));
  });

  it("refuses calls past the in-flight limit, running command included, and accepts again after one ends", async () => {
    const { queue, started } = harness({ maxInFlight: 2 });
    const build = vi.fn(() => "c");
    queue.push("tap", {}, () => "a");
    queue.push("tap", {}, () => "b");
    const error = await failure(queue.push("tap", {}, build));
    expect(error.code).toBe("TOO_MANY_IN_FLIGHT");
    expect(error.details).toEqual({ deviceId: "p1", limit: 2 });
    expect(build).not.toHaveBeenCalled();
    expect(queue.pendingCount).toBe(2);

    queue.resolve(started[0]!, answer(1));
    const d = queue.push("tap", {}, () => "d");
    expect(queue.pendingCount).toBe(2);
    queue.resolve(started[1]!, answer(2));
    queue.resolve(started[2]!, answer(3));
    expect(started.map((command) => command.payload)).toEqual(["a", "b", "d"]);
    await expect(d).resolves.toEqual(answer(3));
  });

  it("starts nothing while not ready, and the waiting command once pumped when ready", () => {
    let ready = false;
    const { queue, started } = harness({ ready: () => ready });
    queue.push("tap", {}, () => "a");
    queue.pump();
    expect(started).toHaveLength(0);
    ready = true;
    queue.pump();
    expect(started.map((command) => command.payload)).toEqual(["a"]);
  });

  it("on close fails every accepted command with the reason and refuses new ones", async () => {
    const { queue, started } = harness();
    const a = queue.push("tap", {}, () => "a");
    const b = queue.push("tap", {}, () => "b");
    const running = started[0]!;
    queue.close(new HubError("DEVICE_OFFLINE", "gone for good"));

    const waiting = await failure(b);
    expect(waiting.code).toBe("DEVICE_OFFLINE");
    expect(waiting.message).toBe("gone for good");
    expect(waiting.details).toEqual({ deviceId: "p1" });
    expect(running.signal.aborted).toBe(true);
    queue.reject(running, abortReason(running.signal));
    expect((await failure(a)).code).toBe("DEVICE_OFFLINE");
    expect(started).toHaveLength(1);

    const late = await failure(queue.push("tap", {}, () => "c"));
    expect(late.code).toBe("DEVICE_OFFLINE");
    expect(queue.pendingCount).toBe(0);
  });

  it("keeps one timer for the whole line, however many commands are accepted or answered", async () => {
    const { queue, started } = harness({ defaultTimeoutMs: 500 });
    const calls = ["a", "b", "c", "d"].map((name) => queue.push("tap", {}, () => name));
    expect(vi.getTimerCount()).toBe(1);
    for (let i = 0; i < 3; i++) {
      queue.resolve(started[i]!, answer(i));
      queue.push("tap", {}, () => `more${i}`);
    }
    expect(vi.getTimerCount()).toBe(1);
    for (let i = 3; i < 7; i++) queue.resolve(started[i]!, answer(i));
    await Promise.all(calls);
    expect(queue.pendingCount).toBe(0);
    // Nothing left to time out: the timer fires once and is not armed again.
    await vi.advanceTimersByTimeAsync(500);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("times out each command at its own limit from its call, a later call with a shorter limit first", async () => {
    const { queue, started } = harness({ defaultTimeoutMs: 1_000 });
    const a = queue.push("tap", {}, () => "a");
    await vi.advanceTimersByTimeAsync(100);
    const b = queue.push("swipe", { timeoutMs: 200 }, () => "b");
    const c = queue.push("getUi", { timeoutMs: 600 }, () => "c");
    const failed: string[] = [];
    for (const [name, call] of [
      ["b", b],
      ["c", c],
    ] as const)
      void call.catch(() => failed.push(name));
    await vi.advanceTimersByTimeAsync(199);
    expect(failed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toEqual(["b"]);
    expect((await failure(b)).message).toBe("swipe got no answer within 200 ms");
    await vi.advanceTimersByTimeAsync(400);
    expect(failed).toEqual(["b", "c"]);
    expect(started[0]!.aborted).toBeUndefined();
    await vi.advanceTimersByTimeAsync(299);
    expect(started[0]!.aborted).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(started[0]!.aborted?.code).toBe("TIMEOUT");
    queue.reject(started[0]!, started[0]!.aborted!);
    expect((await failure(a)).details).toEqual({ deviceId: "p1", timeoutMs: 1_000 });
  });

  it("tells the dialect once through runningAborted when the running command is aborted, not a waiting one", async () => {
    const aborted: [string, string][] = [];
    const { queue } = harness({
      defaultTimeoutMs: 300,
      runningAborted: (command, reason) => {
        aborted.push([command.payload, reason.code]);
        queue.reject(command, reason);
      },
    });
    const a = failure(queue.push("tap", {}, () => "a"));
    const controller = new AbortController();
    const b = queue.push("tap", { signal: controller.signal }, () => "b");
    controller.abort();
    expect((await failure(b)).code).toBe("ABORTED");
    expect(aborted).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(aborted).toEqual([["a", "TIMEOUT"]]);
    expect((await a).code).toBe("TIMEOUT");
  });
});

describe("AbandonedIds", () => {
  it("remembers the most recent ids up to its limit", () => {
    const ids = new AbandonedIds<number>(2);
    ids.add(1);
    ids.add(2);
    expect(ids.has(1)).toBe(true);
    ids.add(3);
    expect([ids.has(1), ids.has(2), ids.has(3), ids.has(4)]).toEqual([false, true, true, false]);
  });
});
