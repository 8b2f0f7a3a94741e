/**
 * fastify's and Node's own refusals in the hub's error shape (`{"error":{"code","message"}}`):
 * body-parser errors, a bad or over-long URL, and what Node's HTTP parser rejects before fastify
 * sees a request (garbage, headers too large, a client too slow to send its request).
 */
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { HubError } from "../errors/hub-error.js";
import type { RefusalCounter } from "../util/refusals.js";

const body = { details: { field: "body" } };

/**
 * The longest path parameter the router takes (fastify's default is 100). Above the longest id
 * the hub hands out or accepts (device ids are up to 128 characters).
 */
export const MAX_PARAM_LENGTH = 256;

/** A fastify error as a HubError; undefined for server-side (5xx) errors, which stay internal. */
export function fromFramework(error: FastifyError, request: FastifyRequest): HubError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new HubError("PAYLOAD_TOO_LARGE", `request body exceeds ${request.routeOptions.bodyLimit} bytes`, {
        details: { limitBytes: request.routeOptions.bodyLimit },
      });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE": {
      const contentType = String(request.headers["content-type"] ?? "").slice(0, 100);
      return new HubError(
        "UNSUPPORTED_MEDIA_TYPE",
        `content-type "${contentType}" is not accepted; send application/json`,
        {
          details: { contentType },
        },
      );
    }
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new HubError("INVALID_BODY", "the body is empty but its content-type says JSON", body);
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new HubError("INVALID_BODY", "the body is not valid JSON", body);
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new HubError("INVALID_BODY", "the body's length differs from its Content-Length", body);
    case "FST_ERR_BAD_URL":
      return new HubError("BAD_REQUEST", "the URL is not valid (bad percent-encoding)");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new HubError("URI_TOO_LONG", `a path segment is longer than ${MAX_PARAM_LENGTH} characters`, {
        details: { maxLength: MAX_PARAM_LENGTH },
      });
    case "FST_ERR_VALIDATION": {
      const issue = error.validation?.[0];
      const path = issue?.instancePath.replace(/^\//, "").replaceAll("/", ".") ?? "";
      const field = [error.validationContext === "body" ? "" : error.validationContext, path].filter(Boolean).join(".");
      return new HubError("INVALID_BODY", `${field || "body"}: ${issue?.message ?? "invalid"}`, {
        details: { field: field || "body" },
      });
    }
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  if (status === 404) return new HubError("NOT_FOUND", error.message);
  return new HubError("BAD_REQUEST", error.message);
}

/** fastify's `frameworkErrors` option: a bad URL and an over-long path segment. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const hubError = fromFramework(error, request) ?? new HubError("INTERNAL");
  void reply.code(hubError.status).send(hubError.toJSON());
}

/** Node's HTTP parser errors → a hub-shaped answer on the raw socket, then the socket is closed. */
const CLIENT_ERRORS: Record<string, () => HubError> = {
  ERR_HTTP_REQUEST_TIMEOUT: () => new HubError("REQUEST_TIMEOUT"),
  HPE_HEADER_OVERFLOW: () => new HubError("HEADERS_TOO_LARGE"),
};

/**
 * fastify's `clientErrorHandler`. A socket that sent nothing parseable, or too slowly (slowloris:
 * Node's header/request timeouts end here), is counted and closed; it never reaches the log alone.
 */
export function clientErrorHandler(refusals: RefusalCounter) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    // A peer that reset, or hung up halfway through its request, has gone: nothing to answer or count.
    if (error.code === "ECONNRESET" || error.code === "HPE_INVALID_EOF_STATE" || socket.destroyed) {
      socket.destroy();
      return;
    }
    const hubError = CLIENT_ERRORS[error.code ?? ""]?.() ?? new HubError("BAD_REQUEST");
    refusals.count({ kind: "client_error", code: hubError.code }, (socket as { remoteAddress?: string }).remoteAddress);
    const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (!socket.writable || started) {
      socket.destroy();
      return;
    }
    const json = JSON.stringify(hubError.toJSON());
    const head =
      `HTTP/1.1 ${hubError.status} ${STATUS_CODES[hubError.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
      "Connection: close\r\n\r\n";
    // Destroyed once written, or after a second if the peer does not even read: a slow client must
    // not keep a half-closed socket open.
    socket.end(head + json, () => socket.destroy());
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}

/** Most bytes of a refused body read (and dropped) before the 413 goes out anyway. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a request body; true when it ended within `maxBytes`. A 413 sent
 * while the client is still sending is often never read: the server closes, the client's next
 * write meets a reset (ECONNRESET/EPIPE) and the answer is lost. Read first, answer after; the
 * request timeout bounds how long a client can keep sending.
 */
export function drainRequest(request: IncomingMessage, maxBytes: number = DRAIN_LIMIT_BYTES): Promise<boolean> {
  if (request.complete || request.destroyed) return Promise.resolve(request.complete);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean): void => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("close", onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onClose = (): void => finish(request.complete);
    request.on("data", onData);
    request.once("end", onEnd);
    request.once("close", onClose);
    request.resume();
  });
}
