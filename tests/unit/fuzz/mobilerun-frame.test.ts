import { describe, it } from "vitest";
import { mobilerunFrameTarget } from "../../../scripts/fuzz/mobilerun-frame.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): portal-frame", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(mobilerunFrameTarget);
  }, 120_000);
});
