import { describe, expect, it } from "vitest";
import { changeLevel, compact, parseSnapshot } from "../../../hub/perception/index.js";
import { fixture } from "./helpers.js";

const load = (name: string, edit: (s: string) => string = (s) => s) => compact(parseSnapshot(edit(fixture(name))));

describe("changeLevel", () => {
  const base = load("login.xml");

  it("0 when nothing relevant changed, even the status-bar clock", () => {
    const r = changeLevel(
      base,
      load("login.xml", (s) => s.replace("12:30", "12:31")),
    );
    expect(r).toMatchObject({ level: 0, summary: "nothing relevant changed" });
  });

  it("1 when content changed: checked state, text, focus", () => {
    const r = changeLevel(base, load("login-checked.xml"));
    expect(r.level).toBe(1);
    expect(r.summary).toBe("option 'Remember me' now checked");
    const text = changeLevel(
      base,
      load("login.xml", (s) => s.replace("Welcome", "Hello")),
    );
    expect(text.level).toBe(1);
    expect(text.summary).toContain("new text 'Hello 🔥'");
  });

  it("1 when the same elements scrolled", () => {
    const scrolled = load("login.xml", (s) =>
      s.replace(/bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g, (_m, l, t, r, b) =>
        Number(t) >= 100
          ? `bounds="[${l},${Number(t) - 20}][${r},${Number(b) - 20}]"`
          : `bounds="[${l},${t}][${r},${b}]"`,
      ),
    );
    const r = changeLevel(base, scrolled);
    expect(r.level).toBe(1);
    expect(r.summary).toContain("content scrolled");
  });

  it("2 when a dialog appeared, with the words the verifier reads", () => {
    const r = changeLevel(base, load("login-error.xml"));
    expect(r.level).toBe(2);
    expect(r.summary).toContain("dialog 'Ошибка' appeared");
    expect(r.summary).toContain("field 'Пароль' now has text");
    expect(r.summary).toContain("button 'OK' appeared");
    expect(r.added.map((e) => e.label)).toContain("OK");
    const back = changeLevel(load("login-error.xml"), base);
    expect(back.level).toBe(2);
    expect(back.summary).toContain("dialog 'Ошибка' closed");
  });

  it("3 when the app changed", () => {
    const r = changeLevel(base, load("appium.xml"));
    expect(r.level).toBe(3);
    expect(r.summary).toBe("app changed from com.example.shop to com.example.notes");
  });

  it("3 when the activity changed within one app", () => {
    const a = load("mobilerun-state.json");
    const b = load("mobilerun-state.json", (s) => s.replace("SendActivity", "DoneActivity"));
    expect(changeLevel(a, b)).toMatchObject({ level: 3, summary: "screen changed to DoneActivity" });
  });
});
