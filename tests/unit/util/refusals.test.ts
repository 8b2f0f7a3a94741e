import { afterEach, describe, expect, it } from "vitest";
import { RefusalCounter, type RefusalSummary } from "../../../hub/util/refusals.js";

const counters: RefusalCounter[] = [];
afterEach(() => {
  for (const counter of counters.splice(0)) counter.flush();
});

function counter(options: { maxSeries?: number } = {}): { counter: RefusalCounter; reports: RefusalSummary[] } {
  const reports: RefusalSummary[] = [];
  const made = new RefusalCounter({ intervalMs: 60_000, report: (s) => reports.push(s), ...options });
  counters.push(made);
  return { counter: made, reports };
}

describe("RefusalCounter", () => {
  it("keeps totals by label set and reports each interval once, only when something was refused", () => {
    const { counter: refusals, reports } = counter();
    refusals.flush();
    expect(reports).toEqual([]);
    for (let i = 0; i < 3; i++)
      refusals.count(
        { kind: "upgrade", code: "UNAUTHORIZED", dialect: "mobilerun", reason: "unknown key" },
        "10.0.0.1",
      );
    refusals.count({ kind: "request", code: "UNAUTHORIZED" }, "10.0.0.2");
    refusals.flush();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      total: 4,
      refused: { "upgrade UNAUTHORIZED mobilerun: unknown key": 3, "request UNAUTHORIZED": 1 },
      addresses: { "10.0.0.1": 3, "10.0.0.2": 1 },
    });
    refusals.flush();
    expect(reports).toHaveLength(1);
    refusals.count({ kind: "request", code: "UNAUTHORIZED" });
    refusals.flush();
    expect(reports[1]).toMatchObject({ total: 1, refused: { "request UNAUTHORIZED": 1 }, addresses: {} });
    // Totals never reset: they are Prometheus counters.
    expect(refusals.series()).toEqual([
      { labels: { kind: "upgrade", code: "UNAUTHORIZED", dialect: "mobilerun", reason: "unknown key" }, count: 3 },
      { labels: { kind: "request", code: "UNAUTHORIZED" }, count: 2 },
    ]);
  });

  it('folds label sets over the limit into reason "other"', () => {
    const { counter: refusals } = counter({ maxSeries: 2 });
    for (const reason of ["a", "b", "c", "d"]) refusals.count({ kind: "upgrade", code: "UNAUTHORIZED", reason });
    expect(refusals.series().map((s) => [s.labels.reason, s.count])).toEqual([
      ["a", 1],
      ["b", 1],
      ["other", 2],
    ]);
  });

  it("remembers which requests it counted", () => {
    const { counter: refusals } = counter();
    const request = {};
    expect(refusals.counted(request)).toBe(false);
    refusals.count({ kind: "request", code: "UNAUTHORIZED" }, undefined, request);
    expect(refusals.counted(request)).toBe(true);
    expect(refusals.counted({})).toBe(false);
  });

  it("reports the five addresses refused most", () => {
    const { counter: refusals, reports } = counter();
    for (let a = 1; a <= 7; a++) {
      for (let n = 0; n < a; n++) refusals.count({ kind: "connection", code: "TOO_MANY_CONNECTIONS" }, `10.0.0.${a}`);
    }
    refusals.flush();
    expect(reports[0]!.addresses).toEqual({
      "10.0.0.7": 7,
      "10.0.0.6": 6,
      "10.0.0.5": 5,
      "10.0.0.4": 4,
      "10.0.0.3": 3,
    });
  });
});
