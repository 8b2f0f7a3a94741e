/**
 * Log lines for a person at a terminal: pino's JSON lines (already redacted and serialised) turned
 * into `14:03:07.412 INFO  request completed  GET /api/devices 200 3 ms reqId=req-1`. JSON stays
 * the format for files, journald and log shippers; `DROIDHUB_LOG_FORMAT` picks, and `auto` looks at
 * whether stdout is a terminal. Written here rather than taken from pino-pretty: a dozen lines, and
 * one dependency fewer in a server.
 */

export type LogFormat = "auto" | "pretty" | "json";

/** Whether `format` means readable lines on this stream. */
export function wantsPretty(format: LogFormat, stream: { isTTY?: boolean }): boolean {
  return format === "pretty" || (format === "auto" && stream.isTTY === true);
}

const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: "TRACE", color: 90 },
  20: { name: "DEBUG", color: 36 },
  30: { name: "INFO", color: 32 },
  40: { name: "WARN", color: 33 },
  50: { name: "ERROR", color: 31 },
  60: { name: "FATAL", color: 35 },
};

/** Fields every line has or nobody reads at a terminal. */
const QUIET = new Set(["level", "time", "msg", "pid", "hostname", "v"]);

type Fields = Record<string, unknown>;

/** One pino JSON line as one readable line (plus an error's stack); a line that is not JSON is kept. */
export function prettyLine(json: string, color: boolean): string {
  let entry: Fields;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return json.trimEnd();
    entry = parsed as Fields;
  } catch {
    return json.trimEnd();
  }
  const level = LEVELS[Number(entry["level"])] ?? { name: String(entry["level"] ?? "?").toUpperCase(), color: 0 };
  const paint = (code: number, text: string) => (color && code ? `\x1b[${code}m${text}\x1b[0m` : text);
  const parts = [paint(90, clock(entry["time"])), paint(level.color, level.name.padEnd(5)), String(entry["msg"] ?? "")];
  const request = requestText(entry);
  if (request) parts.push(request);
  const rest = Object.entries(entry)
    .filter(
      ([key, value]) => !QUIET.has(key) && !["req", "res", "responseTime", "err"].includes(key) && value !== undefined,
    )
    .map(([key, value]) => `${paint(90, `${key}=`)}${valueText(value)}`);
  parts.push(...rest);
  const error = entry["err"] as Fields | undefined;
  const stack = error && typeof error === "object" ? String(error["stack"] ?? error["message"] ?? "") : "";
  return `${parts.filter(Boolean).join("  ")}${stack ? `\n    ${stack.split("\n").join("\n    ")}` : ""}`;
}

/** A writable stream for pino that writes each line it is given in readable form. */
export class PrettyStream {
  readonly #out: NodeJS.WritableStream;
  readonly #color: boolean;

  constructor(out: NodeJS.WritableStream & { isTTY?: boolean }, color = out.isTTY === true) {
    this.#out = out;
    this.#color = color;
  }

  write(chunk: string): boolean {
    // pino writes one JSON object per call, newline-terminated.
    const lines = chunk.split("\n").filter((line) => line.length > 0);
    return this.#out.write(`${lines.map((line) => prettyLine(line, this.#color)).join("\n")}\n`);
  }
}

function clock(time: unknown): string {
  const date = new Date(typeof time === "number" ? time : Date.now());
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** fastify's request and response fields as `GET /api/devices 200 3 ms`. */
function requestText(entry: Fields): string {
  const req = entry["req"] as Fields | undefined;
  const res = entry["res"] as Fields | undefined;
  const parts: string[] = [];
  if (req && typeof req === "object") parts.push(`${req["method"] ?? ""} ${req["url"] ?? ""}`.trim());
  if (res && typeof res === "object" && res["statusCode"] !== undefined) parts.push(String(res["statusCode"]));
  if (typeof entry["responseTime"] === "number") parts.push(`${Math.round(entry["responseTime"])} ms`);
  if (req && typeof req === "object" && req["remoteAddress"]) parts.push(`from ${req["remoteAddress"]}`);
  return parts.join(" ");
}

function valueText(value: unknown): string {
  if (typeof value === "string") return /[\s"=]/.test(value) || value === "" ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}
