import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ThreadCalls, ThreadGone } from "../../../hub/util/worker-thread.js";

type Request = { type: "echo"; text: string } | { type: "fail" } | { type: "die" } | { type: "silent" };

describe("ThreadCalls", () => {
  it("answers each call with its own reply, in any order of many", async () => {
    const thread = new ThreadCalls<Request, string>(import.meta.url, "echo-worker");
    const texts = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(await Promise.all(texts.map((text) => thread.call({ type: "echo", text })))).toEqual(
      texts.map((t) => `echo ${t}`),
    );
  });

  it("rejects with the worker's own error as an Error, not as a gone thread, and keeps the thread", async () => {
    const thread = new ThreadCalls<Request, string>(import.meta.url, "echo-worker");
    const failed = await thread.call({ type: "fail" }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(ThreadGone);
    expect((failed as Error).message).toBe("the work failed");
    expect(await thread.call({ type: "echo", text: "after" })).toBe("echo after");
  });

  it("rejects what a dying thread owed with ThreadGone, and the next call starts a new thread", async () => {
    const thread = new ThreadCalls<Request, string>(import.meta.url, "echo-worker");
    expect(await thread.call({ type: "echo", text: "first" })).toBe("echo first");
    const owed = thread.call({ type: "silent" });
    const died = thread.call({ type: "die" });
    await expect(owed).rejects.toBeInstanceOf(ThreadGone);
    await expect(died).rejects.toThrow(/echo-worker thread exited with 3/);
    expect(await thread.call({ type: "echo", text: "again" })).toBe("echo again");
  });

  it("does not start again a thread that died before it answered anything: its calls fail at once", async () => {
    const thread = new ThreadCalls<Request, string>(import.meta.url, "no-such-worker");
    await expect(thread.call({ type: "echo", text: "x" })).rejects.toBeInstanceOf(ThreadGone);
    const started = Date.now();
    await expect(thread.call({ type: "echo", text: "y" })).rejects.toThrow(/no-such-worker thread/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("starts a compiled thread in a process run with an --import of TypeScript (the thread does not take the parent's flags), and keeps the process alive while it owes an answer", () => {
    const caller = fileURLToPath(new URL("./echo-caller.ts", import.meta.url));
    const out = execFileSync(process.execPath, ["--import", "tsx", "--import", caller, "-e", ""], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(out.trim()).toBe("echo under --import");
  });

  it("says why a thread that cannot start is broken", async () => {
    const thread = new ThreadCalls<Request, string>(import.meta.url, "no-such-worker");
    expect(thread.broken).toBeUndefined();
    await expect(thread.call({ type: "echo", text: "x" })).rejects.toBeInstanceOf(ThreadGone);
    expect(thread.broken).toMatch(/no-such-worker thread failed/);
  });
});
