import { describe, it } from "vitest";
import { portalJsonTarget } from "../../../scripts/fuzz/portal-json.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): portal-json", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(portalJsonTarget);
  }, 120_000);
});
