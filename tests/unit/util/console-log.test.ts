/**
 * Readable log lines at a terminal, JSON elsewhere: the formatter over real pino output, and which
 * format DROIDHUB_LOG_FORMAT picks for a terminal and for a pipe.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../hub/config/config.js";
import { PrettyStream, prettyLine, wantsPretty } from "../../../hub/util/console-log.js";

function terminal(isTTY: boolean): Writable & { isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as Writable & { isTTY: boolean; text: () => string };
  stream.isTTY = isTTY;
  stream.text = () => chunks.join("");
  return stream;
}

describe("readable log lines", () => {
  it("turn pino's JSON into time, level, message, the request and the other fields", () => {
    const out = terminal(false);
    const log = pino({ level: "info", redact: ["req.headers.authorization"] }, new PrettyStream(out));
    log.info(
      {
        reqId: "req-7",
        req: { method: "GET", url: "/api/devices", remoteAddress: "::1", headers: { authorization: "Bearer k" } },
        res: { statusCode: 200 },
        responseTime: 3.4,
      },
      "request completed",
    );
    log.warn(
      { certificate: { subject: "CN=hub", pin: "sha256/x=" }, reason: "two words" },
      "TLS certificate not reloaded",
    );
    const lines = out.text().split("\n");
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} {2}INFO {3}request completed {2}GET \/api\/devices 200 3 ms from ::1 {2}reqId=req-7$/,
    );
    expect(lines[1]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} {2}WARN {3}TLS certificate not reloaded {2}certificate=\{"subject":"CN=hub","pin":"sha256\/x="\} {2}reason="two words"$/,
    );
    expect(out.text()).not.toContain("Bearer");
    expect(out.text()).not.toContain('"level"');
  });

  it("show an error's stack under its line, colour only on a terminal, and keep a line that is not JSON", () => {
    const error = new Error("boom");
    const line = prettyLine(
      JSON.stringify({ level: 50, time: 0, msg: "unhandled error", err: { message: "boom", stack: error.stack } }),
      false,
    );
    expect(line.split("\n")[0]).toMatch(/ERROR {2}unhandled error$/);
    expect(line.split("\n")[1]).toBe("    Error: boom");
    expect(prettyLine(JSON.stringify({ level: 30, time: 0, msg: "hi" }), true)).toContain("\x1b[32mINFO \x1b[0m");
    expect(prettyLine("not json\n", false)).toBe("not json");
  });

  it("are the default on a terminal only; DROIDHUB_LOG_FORMAT forces either", () => {
    const format = (value?: string) => loadConfig({ env: value ? { DROIDHUB_LOG_FORMAT: value } : {} }).logFormat;
    expect(format()).toBe("auto");
    expect(wantsPretty(format(), { isTTY: true })).toBe(true);
    expect(wantsPretty(format(), { isTTY: false })).toBe(false);
    expect(wantsPretty(format(), {})).toBe(false);
    expect(wantsPretty(format("json"), { isTTY: true })).toBe(false);
    expect(wantsPretty(format("pretty"), { isTTY: false })).toBe(true);
    expect(() => format("yaml")).toThrow("config logFormat (--log-format / DROIDHUB_LOG_FORMAT)");
  });
});
