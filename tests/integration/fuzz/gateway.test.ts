import { describe, expect, it } from "vitest";
import { gatewayTarget } from "../../../scripts/fuzz/gateway.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): gateway", () => {
  it("a real hub closes each bad socket with its README close code and keeps the healthy phones working", async () => {
    const report = await fuzzSeeded(gatewayTarget);
    // Both dialects were exercised, and sockets were both kept and closed in each.
    const labels = Object.keys(report.outcomes);
    for (const dialect of ["droidhub", "mobilerun"]) {
      expect(labels).toContain(`${dialect} open`);
      expect(labels.some((l) => l.startsWith(`${dialect} 4001`))).toBe(true);
    }
  }, 120_000);
});
