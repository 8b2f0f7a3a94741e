import { describe, expect, it } from "vitest";
import { parseJsonBody } from "../../../hub/edge/json-body.js";
import type { HubError } from "../../../hub/errors/hub-error.js";

function refusal(text: string): HubError {
  try {
    parseJsonBody(text);
  } catch (error) {
    return error as HubError;
  }
  throw new Error("expected a refusal");
}

describe("parseJsonBody", () => {
  it("parses ordinary bodies, including a harmless constructor value", () => {
    expect(parseJsonBody('{"a":[1,{"b":"c"}]}')).toEqual({ a: [1, { b: "c" }] });
    expect(parseJsonBody('{"constructor":"x","c":{"constructor":{"name":"y"}}}')).toEqual({
      constructor: "x",
      c: { constructor: { name: "y" } },
    });
  });

  it("names the forbidden key and where it is, however deep", () => {
    let deep = '{"__proto__":{}}';
    for (let i = 0; i < 5_000; i++) deep = `{"n":${deep}}`;
    const error = refusal(deep);
    expect(error.code).toBe("INVALID_BODY");
    expect(error.details["key"]).toBe("__proto__");
    expect(String(error.details["field"])).toMatch(/^(n\.){5000}__proto__$/);
  });

  it("sees through escapes", () => {
    expect(refusal('{"a":{"\\u005f\\u005fproto\\u005f\\u005f":1}}').details).toEqual({
      field: "a.__proto__",
      key: "__proto__",
    });
    expect(refusal('{"\\u0063onstructor":{"prototype":{}}}').details).toEqual({
      field: "constructor",
      key: "constructor",
    });
  });

  it("refuses malformed and empty bodies without quoting them", () => {
    const malformed = refusal('{"password":"hunter2"');
    expect(malformed.code).toBe("INVALID_BODY");
    expect(malformed.message).not.toContain("hunter2");
    expect(refusal("").message).toBe("the body is empty but its content-type says JSON");
  });
});
