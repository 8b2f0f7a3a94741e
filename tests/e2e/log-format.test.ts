/**
 * `droidhub serve` logs readable lines when its stdout is a terminal (a real pseudo-terminal here,
 * made by util-linux `script`) and JSON lines into a pipe, unless DROIDHUB_LOG_FORMAT says otherwise.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { API_KEY, until } from "../helpers/hub.js";

const running: { child: ChildProcess; dir: string }[] = [];
afterEach(() => {
  for (const { child, dir } of running.splice(0)) {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts the hub (under a pseudo-terminal when `tty`) and resolves with what it printed once it listens. */
async function serve(tty: boolean, env: Record<string, string> = {}): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-logs-"));
  const command = [
    process.execPath,
    "bin/droidhub.js",
    "serve",
    "--port",
    "0",
    "--host",
    "127.0.0.1",
    "--data-dir",
    dir,
  ];
  const child = tty
    ? spawn("script", ["-qfec", command.join(" "), "/dev/null"], { env: { ...process.env, ...base(env) } })
    : spawn(command[0]!, command.slice(1), { env: { ...process.env, ...base(env) } });
  running.push({ child, dir });
  let printed = "";
  child.stdout?.on("data", (chunk) => {
    printed += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    printed += chunk;
  });
  await until(() => /Server listening at/.test(printed) || child.exitCode !== null, 20_000, "the hub to listen");
  return printed;
}

function base(env: Record<string, string>): Record<string, string> {
  return { DROIDHUB_API_KEY: API_KEY, DROIDHUB_LOG_FORMAT: "", ...env };
}

const READABLE = /^\d\d:\d\d:\d\d\.\d{3} {2}INFO {3}Server listening at http:\/\/127\.0\.0\.1:\d+\r?$/m;

describe("log format", () => {
  it("is readable on a terminal and JSON in a pipe by default", async () => {
    const [onTerminal, inPipe] = await Promise.all([serve(true), serve(false)]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes.
    expect(onTerminal.replace(/\x1b\[\d+m/g, "")).toMatch(READABLE);
    expect(onTerminal).toContain("\x1b[32mINFO \x1b[0m");
    expect(onTerminal).not.toMatch(/^\{"level"/m);
    expect(inPipe).toMatch(/^\{"level":30,"time":\d+,.*"msg":"Server listening at http:\/\/127\.0\.0\.1:\d+"\}$/m);
  });

  it("follows DROIDHUB_LOG_FORMAT either way", async () => {
    const [jsonOnTerminal, prettyInPipe] = await Promise.all([
      serve(true, { DROIDHUB_LOG_FORMAT: "json" }),
      serve(false, { DROIDHUB_LOG_FORMAT: "pretty" }),
    ]);
    expect(jsonOnTerminal).toMatch(/^\{"level":30,.*"msg":"Server listening at/m);
    expect(prettyInPipe).toMatch(READABLE);
  });
});
