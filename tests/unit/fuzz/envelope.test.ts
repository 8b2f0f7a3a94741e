import { describe, it } from "vitest";
import { envelopeTarget } from "../../../scripts/fuzz/envelope.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): envelope", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(envelopeTarget);
  }, 120_000);
});
