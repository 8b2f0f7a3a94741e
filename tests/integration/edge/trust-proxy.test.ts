/**
 * DROIDHUB_TRUST_PROXY: X-Forwarded-For is believed only from the proxies it names, so the address
 * in logs and the audit trail is the client's behind a proxy and cannot be made up by a client that
 * reaches the hub directly; a trusted proxy's connections are not held to the per-address cap (every
 * phone behind it shares its address), while everyone else still is.
 */
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub } from "../../helpers/hub.js";
import { rawExchange } from "../../helpers/raw-http.js";

const hubs: TestHub[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const hub of hubs.splice(0)) await hub.close();
});

async function hubWith(config: Record<string, unknown>): Promise<{ hub: TestHub; port: number }> {
  const hub = await startHub({}, { config, http: { maxConnectionsPerAddress: 2 } });
  hubs.push(hub);
  return { hub, port: Number(new URL(hub.baseUrl).port) };
}

/** A state change from `host` claiming to be for `forwardedFor`; returns the address the audit trail kept. */
async function auditedAddress(hub: TestHub, port: number, host: string, forwardedFor: string): Promise<string> {
  const body = JSON.stringify({ label: `from ${host}` });
  const answer = await rawExchange(
    port,
    `POST /api/fleet-keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nX-Forwarded-For: ${forwardedFor}\r\nConnection: close\r\n\r\n${body}`,
    undefined,
    20_000,
    host,
  );
  expect(answer.status).toBe(201);
  const audit = await hub.api("GET", "/api/audit?limit=1");
  return audit.json.entries[0].ip;
}

/** Opens a keep-alive connection from `host` and resolves with its first answer's status line. */
function keepAlive(port: number, host: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: host });
    sockets.push(socket);
    socket.on("error", () => resolve("error"));
    socket.once("close", () => resolve("closed"));
    socket.once("data", (chunk) => resolve(chunk.toString().split("\r\n")[0]!));
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  });
}

describe("trusted proxies", () => {
  it("believe X-Forwarded-For from the named proxy only", async () => {
    const { hub, port } = await hubWith({ trustProxy: "127.0.0.1" });
    // Through the proxy: the client it names (the rightmost entry it added; earlier ones are the client's own claims).
    expect(await auditedAddress(hub, port, "127.0.0.1", "203.0.113.9, 198.51.100.7")).toBe("198.51.100.7");
    // A peer that is no proxy names nobody.
    expect(await auditedAddress(hub, port, "127.0.0.2", "198.51.100.7")).toBe("127.0.0.2");
  });

  it("are not believed at all when none is configured", async () => {
    const { hub, port } = await hubWith({});
    expect(await auditedAddress(hub, port, "127.0.0.1", "198.51.100.7")).toBe("127.0.0.1");
  });

  it("are not held to the per-address cap; other peers still are", async () => {
    const { port } = await hubWith({ trustProxy: "127.0.0.1/32" });
    const proxied = await Promise.all(Array.from({ length: 5 }, () => keepAlive(port, "127.0.0.1")));
    expect(proxied).toEqual(Array(5).fill("HTTP/1.1 200 OK"));
    const direct = [];
    for (let i = 0; i < 3; i++) direct.push(await keepAlive(port, "127.0.0.2"));
    expect(direct).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "closed"]);
  });

  it("are named by address, CIDR, loopback or private — never by a hop count or 'true'", async () => {
    const { loadConfig } = await import("../../../hub/config/config.js");
    expect(loadConfig({ env: { DROIDHUB_TRUST_PROXY: "loopback, 10.1.2.3,2001:db8::/32" } }).trustProxy).toEqual([
      "127.0.0.0/8",
      "::1/128",
      "10.1.2.3",
      "2001:db8::/32",
    ]);
    expect(loadConfig({ env: {} }).trustProxy).toBe(false);
    expect(loadConfig({ argv: ["--trust-proxy", "off"] }).trustProxy).toBe(false);
    for (const [value, message] of [
      ["1", "a hop count would let any client that reaches the hub directly forge its address"],
      ["true", '"true" would let any client'],
      ["10.0.0.0/33", '"10.0.0.0/33" is not an address, a CIDR, loopback or private'],
      ["nginx", '"nginx" is not an address'],
    ] as const) {
      expect(() => loadConfig({ env: { DROIDHUB_TRUST_PROXY: value } }), value).toThrow(
        `config trustProxy (--trust-proxy / DROIDHUB_TRUST_PROXY): ${message}`,
      );
    }
  });
});
