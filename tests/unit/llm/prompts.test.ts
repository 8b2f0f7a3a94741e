import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import { fillTemplate, loadPrompt, renderPrompt } from "../../../hub/llm/prompts.js";

describe("prompts", () => {
  it("renders the repair prompt from its file, without the documenting comment", () => {
    const text = renderPrompt("repair", { schema_name: "action_chain", error: "steps.0.x: expected number" });
    expect(text).toContain("`action_chain`");
    expect(text).toContain("steps.0.x: expected number");
    expect(text).not.toContain("<!--");
    expect(text).not.toMatch(/\{\{/);
  });

  it("fails naming a missing variable", () => {
    expect(() => renderPrompt("repair", { schema_name: "x" })).toThrow(/needs variable "error"/);
    try {
      fillTemplate("Hi {{ name }}", {}, "greeting");
    } catch (error) {
      expect(error).toBeInstanceOf(HubError);
      expect((error as HubError).details).toEqual({ prompt: "greeting", key: "name" });
    }
  });

  it("passes {{secret:NAME}} placeholders inside values through untouched", () => {
    const value = 'type {{secret:password}} into "Password", then {{secret:otp_code}}';
    const text = renderPrompt("repair", { schema_name: "action_chain", error: value });
    expect(text).toContain(value);
  });

  it("does not treat values as templates (no injection, no second pass)", () => {
    expect(fillTemplate("A={{a}} B={{b}}", { a: "{{b}}", b: "x" })).toBe("A={{b}} B=x");
    expect(fillTemplate("{{a}}", { a: "$& $1 $$" })).toBe("$& $1 $$");
  });

  it("leaves {{secret:NAME}} in a template alone and allows spaces in placeholders", () => {
    expect(fillTemplate("{{ a }} {{secret:pin}}", { a: 1 })).toBe("1 {{secret:pin}}");
  });

  it("refuses unknown and path-like names", () => {
    expect(() => loadPrompt("no-such-prompt")).toThrow(/not found/);
    expect(() => loadPrompt("../config")).toThrow(/invalid prompt name/);
  });
});
