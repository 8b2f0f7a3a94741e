/**
 * Event-stream clients for tests: one that reads everything as it comes (fetch), and one that sends
 * its request over a raw socket and then does not read at all until told to, as a stuck browser tab
 * or a client behind a stalled network would.
 */
import net from "node:net";
import { until } from "./hub.js";

export interface SseFrame {
  event: string;
  id: string | undefined;
  data: unknown;
}

/**
 * The complete frames in an event stream's text. A frame counts once its blank line has arrived; a
 * partial last frame is left out, as EventSource leaves it out (its id does not advance either).
 */
export function parseSse(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  const blocks = text.split("\n\n");
  blocks.pop(); // whatever follows the last blank line is not a whole frame yet
  for (const block of blocks) {
    let event = "message";
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "id") id = value;
      else if (field === "data") data.push(value);
    }
    if (data.length > 0) frames.push({ event, id, data: JSON.parse(data.join("\n")) });
  }
  return frames;
}

/** Reads a stream as fast as it comes; `frames` grows as frames complete, `ended` when the server ends it. */
export class SseReader {
  readonly frames: SseFrame[] = [];
  /** Bytes of the body so far. */
  bytes = 0;
  ended = false;
  status = 0;
  #rest = "";
  readonly #controller = new AbortController();
  readonly done: Promise<void>;

  constructor(url: string, headers: Record<string, string>) {
    this.done = this.#read(url, headers).catch(() => undefined);
  }

  async #read(url: string, headers: Record<string, string>): Promise<void> {
    const response = await fetch(url, { headers, signal: this.#controller.signal });
    this.status = response.status;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      this.bytes += value.byteLength;
      this.#rest += decoder.decode(value, { stream: true });
      const cut = this.#rest.lastIndexOf("\n\n");
      if (cut < 0) continue;
      this.frames.push(...parseSse(this.#rest.slice(0, cut + 2)));
      this.#rest = this.#rest.slice(cut + 2);
    }
    this.ended = true;
  }

  /** Resolves once the hub has answered (its first bytes are the `: connected` comment). */
  async connected(): Promise<void> {
    await until(() => this.bytes > 0, 10_000, "the stream to open");
  }

  async waitFor(check: (frames: SseFrame[]) => boolean, timeoutMs = 20_000, what = "frames"): Promise<SseFrame[]> {
    await until(() => check(this.frames), timeoutMs, what);
    return this.frames;
  }

  close(): void {
    this.#controller.abort();
  }
}

/**
 * Sends `GET path` over a raw socket and stops reading: the hub's writes pile up in the kernel's
 * socket buffers, then in the hub. `readAll()` starts reading and resolves with the body the hub sent
 * (de-chunked) once the hub has closed the connection.
 */
export class SilentClient {
  readonly socket: net.Socket;
  closedByHub = false;
  readonly #chunks: Buffer[] = [];

  constructor(port: number, path: string, headers: Record<string, string>) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.pause();
    const lines = [
      `GET ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    this.socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    this.socket.on("data", (chunk: Buffer) => this.#chunks.push(chunk));
    this.socket.on("end", () => {
      this.closedByHub = true;
    });
    this.socket.on("error", () => undefined);
  }

  /** Reads everything; resolves once the hub has ended the response or closed the connection. */
  async readAll(timeoutMs = 20_000): Promise<string> {
    this.socket.resume();
    await until(() => this.closedByHub || this.#lastChunkArrived(), timeoutMs, "the hub to end the response");
    return this.#body().text;
  }

  /** Reads until `bytes` have arrived, then drops the connection (a network cut): the body so far. */
  async readThenDrop(bytes: number, timeoutMs = 20_000): Promise<string> {
    this.socket.resume();
    await until(() => this.#received() >= bytes, timeoutMs, `${bytes} bytes`);
    this.socket.destroy();
    return this.#body().text;
  }

  /** The chunked body's terminating chunk is the last thing received. */
  #lastChunkArrived(): boolean {
    const tail = Buffer.concat(this.#chunks.slice(-2)).toString("latin1");
    return tail.endsWith("\r\n0\r\n\r\n");
  }

  #body(): { text: string; complete: boolean } {
    return dechunk(Buffer.concat(this.#chunks));
  }

  #received(): number {
    let total = 0;
    for (const chunk of this.#chunks) total += chunk.length;
    return total;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** The body of a chunked HTTP/1.1 response so far, and whether its last chunk has arrived. */
function dechunk(response: Buffer): { text: string; complete: boolean } {
  const head = response.indexOf("\r\n\r\n");
  if (head < 0) return { text: "", complete: false };
  const parts: Buffer[] = [];
  let at = head + 4;
  let complete = false;
  while (at < response.length) {
    const lineEnd = response.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(response.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) complete = true;
    if (!(size > 0)) break;
    parts.push(response.subarray(lineEnd + 2, Math.min(response.length, lineEnd + 2 + size)));
    at = lineEnd + 2 + size + 2;
  }
  return { text: Buffer.concat(parts).toString("utf8"), complete };
}
