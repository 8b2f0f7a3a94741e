/**
 * Tool-definition token estimates: the compact function block endpoints render, not our JSON.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ModelTool } from "../../../hub/llm/model.js";
import { estimateToolTokens, renderTool } from "../../../hub/llm/tool-tokens.js";
import { estimateTextTokens } from "../../../hub/llm/usage.js";

const scroll: ModelTool = {
  name: "scroll",
  description: "Scroll to bring content into view.",
  parameters: z.object({
    direction: z.enum(["up", "down"]),
    index: z.number().int().min(1).nullish(),
    labels: z.array(z.string()).describe("labels to look for"),
  }),
};

describe("tool token estimates", () => {
  it("renders a tool the way endpoints show functions to the model", () => {
    expect(renderTool(scroll)).toBe(
      [
        "// Scroll to bring content into view.",
        "type scroll = (_: {",
        'direction: "up" | "down",',
        "index?: number | null,",
        "// labels to look for",
        "labels: string[],",
        "}) => any;",
        "",
      ].join("\n"),
    );
  });

  it("counts each tool once per request plus framing, well under the JSON we send", () => {
    const one = estimateToolTokens([scroll]);
    expect(one).toBe(estimateTextTokens(renderTool(scroll)) + 12);
    const other: ModelTool = { name: "wait", description: "Wait.", parameters: z.object({ seconds: z.number() }) };
    expect(estimateToolTokens([scroll, other])).toBe(one + estimateTextTokens(renderTool(other)));
    expect(estimateToolTokens([])).toBe(0);
    const json = estimateTextTokens(JSON.stringify(z.toJSONSchema(scroll.parameters)));
    expect(one).toBeLessThan(json);
  });
});
