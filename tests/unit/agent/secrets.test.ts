import { describe, expect, it } from "vitest";
import { SecretVault } from "../../../hub/agent/secrets.js";

describe("SecretVault", () => {
  const vault = new SecretVault({ password: "hunter2!", pin: "2468", long: "hunter2!-and-more" });

  it("substitutes placeholders at input time", () => {
    expect(vault.substitute("{{secret:password}}")).toBe("hunter2!");
    expect(vault.substitute("pin {{secret:pin}} ok")).toBe("pin 2468 ok");
    expect(vault.substitute("no secrets")).toBe("no secrets");
  });

  it("refuses an unknown placeholder instead of typing it", () => {
    expect(() => vault.substitute("{{secret:nope}}")).toThrow(/unknown secret/);
  });

  it("redacts values deeply, longest secret first", () => {
    const redacted = vault.redact({
      a: "typed hunter2!-and-more then hunter2!",
      list: ["2468", { deep: "x2468y" }],
      n: 5,
    });
    expect(redacted).toEqual({
      a: "typed {{secret:long}} then {{secret:password}}",
      list: ["{{secret:pin}}", { deep: "x{{secret:pin}}y" }],
      n: 5,
    });
  });
});
