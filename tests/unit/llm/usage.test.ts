import { describe, expect, it } from "vitest";
import {
  estimateCostUsd,
  estimatePromptTokens,
  estimateTextTokens,
  IMAGE_TOKEN_ESTIMATE,
} from "../../../hub/llm/usage.js";

describe("usage", () => {
  it("prices by the longest model-name prefix", () => {
    expect(estimateCostUsd("gpt-4o-mini-2024-07-18", 1_000_000, 0)).toBeCloseTo(0.15);
    expect(estimateCostUsd("gpt-4o-2024-08-06", 1_000_000, 1_000_000)).toBeCloseTo(12.5);
    expect(estimateCostUsd("openai/gpt-4.1-mini", 2_000_000, 0)).toBeCloseTo(0.8);
    expect(estimateCostUsd("gemini-2.5-flash-lite", 1_000_000, 0)).toBeCloseTo(0.1);
  });

  it("has no estimate for an unknown model", () => {
    expect(estimateCostUsd("qwen2.5:7b", 1000, 1000)).toBeUndefined();
    expect(estimateCostUsd("scripted", 1000, 1000)).toBeUndefined();
  });

  it("estimates tokens with the real tokenizer and counts images", () => {
    expect(estimateTextTokens("")).toBe(0);
    expect(estimateTextTokens("hello world")).toBe(2);
    expect(estimateTextTokens("<|endoftext|>")).toBeGreaterThan(1);
    const image = { type: "image" as const, data: new Uint8Array(10), mime: "image/png" as const };
    const withImage = estimatePromptTokens([{ role: "user", content: [{ type: "text", text: "hi" }, image] }]);
    const dropped = estimatePromptTokens([{ role: "user", content: [{ type: "text", text: "hi" }, image] }], {
      images: false,
    });
    expect(withImage - dropped).toBe(IMAGE_TOKEN_ESTIMATE);
  });
});
