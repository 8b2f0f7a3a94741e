import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../../../hub/fleet/ports.js";
import { KnownRecords } from "../../../hub/store/known-records.js";

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

describe("KnownRecords", () => {
  it("answers a kept record's claim once, and nothing once the task was written to", () => {
    const known = new KnownRecords();
    const a = task("a");
    known.keep(a);
    known.keep(task("b"));
    expect(known.claim("a")).toBe(a);
    expect(known.claim("a")).toBeUndefined();
    known.forget("b");
    expect(known.claim("b")).toBeUndefined();
  });

  it("follows a committed lease: the running record has one attempt more and the phone", () => {
    const known = new KnownRecords();
    known.keep(task("a"));
    known.claim("a");
    expect(known.take("a", ["queued", "running"])).toBeUndefined(); // claimed, not leased: not known to end
    known.started("a", "phone-1");
    expect(known.take("a", ["queued"])).toBeUndefined(); // it runs: an end from queued does not match
    expect(known.take("a", ["running"])).toMatchObject({
      id: "a",
      status: "running",
      attempts: 1,
      lastDevice: "phone-1",
    });
    expect(known.take("a", ["running"])).toBeUndefined();
    expect(known.size).toBe(0);
  });

  it("forgets a claim handed back, and holds one answered from the table", () => {
    const known = new KnownRecords();
    known.keep(task("a"));
    known.claim("a");
    known.unclaim("a");
    known.started("a", "phone-1");
    expect(known.take("a", ["running"])).toBeUndefined();
    known.hold(task("read"));
    known.started("read", "phone-2");
    expect(known.take("read", ["running"])).toMatchObject({ status: "running", lastDevice: "phone-2" });
  });

  it("keeps only queued tasks, and no more queued ones than its bound", () => {
    const known = new KnownRecords(2);
    known.keep(task("running", "running"));
    for (const id of ["q1", "q2", "q3"]) known.keep(task(id));
    expect(known.size).toBe(2);
    expect(known.claim("running")).toBeUndefined();
    expect(known.claim("q3")).toBeUndefined(); // past the bound: the store reads it from the table
    expect(known.claim("q1")?.id).toBe("q1");
    known.keep(task("q4")); // room again
    expect(known.claim("q4")?.id).toBe("q4");
  });
});
