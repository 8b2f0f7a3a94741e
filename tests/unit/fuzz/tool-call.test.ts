import { describe, it } from "vitest";
import { toolCallTarget } from "../../../scripts/fuzz/tool-call.js";
import { fuzzSeeded } from "../../helpers/fuzz.js";

describe("fuzz (seeded): tool-call", () => {
  it("every generated input decodes or fails with a typed error", async () => {
    await fuzzSeeded(toolCallTarget);
  }, 120_000);
});
