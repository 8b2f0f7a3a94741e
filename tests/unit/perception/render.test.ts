import { describe, expect, it } from "vitest";
import { compact, countTokens, parseSnapshot, renderElements, type UiElement } from "../../../hub/perception/index.js";
import { fixture } from "./helpers.js";

const elements = compact(parseSnapshot(fixture("login-error.xml"))).elements;

function many(n: number): UiElement[] {
  const template = elements.find((e) => e.label === "Welcome 🔥")!;
  const button = elements.find((e) => e.label === "OK")!;
  return Array.from({ length: n }, (_, i) => ({
    ...(i % 4 === 0 ? button : template),
    id: i + 1,
    label: i % 4 === 0 ? `Action ${i}` : `Paragraph number ${i} with a few more words to read`,
  }));
}

describe("renderElements", () => {
  it("renders the DESIGN.md JSON with exactly its keys in order, plus optional ones when set", () => {
    const out = JSON.parse(renderElements(elements, "json").text) as Array<Record<string, unknown>>;
    expect(Object.keys(out[0]!)).toEqual([
      "id",
      "tag",
      "label",
      "cx",
      "cy",
      "bounds",
      "resourceId",
      "clickable",
      "editable",
      "scrollable",
      "checkable",
      "checked",
      "focused",
    ]);
    const pwd = out.find((e) => String(e["resourceId"]).endsWith("id/password"))!;
    expect(pwd).toMatchObject({ password: true, value: "••••••" });
    expect(out.every((e) => !("meta" in e))).toBe(true);
  });

  it("renders a terse line per element", () => {
    const lines = renderElements(elements, "text").text.split("\n");
    expect(lines).toHaveLength(elements.length);
    expect(lines).toContain('3 EditText "Пароль" (540,520) #password click edit password value="••••••"');
    expect(lines).toContain('14 Button "OK" (820,1430) #button1 click');
  });

  it("counts tokens of exactly the rendered text with o200k_base", () => {
    for (const format of ["json", "text"] as const) {
      const r = renderElements(elements, format);
      expect(r.tokens).toBe(countTokens(r.text));
      expect(r.omitted).toBe(0);
    }
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("keeps a huge screen under budget: interactive first, the rest summarised", () => {
    const list = many(200);
    const full = renderElements(list, "text");
    const guarded = renderElements(list, "text", { maxTokens: 1500 });
    expect(full.tokens).toBeGreaterThan(1500);
    expect(guarded.tokens).toBeLessThanOrEqual(1500);
    expect(guarded.omitted).toBeGreaterThan(0);
    for (const e of list.filter((x) => x.meta.interactive)) expect(guarded.text).toContain(`"Action ${e.id - 1}"`);
    expect(guarded.text.split("\n").pop()).toMatch(new RegExp(`^… ${guarded.omitted} more items omitted`));
    const json = renderElements(list, "json", { maxTokens: 3000 });
    expect(json.tokens).toBeLessThanOrEqual(3000);
    const parsed = JSON.parse(json.text) as Array<Record<string, unknown>>;
    expect(parsed.at(-1)).toMatchObject({ omitted: json.omitted });
  });

  it("trims even the interactive elements when the budget is tiny", () => {
    const r = renderElements(many(200), "text", { maxTokens: 200 });
    expect(r.tokens).toBeLessThanOrEqual(200);
    expect(r.omitted).toBeGreaterThan(100);
  });
});
