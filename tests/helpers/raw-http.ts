/**
 * One HTTP/1.1 exchange over a raw socket: the test writes exactly the bytes it wants (garbage,
 * a half request, a 5 MB body) and sees exactly what came back, including a reset.
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
  json: any;
  /**
   * A socket error (ECONNRESET, EPIPE) seen before the exchange was complete, or the connection
   * closing before the whole body was sent.
   */
  error: string | undefined;
}

/**
 * Sends `head` (and `body`, if any), and resolves once the whole answer has arrived and the whole
 * body has been written (so a reset while writing is seen), or the server closed the connection.
 * `localAddress` (another 127.x address) makes the hub see a different client.
 */
export function rawExchange(
  port: number,
  head: string,
  body?: Buffer,
  timeoutMs = 20_000,
  localAddress?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    let error: string | undefined;
    let written = body === undefined;
    let answered = false;
    const socket = net.connect({ port, host: "127.0.0.1", ...(localAddress ? { localAddress } : {}) }, () => {
      socket.write(head);
      if (body) {
        socket.write(body, (e) => {
          if (e) error ??= (e as NodeJS.ErrnoException).code ?? e.message;
          else written = true;
          finish();
        });
      }
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no complete answer within ${timeoutMs} ms; got ${JSON.stringify(data.toString().slice(0, 200))}`),
      );
    }, timeoutMs);
    const parse = (): RawResponse | undefined => {
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return undefined;
      const lines = data.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const text = data.subarray(end + 4).toString("utf8");
      const length = Number(headers["content-length"] ?? Number.NaN);
      if (!Number.isNaN(length) && Buffer.byteLength(text) < length) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: Number(lines[0]!.split(" ")[1]), headers, body: text, json, error };
    };
    const finish = (closed = false): void => {
      const response = parse();
      if (response) answered = true;
      if (!(answered && written) && !closed) return;
      clearTimeout(timer);
      // The server hung up before it had taken the whole body: the client's next write meets a reset.
      if (!written) error ??= "closed while the body was still being sent";
      socket.destroy();
      if (response) resolve({ ...response, error });
      else reject(new Error(`connection closed without an answer (${error ?? "no error"})`));
    };
    socket.on("data", (chunk) => {
      data = Buffer.concat([data, chunk]);
      finish();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => finish(true));
  });
}

/**
 * One request with the path sent byte for byte: fetch() and URL normalise `..`, `./` and some
 * percent-encodings away, which is exactly what an attacker would not do.
 */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      const lines = [
        `${method} ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        "Connection: close",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        ...(body === undefined ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]),
        "",
        body ?? "",
      ];
      socket.write(lines.join("\r\n"));
    });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${path}`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers: parsed, body: rest.join("\r\n\r\n") });
    });
  });
}
