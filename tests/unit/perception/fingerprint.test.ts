import { describe, expect, it } from "vitest";
import { compact, findByFingerprint, parseSnapshot } from "../../../hub/perception/index.js";
import { fixture } from "./helpers.js";

function shifted(xml: string, dy: number): string {
  return xml.replace(/bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g, (_m, l, t, r, b) =>
    Number(t) >= 300 ? `bounds="[${l},${Number(t) + dy}][${r},${Number(b) + dy}]"` : `bounds="[${l},${t}][${r},${b}]"`,
  );
}

describe("fingerprints", () => {
  const before = compact(parseSnapshot(fixture("login.xml"))).elements;

  it("are stable for the same dump and distinct for distinct elements", () => {
    const again = compact(parseSnapshot(fixture("login.xml"))).elements;
    expect(again.map((e) => e.meta.fingerprint)).toEqual(before.map((e) => e.meta.fingerprint));
    const signIn = before.find((e) => e.label === "Sign in")!;
    const remember = before.find((e) => e.label === "Remember me")!;
    expect(signIn.meta.fingerprint).not.toBe(remember.meta.fingerprint);
  });

  it("find the same element after it moved", () => {
    const after = compact(parseSnapshot(shifted(fixture("login.xml"), 40))).elements;
    const signIn = before.find((e) => e.label === "Sign in")!;
    const match = findByFingerprint(after, signIn)!;
    expect(match.kind).toBe("exact");
    expect(match.element.label).toBe("Sign in");
    expect(match.element.cy).toBe(signIn.cy + 40);
  });

  it("ignore a field's typed value and a checkbox's state", () => {
    const after = compact(parseSnapshot(fixture("login-error.xml"))).elements;
    const pwd = before.find((e) => e.resourceId.endsWith("id/password"))!;
    expect(findByFingerprint(after, pwd)).toMatchObject({ kind: "exact" });
    const checked = compact(parseSnapshot(fixture("login-checked.xml"))).elements;
    const remember = before.find((e) => e.label === "Remember me")!;
    expect(findByFingerprint(checked, remember)!.element.checked).toBe(true);
  });

  it("pick the nearest of repeated list rows and fall back to a similar element when the label changed", () => {
    const rows = before.filter((e) => e.resourceId.endsWith("id/row"));
    expect(findByFingerprint(before, rows[1]!)!.element.id).toBe(rows[1]!.id);
    const renamed = compact(parseSnapshot(fixture("login.xml").replace("Sign in", "Log in"))).elements;
    const match = findByFingerprint(renamed, before.find((e) => e.label === "Sign in")!)!;
    expect(match.kind).toBe("similar");
    expect(match.element.label).toBe("Log in");
  });

  it("return undefined when nothing alike is on screen", () => {
    const other = compact(parseSnapshot(fixture("appium.xml"))).elements;
    expect(findByFingerprint(other, before.find((e) => e.label === "Sign in")!)).toBeUndefined();
  });
});
