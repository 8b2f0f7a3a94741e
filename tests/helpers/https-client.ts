/**
 * HTTPS for tests that trust a private CA: node:https with `ca` (the global fetch cannot be given
 * one), one request at a time, a fresh connection each (no agent), and an event-stream reader.
 */
import type { IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { API_KEY } from "./hub.js";
import { parseSse, type SseFrame } from "./sse-client.js";

export interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
  json: any;
  /** SHA-256 fingerprint of the certificate the server presented. */
  certFingerprint: string;
}

export interface HttpsOptions {
  ca: string | Buffer;
  method?: string;
  body?: unknown;
  /** Raw body bytes (sent as application/json). */
  raw?: Buffer;
  headers?: Record<string, string>;
  key?: string | null;
}

export function httpsRequest(url: string, options: HttpsOptions): Promise<HttpsAnswer> {
  const body = options.raw ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
  const headers: Record<string, string> = {
    ...(options.key === null ? {} : { authorization: `Bearer ${options.key ?? API_KEY}` }),
    ...(body ? { "content-type": "application/json", "content-length": String(body.length) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      { method: options.method ?? "GET", ca: options.ca, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const type = response.headers["content-type"] ?? "";
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            json: type.includes("json") && text ? JSON.parse(text) : undefined,
            certFingerprint: (response.socket as import("node:tls").TLSSocket).getPeerCertificate().fingerprint256,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Opens an event stream and resolves with its frames once `enough` says so; then hangs up. */
export function httpsEvents(
  url: string,
  ca: string | Buffer,
  enough: (frames: SseFrame[]) => boolean,
  timeoutMs = 15_000,
): Promise<{ status: number; headers: IncomingHttpHeaders; frames: SseFrame[] }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      { ca, headers: { authorization: `Bearer ${API_KEY}` }, agent: false },
      (response) => {
        let text = "";
        const timer = setTimeout(() => {
          request.destroy();
          reject(
            new Error(`event stream: no matching frames in ${timeoutMs} ms; got ${JSON.stringify(text.slice(0, 500))}`),
          );
        }, timeoutMs);
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          const frames = parseSse(text);
          if (!enough(frames)) return;
          clearTimeout(timer);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, frames });
        });
      },
    );
    request.on("error", reject); // a no-op once resolved
  });
}
