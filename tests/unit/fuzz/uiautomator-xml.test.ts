import { describe, it } from "vitest";
import { xmlTarget } from "../../../scripts/fuzz/uiautomator-xml.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): uiautomator-xml", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(xmlTarget);
  }, 120_000);
});
