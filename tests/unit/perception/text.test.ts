import { describe, expect, it } from "vitest";
import { parseBounds } from "../../../hub/perception/geometry.js";
import { cleanText, resourceName, truncate } from "../../../hub/perception/text.js";

describe("text cleaning", () => {
  it("decodes numeric entities, drops direction and zero-width marks, folds whitespace", () => {
    expect(cleanText("a&#10;b &#x1F525; &#128293;")).toBe("a b 🔥 🔥");
    expect(cleanText("\u200e\u202bשלום\u202c\u200f \u200bok\ufeff")).toBe("שלום ok");
    expect(cleanText("  one\n\n\ttwo  ")).toBe("one two");
    expect(cleanText("&#99999999;")).toBe("&#99999999;");
    expect(cleanText(undefined)).toBe("");
  });

  it("truncates by code points without splitting emoji", () => {
    expect(truncate("🔥🔥🔥🔥", 3)).toBe("🔥🔥…");
    expect(truncate("short", 10)).toBe("short");
  });

  it("names resource ids, skipping invented and obfuscated ones", () => {
    expect(resourceName("com.app:id/login_button")).toBe("login button");
    expect(resourceName("com.app:id/ok")).toBe("ok");
    expect(resourceName("com.app:id/d3u")).toBe("");
    expect(resourceName("view_125265142")).toBe("");
    expect(resourceName("")).toBe("");
  });

  it("parses every bounds notation found in dumps", () => {
    expect(parseBounds("[0,48][1080,2400]")).toEqual([0, 48, 1080, 2400]);
    expect(parseBounds("0, 48, 411, 890")).toEqual([0, 48, 411, 890]);
    expect(parseBounds("22,475,281,804")).toEqual([22, 475, 281, 804]);
    expect(parseBounds({ left: 1, top: 2, right: 3, bottom: 4 })).toEqual([1, 2, 3, 4]);
    expect(parseBounds("[0,0][1,")).toBeUndefined();
    expect(parseBounds({ left: "1" })).toBeUndefined();
  });
});
