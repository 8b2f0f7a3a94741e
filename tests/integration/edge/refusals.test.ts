/**
 * Log floods: refused joins and 401s are counted in /metrics and summed up in one log line per
 * interval, never written one line per request; other requests still get their one line.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FLEET_KEY, startHub, type TestHub } from "../../helpers/hub.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";

const INTERVAL_MS = 1_000;
let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

interface LogLine {
  msg: string;
  refused?: Record<string, number>;
  addresses?: Record<string, number>;
  req?: { url: string };
  res?: { statusCode: number };
}

const parsed = (lines: string[]): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const isSummary = (line: LogLine): boolean => line.msg.startsWith("refused ");
const summed = (lines: LogLine[]): number =>
  lines.filter(isSummary).reduce((n, l) => n + Object.values(l.refused ?? {}).reduce((a, b) => a + b, 0), 0);

/** Runs `count` calls of `send`, `parallel` at a time. */
async function flood(count: number, parallel: number, send: () => Promise<unknown>): Promise<void> {
  for (let done = 0; done < count; done += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - done) }, send));
  }
}

describe("refusal flood", () => {
  it("counts 500 refused joins and 500 API 401s in /metrics; the log only sums them up", async () => {
    const started = await startHub({}, { http: { refusalLogIntervalMs: INTERVAL_MS }, logLevel: "info" });
    hub = started;
    const port = Number(new URL(started.baseUrl).port);
    const wrong = { authorization: "Bearer wrong-key-0123456789abcdef", "x-device-id": "phone-1" };
    const firstLine = started.logs.length;
    const floodStart = performance.now();

    const statuses = new Set<string>();
    await flood(250, 25, async () => statuses.add(await rawUpgrade(port, wrong)));
    await flood(250, 25, async () => statuses.add(await rawUpgrade(port, wrong, "/v1/providers/personal/join")));
    await flood(500, 25, async () => {
      const response = await fetch(`${started.baseUrl}/api/devices`, {
        headers: { authorization: wrong.authorization },
      });
      await response.arrayBuffer();
      statuses.add(String(response.status));
    });
    expect([...statuses].sort()).toEqual(["401", "HTTP/1.1 401 Unauthorized"]);
    // The last interval is summed up once it has passed.
    const deadline = Date.now() + 10_000;
    while (summed(parsed(started.logs.slice(firstLine))) < 1000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsedMs = performance.now() - floodStart;

    const lines = parsed(started.logs.slice(firstLine));
    // Nothing but summaries: no "incoming request", no "request completed", no "device join refused".
    expect(lines.filter((line) => !isSummary(line)).map((line) => line.msg)).toEqual([]);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / INTERVAL_MS) + 1);
    const totals: Record<string, number> = {};
    for (const line of lines) {
      for (const [name, n] of Object.entries(line.refused ?? {})) totals[name] = (totals[name] ?? 0) + n;
    }
    expect(totals).toEqual({
      "upgrade UNAUTHORIZED droidhub: unknown key": 250,
      "upgrade UNAUTHORIZED mobilerun: unknown key": 250,
      "request UNAUTHORIZED": 500,
    });
    expect(lines[0]!.addresses).toHaveProperty("127.0.0.1");

    const metrics = (await started.api("GET", "/metrics")).raw.toString();
    expect(metrics).toContain(
      'droidhub_refused_total{kind="upgrade",code="UNAUTHORIZED",dialect="droidhub",reason="unknown key"} 250\n',
    );
    expect(metrics).toContain(
      'droidhub_refused_total{kind="upgrade",code="UNAUTHORIZED",dialect="mobilerun",reason="unknown key"} 250\n',
    );
    expect(metrics).toContain('droidhub_refused_total{kind="request",code="UNAUTHORIZED"} 500\n');
  });

  it("still logs every other request, once", async () => {
    const started = await startHub({}, { http: { refusalLogIntervalMs: INTERVAL_MS }, logLevel: "info" });
    hub = started;
    const firstLine = started.logs.length;
    await started.api("GET", "/api/devices");
    const missing = await started.api("GET", "/api/devices/nobody");
    expect(missing.status).toBe(404);
    const lines = parsed(started.logs.slice(firstLine));
    expect(lines.map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      ["request completed", "/api/devices", 200],
      ["request completed", "/api/devices/nobody", 404],
    ]);
  });

  it("counts refused joins by reason and dialect", async () => {
    const started = await startHub({}, { http: { refusalLogIntervalMs: INTERVAL_MS } });
    hub = started;
    const port = Number(new URL(started.baseUrl).port);
    expect(await rawUpgrade(port, { "x-device-id": "phone-1" })).toBe("HTTP/1.1 401 Unauthorized");
    expect(await rawUpgrade(port, { authorization: "Bearer x", "x-device-id": "bad id!" })).toBe(
      "HTTP/1.1 401 Unauthorized",
    );
    // A Mobilerun phone whose id a droidhub-dialect phone enrolled (its secret was issued in Welcome)
    // is refused: the id belongs to the enrolled phone.
    const phone = new RawPhone(started.wsUrl, "phone-9");
    await phone.join();
    const taken = await rawUpgrade(
      port,
      { authorization: `Bearer ${FLEET_KEY}`, "x-device-id": "phone-9" },
      "/v1/providers/personal/join",
    );
    expect(taken).toBe("HTTP/1.1 401 Unauthorized");
    phone.socket.close();
    const metrics = (await started.api("GET", "/metrics")).raw.toString();
    expect(metrics).toContain(
      'droidhub_refused_total{kind="upgrade",code="UNAUTHORIZED",dialect="mobilerun",reason="device id is enrolled by a droidhub-dialect phone"} 1\n',
    );
    expect(metrics).toContain(
      'droidhub_refused_total{kind="upgrade",code="UNAUTHORIZED",dialect="droidhub",reason="missing bearer token"} 1\n',
    );
    expect(metrics).toContain(
      'droidhub_refused_total{kind="upgrade",code="UNAUTHORIZED",dialect="droidhub",reason="missing or malformed X-Device-ID header"} 1\n',
    );
  });
});
