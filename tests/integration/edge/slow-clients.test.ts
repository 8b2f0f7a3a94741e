/**
 * Slow and half-open clients: sockets that dribble their headers (slowloris) or their body are
 * answered 408 and closed once the configured timeout has passed, while normal requests, phone
 * WebSockets and SSE streams — long-lived by design — carry on. A per-address cap refuses the
 * connection one over it, phone sockets included, and a closed connection frees its slot.
 */
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { rawExchange } from "../../helpers/raw-http.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWith(http: Record<string, number>): Promise<TestHub> {
  const hub = await startHub({}, { http });
  cleanups.push(() => hub.close());
  return hub;
}

interface SlowSocket {
  openedAt: number;
  closedAt: number | undefined;
  answer: string;
}

/** A socket that sends `head` and then one more byte every 2 s, forever. */
function dribble(port: number, head: string): SlowSocket {
  const slow: SlowSocket = { openedAt: performance.now(), closedAt: undefined, answer: "" };
  const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
  const timer = setInterval(() => socket.writable && socket.write("a"), 2_000);
  socket.on("data", (chunk) => {
    slow.answer += chunk.toString();
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    clearInterval(timer);
    slow.closedAt = performance.now();
  });
  cleanups.push(() => {
    clearInterval(timer);
    socket.destroy();
  });
  return slow;
}

/** Reads an SSE stream in the background; `text()` is what arrived so far. */
async function openSse(url: string): Promise<{ text(): string }> {
  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const response = await fetch(url, { headers: { authorization: `Bearer ${API_KEY}` }, signal: controller.signal });
  const reader = response.body!.getReader();
  let text = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += Buffer.from(value).toString();
    }
  })().catch(() => {});
  return { text: () => text };
}

describe("slow clients", () => {
  it("closes 20 slowloris sockets after the header timeout; requests, phones and SSE carry on", async () => {
    const HEADERS_MS = 3_000;
    const REQUEST_MS = 4_000;
    const hub = await hubWith({ headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS });
    const port = Number(new URL(hub.baseUrl).port);
    // Long-lived connections opened before the slow ones; they must outlive every timeout.
    const phone = await joinPhone(hub, "before-1");
    cleanups.push(() => phone.stop());
    const sse = await openSse(`${hub.baseUrl}/api/events`);

    const slow = Array.from({ length: 20 }, () => dribble(port, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "));
    // One that finished its headers but dribbles its body: the whole-request timeout applies.
    const slowBody = dribble(
      port,
      `POST /api/tasks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\n` +
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );

    // While they hang: a normal request and a phone join work.
    expect((await fetch(`${hub.baseUrl}/healthz`)).status).toBe(200);
    const during = await joinPhone(hub, "during-1");
    cleanups.push(() => during.stop());

    await until(() => slow.every((s) => s.closedAt !== undefined), HEADERS_MS + 10_000, "the slow sockets to close");
    for (const s of slow) {
      // Closed by the hub once the timeout passed (plus Node's 1 s check and a loaded machine's slack).
      expect(s.closedAt! - s.openedAt).toBeGreaterThanOrEqual(HEADERS_MS - 100);
      expect(s.closedAt! - s.openedAt).toBeLessThan(HEADERS_MS + 10_000);
      expect(s.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(s.answer).toContain(
        '{"error":{"code":"REQUEST_TIMEOUT","message":"the request was not received in time"}}',
      );
    }
    await until(() => slowBody.closedAt !== undefined, REQUEST_MS + 10_000, "the slow body to close");
    expect(slowBody.closedAt! - slowBody.openedAt).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408 /);

    // Past every timeout: both phones still answer commands, the SSE stream still delivers.
    for (const id of ["before-1", "during-1"]) {
      const tap = await hub.api("POST", `/api/devices/${id}/actions`, { action: "tap", x: 10, y: 10 });
      expect(tap.status, id).toBe(200);
    }
    const after = await joinPhone(hub, "after-1");
    cleanups.push(() => after.stop());
    await until(() => sse.text().includes('"id":"after-1"'), 5_000, "the SSE stream to announce after-1");

    const metrics = (await hub.api("GET", "/metrics")).raw.toString();
    expect(metrics).toContain('droidhub_refused_total{kind="client_error",code="REQUEST_TIMEOUT"} 21\n');
  });

  it("lets a slow answer take longer than the request timeout: it bounds receiving, not answering", async () => {
    const hub = await hubWith({ headersTimeoutMs: 1_000, requestTimeoutMs: 1_000 });
    const phone = await joinPhone(hub, "slow-1", { knobs: { latencyMs: 2_500 } });
    cleanups.push(() => phone.stop());
    const tap = await hub.api("POST", "/api/devices/slow-1/actions", { action: "tap", x: 10, y: 10 });
    expect(tap.status).toBe(200);
  });

  it("refuses the connection one over the per-address cap, counts phones, and frees a slot on close", async () => {
    const hub = await hubWith({ maxConnectionsPerAddress: 4 });
    const port = Number(new URL(hub.baseUrl).port);
    const phone = await joinPhone(hub, "capped-1");
    cleanups.push(() => phone.stop());
    // Three keep-alive connections that stay open after their answer: with the phone, four.
    const kept: net.Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = net.connect(port, "127.0.0.1");
      cleanups.push(() => {
        socket.destroy();
      });
      const answered = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(chunk.toString())));
      socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
      expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
      kept.push(socket);
    }

    let refused = 0;
    const healthz = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    await expect(rawExchange(port, healthz)).rejects.toThrow(/closed without an answer/);
    refused++;

    // Closing one frees its slot (once the hub has seen the close).
    kept.pop()!.destroy();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      try {
        status = (await rawExchange(port, healthz)).status;
      } catch {
        refused++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(status).toBe(200);

    const metrics = await rawExchange(
      port,
      `GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(metrics.body).toContain(
      `droidhub_refused_total{kind="connection",code="TOO_MANY_CONNECTIONS"} ${refused}\n`,
    );
    // The phone, two kept sockets and this request.
    expect(metrics.body).toContain("droidhub_open_connections 4\n");
  });
});
