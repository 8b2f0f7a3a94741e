import { describe, it } from "vitest";
import { portalFrameTarget } from "../../../scripts/fuzz/portal-frame.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): portal-frame", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(portalFrameTarget);
  }, 120_000);
});
