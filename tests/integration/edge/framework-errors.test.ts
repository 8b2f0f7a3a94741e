/**
 * Clear errors at the edge: whatever fastify or Node's HTTP parser refuses is answered in the hub's
 * own shape with its own code, a poisoned JSON key is named, and an oversized body is a 413 every
 * time — never a reset.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { type RawResponse, rawExchange } from "../../helpers/raw-http.js";

let hub: TestHub;
let port: number;
beforeAll(async () => {
  hub = await startHub();
  port = Number(new URL(hub.baseUrl).port);
});
afterAll(async () => {
  await hub.close();
});

const auth = `Authorization: Bearer ${API_KEY}\r\n`;

function post(path: string, body: string, contentType = "application/json"): Promise<RawResponse> {
  return rawExchange(
    port,
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: ${contentType}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

describe("framework errors in the hub's shape", () => {
  it.each([
    ['{"goal":"x","__proto__":{"admin":true}}', "__proto__", "__proto__"],
    ['{"goal":"x","secrets":{"__proto__":{"a":"b"}}}', "secrets.__proto__", "__proto__"],
    // A JSON escape spells the same key; the parser sees through it.
    ['{"goal":"x","\\u005f_proto__":{"admin":true}}', "__proto__", "__proto__"],
    ['{"goal":"x","constructor":{"prototype":{"admin":true}}}', "constructor", "constructor"],
    ['[{"a":1},{"constructor":{"prototype":{}}}]', "1.constructor", "constructor"],
  ])("refuses %s with 400 naming the key", async (body, field, key) => {
    const response = await post("/api/tasks", body);
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({
      code: "INVALID_BODY",
      message: `body key "${key}" at ${field} is not allowed`,
      details: { field, key },
    });
  });

  it("says malformed JSON is malformed, without echoing the body", async () => {
    const response = await post("/api/tasks", '{"goal":"x","password":"hunter2-secret"');
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("INVALID_BODY");
    expect(response.json.error.message).toMatch(/^the body is not valid JSON/);
    expect(response.json.error.details).toEqual({ field: "body" });
    expect(response.body).not.toContain("hunter2");
  });

  it("answers an empty JSON body with 400 INVALID_BODY", async () => {
    const response = await post("/api/tasks", "");
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({
      code: "INVALID_BODY",
      message: "the body is empty but its content-type says JSON",
      details: { field: "body" },
    });
  });

  it("answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const response = await post("/api/tasks", "<task/>", "application/xml");
    expect(response.status).toBe(415);
    expect(response.json.error).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: 'content-type "application/xml" is not accepted; send application/json',
      details: { contentType: "application/xml" },
    });
  });

  it("answers an over-long path segment with 414 URI_TOO_LONG, and takes a 128-character device id", async () => {
    const long = await rawExchange(port, `GET /api/devices/${"a".repeat(300)} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    expect(long.status).toBe(414);
    expect(long.json.error).toEqual({
      code: "URI_TOO_LONG",
      message: "a path segment is longer than 256 characters",
      details: { maxLength: 256 },
    });
    // Device ids may be 128 characters long: such a phone is addressable, not a 414.
    const id = "d".repeat(128);
    const device = await rawExchange(port, `GET /api/devices/${id} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    expect(device.status).toBe(404);
    expect(device.json.error.code).toBe("DEVICE_NOT_FOUND");
  });

  it("answers a badly encoded URL with 400 BAD_REQUEST", async () => {
    const response = await rawExchange(port, `GET /api/devices/%E0%A4%A HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({
      code: "BAD_REQUEST",
      message: "the URL is not valid (bad percent-encoding)",
    });
  });

  it("answers what Node's HTTP parser rejects in the hub's shape and closes", async () => {
    const garbage = await rawExchange(port, "HELLO THERE\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(garbage.json).toEqual({ error: { code: "BAD_REQUEST", message: "malformed HTTP request" } });
    expect(garbage.headers["connection"]).toBe("close");

    const headers = await rawExchange(
      port,
      `GET /api/devices HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(headers.status).toBe(431);
    expect(headers.json.error.code).toBe("HEADERS_TOO_LARGE");
  });

  it("answers every 5 MB body with 413 PAYLOAD_TOO_LARGE and never a reset (fetch)", async () => {
    const body = "x".repeat(5 * 1024 * 1024);
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${hub.baseUrl}/api/tasks`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body,
      });
      expect(response.status, `attempt ${i}`).toBe(413);
      expect(await response.json()).toEqual({
        error: {
          code: "PAYLOAD_TOO_LARGE",
          message: "request body exceeds 1048576 bytes",
          details: { limitBytes: 1048576 },
        },
      });
    }
  });

  it.each([
    ["Content-Length, Connection: close", true, true],
    ["Content-Length, keep-alive", true, false],
    ["chunked, Connection: close", false, true],
  ])("answers every 5 MB body with 413 and never a reset (raw socket, %s)", async (_name, declared, close) => {
    const body = Buffer.alloc(5 * 1024 * 1024, "x");
    const framed = declared
      ? body
      : Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
    const head =
      `POST /api/tasks HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\n` +
      `${declared ? `Content-Length: ${body.length}` : "Transfer-Encoding: chunked"}\r\n` +
      `${close ? "Connection: close\r\n" : ""}\r\n`;
    for (let i = 0; i < 20; i++) {
      const response = await rawExchange(port, head, framed);
      expect(response.error, `attempt ${i}`).toBeUndefined();
      expect(response.status, `attempt ${i}`).toBe(413);
      expect(response.json.error.code).toBe("PAYLOAD_TOO_LARGE");
    }
  });
});

describe("while the hub shuts down", () => {
  it("answers a request that arrives after shutdown began with 503 SHUTTING_DOWN in the hub's shape", async () => {
    const closing = await startHub();
    const socket = net.connect(Number(new URL(closing.baseUrl).port), "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    socket.on("error", () => {});
    // A request still arriving keeps this connection busy, so shutdown does not close it as idle.
    socket.write(
      `POST /api/tasks HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.app.close();
    await until(() => !closing.app.server.listening, 5_000, "the server to stop listening");
    // The first request completes; the next one on the same connection arrives during shutdown.
    socket.write("}GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await until(() => data.includes("SHUTTING_DOWN"), 5_000, "the 503");
    await closed;
    const second = data.slice(data.indexOf("HTTP/1.1 503"));
    expect(second).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(second.toLowerCase()).toContain("connection: close");
    expect(second).toContain('{"error":{"code":"SHUTTING_DOWN","message":"hub is shutting down"}}');
    socket.destroy();
  });
});
