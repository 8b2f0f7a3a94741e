import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../../../hub/fleet/ports.js";
import { FreshRecords } from "../../../hub/store/fresh-records.js";

function task(id: string, status: TaskRecord["status"] = "queued"): TaskRecord {
  return {
    id,
    goal: "g",
    mode: "script",
    attempts: 0,
    timeoutMs: 0,
    extra: {},
    status,
    deviceId: undefined,
    tags: [],
    minSdk: 0,
    priority: 0,
    createdAt: 0,
    seq: 1,
    maxAttempts: 3,
    notBefore: 0,
    hasSecrets: false,
    lastDevice: undefined,
    finishedAt: undefined,
    reason: undefined,
  };
}

describe("FreshRecords", () => {
  it("answers a kept record once, and nothing once the task was written to", () => {
    const fresh = new FreshRecords();
    const a = task("a");
    fresh.keep(a);
    fresh.keep(task("b"));
    expect(fresh.take("a")).toBe(a);
    expect(fresh.take("a")).toBeUndefined();
    fresh.forget("b");
    expect(fresh.take("b")).toBeUndefined();
    expect(fresh.size).toBe(0);
  });

  it("keeps only queued tasks, and no more than its bound", () => {
    const fresh = new FreshRecords(2);
    fresh.keep(task("running", "running"));
    for (const id of ["q1", "q2", "q3"]) fresh.keep(task(id));
    expect(fresh.size).toBe(2);
    expect(fresh.take("running")).toBeUndefined();
    expect(fresh.take("q3")).toBeUndefined(); // past the bound: the store reads it from the table
    expect(fresh.take("q1")?.id).toBe("q1");
    fresh.keep(task("q4")); // room again
    expect(fresh.take("q4")?.id).toBe("q4");
  });
});
