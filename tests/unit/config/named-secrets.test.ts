import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadNamedSecrets, resolveSecretNames } from "../../../hub/config/named-secrets.js";

const dir = mkdtempSync(path.join(tmpdir(), "droidhub-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text, { mode: 0o600 });
  return p;
}

/** The CONFIG_INVALID message of a bad file. */
function refusal(p: string): string {
  try {
    loadNamedSecrets(p);
  } catch (error) {
    expect(error).toMatchObject({ code: "CONFIG_INVALID" });
    return (error as Error).message;
  }
  throw new Error("loaded");
}

describe("DROIDHUB_SECRETS_FILE", () => {
  it("reads names and values, and resolves names to values", () => {
    const secrets = loadNamedSecrets(file("good.json", JSON.stringify({ password: "hunter2-xyz", "otp.seed": "s3" })));
    expect(resolveSecretNames(secrets, ["password"])).toEqual({ password: "hunter2-xyz" });
    expect(loadNamedSecrets(undefined).size).toBe(0);
  });

  it("stops on a bad file naming the file and the fault, never a value", () => {
    const cases: [string, string, RegExp][] = [
      ["broken.json", '{"password": "hunter2-xyz"', /is not JSON/],
      ["array.json", '["hunter2-xyz"]', /is not a JSON object/],
      ["number.json", '{"password": 12345678}', /secret password is not a string/],
      ["name.json", '{"pass word": "hunter2-xyz"}', /secret name "pass word" is not/],
      ["long.json", JSON.stringify({ password: "h".repeat(1_001) }), /secret password is not a string of 1 to 1000/],
      ["big.json", JSON.stringify({ a: "x".repeat(70_000) }), /larger than 65536 bytes/],
    ];
    for (const [name, text, fault] of cases) {
      const message = refusal(file(name, text));
      expect(message, name).toMatch(fault);
      expect(message, name).toContain(path.join(dir, name));
      expect(message, name).not.toContain("hunter2");
      expect(message, name).not.toContain("12345678");
    }
    expect(refusal(path.join(dir, "missing.json"))).toMatch(/cannot be read \(ENOENT\)/);
  });

  it("answers an unknown name with the names it holds, never their values", () => {
    const secrets = loadNamedSecrets(file("two.json", JSON.stringify({ password: "hunter2-xyz", pin: "0000" })));
    expect(() => resolveSecretNames(secrets, ["password", "otp"])).toThrow(
      "secrets: the hub holds no secret named otp (it holds: password, pin)",
    );
    expect(() => resolveSecretNames(new Map(), ["otp"])).toThrow(/none; set DROIDHUB_SECRETS_FILE/);
  });
});
