import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compareSuites, formatTable, type Suite } from "../../../scripts/bench/compare.js";

// The formatter only (not a benchmark): two suite files as `npm run bench` writes them.
const previous: Suite = {
  at: "2026-12-01T00:00:00.000Z",
  node: "v20.20.2",
  quick: false,
  loadAverage: 1.5,
  figures: {
    "gateway: plain echo cmds/s": { value: 50_000, unit: "/s", better: "higher" },
    "gateway: hub/echo throughput": {
      value: 0.6,
      unit: "×",
      better: "higher",
      reference: "gateway: plain echo cmds/s",
    },
    "gateway: hub rss/idle phone": { value: 6400, unit: "B", better: "lower" },
    "fleet: SQLite start wait p99": { value: 2600, unit: "ms", better: "lower" },
    "gateway: echo rss/idle phone": { value: -1012, unit: "B", better: "lower" },
  },
};
const now: Suite = {
  at: "2026-12-01T01:00:00.000Z",
  node: "v20.20.2",
  quick: true,
  loadAverage: 3.25,
  figures: {
    "gateway: plain echo cmds/s": { value: 25_000, unit: "/s", better: "higher" },
    "gateway: hub/echo throughput": {
      value: 0.9,
      unit: "×",
      better: "higher",
      reference: "gateway: plain echo cmds/s",
    },
    "gateway: hub rss/idle phone": { value: 8000, unit: "B", better: "lower" },
    "fleet: PostgreSQL / SQLite drain": { value: 0.75, unit: "×", better: "higher" },
  },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function roundTrip(suite: Suite, name: string): Suite {
  dir ??= mkdtempSync(path.join(tmpdir(), "droidhub-bench-compare-"));
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(suite));
  return JSON.parse(readFileSync(file, "utf8")) as Suite;
}

describe("bench baseline table", () => {
  it("puts each figure beside its previous value, with the ratio, its direction and the reference's own rate", () => {
    const rows = compareSuites(roundTrip(previous, "before.json"), roundTrip(now, "after.json"));
    expect(rows).toEqual([
      {
        figure: "gateway: plain echo cmds/s",
        previous: "50,000 /s",
        now: "25,000 /s",
        change: "0.50× worse",
        reference: "",
      },
      {
        figure: "gateway: hub/echo throughput",
        previous: "0.6 ×",
        now: "0.9 ×",
        change: "1.50× better",
        reference: "gateway: plain echo cmds/s: 50,000 /s → 25,000 /s",
      },
      {
        figure: "gateway: hub rss/idle phone",
        previous: "6,400 B",
        now: "8,000 B",
        change: "1.25× worse",
        reference: "",
      },
      { figure: "fleet: PostgreSQL / SQLite drain", previous: "-", now: "0.75 ×", change: "new", reference: "" },
      { figure: "fleet: SQLite start wait p99", previous: "2,600 ms", now: "-", change: "gone", reference: "" },
      { figure: "gateway: echo rss/idle phone", previous: "-1,012 B", now: "-", change: "gone", reference: "" },
    ]);
  });

  it("gives no ratio for a negative figure (a memory delta a collection made negative)", () => {
    const negative = { value: -1012, unit: "B", better: "lower" } as const;
    const positive = { value: 5600, unit: "B", better: "lower" } as const;
    const rows = compareSuites({ ...previous, figures: { rss: negative } }, { ...now, figures: { rss: positive } });
    expect(rows).toEqual([
      { figure: "rss", previous: "-1,012 B", now: "5,600 B", change: "n/a (negative)", reference: "" },
    ]);
  });

  it("heads the table with both runs' conditions, so a quick or busy run, or the sources against the build, is visible", () => {
    const lines = formatTable(previous, { ...now, hubCode: "dist/ build" }).split("\n");
    // A file from before hubCode was written measured the sources.
    expect(lines[0]).toBe("previous: 2026-12-01T00:00:00.000Z, node v20.20.2, hub sources (tsx), load average 1.50");
    expect(lines[1]).toBe("now: 2026-12-01T01:00:00.000Z, node v20.20.2, hub dist/ build, quick, load average 3.25");
    expect(lines[3]).toMatch(/^\| figure +\| previous +\| now +\| now\/previous +\| reference \(previous → now\) +\|$/);
    expect(lines).toHaveLength(4 + 1 + 6);
    expect(lines[6]).toContain("| 1.50× better |");
  });
});
