import { describe, it } from "vitest";
import { mobilerunJsonTarget } from "../../../scripts/fuzz/mobilerun-json.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): portal-json", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(mobilerunJsonTarget);
  }, 120_000);
});
