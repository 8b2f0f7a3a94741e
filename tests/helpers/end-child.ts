/**
 * Ends a child process for good: SIGTERM, then SIGKILL if it has not exited within `graceMs`. A test
 * file's afterAll that only sent SIGTERM and returned left a `droidhub serve` running after CI
 * (its shutdown was still under way when the worker exited, and nothing waited for it).
 */
import type { ChildProcess } from "node:child_process";

export async function endChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  if ((await Promise.race([exited, late])) === "late") {
    child.kill("SIGKILL");
    await exited;
  }
  clearTimeout(timer);
}
