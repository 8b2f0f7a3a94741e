/**
 * The clients that used to hold a hub's shutdown open: a run in progress on a slow virtual phone,
 * a fleet SSE stream, a device socket that never says Hello (nor answers a close frame), and two
 * half-sent HTTP requests (one stops inside its headers, one inside its body).
 */
import net from "node:net";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { API_KEY, FLEET_KEY, until } from "./hub.js";

export interface Straggler {
  /** Resolves with how the peer saw the end: "end" (clean end of stream) or "error" (reset). */
  ended: Promise<"end" | "error">;
}

export interface Stragglers {
  runId: string;
  sse: Straggler & { received(): string };
  preHello: Straggler;
  halfHeaders: Straggler;
  halfBody: Straggler;
  phone: SimPhone;
}

/** A raw socket that sends `text` and then nothing; it never answers anything. */
function silentSocket(port: number, text: string, onData?: (data: string) => void): Straggler & { data(): string } {
  const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
  let data = "";
  socket.on("data", (chunk) => {
    data += chunk.toString("latin1");
    onData?.(data);
  });
  const ended = new Promise<"end" | "error">((resolve) => {
    socket.once("end", () => resolve("end"));
    socket.once("error", () => resolve("error"));
    socket.once("close", (hadError) => resolve(hadError ? "error" : "end"));
  });
  return { ended, data: () => data };
}

export async function attachStragglers(port: number): Promise<Stragglers> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${API_KEY}` };

  // A run that is running: one tap on a phone that takes two minutes to answer.
  const phone = new SimPhone(new VirtualDevice({ deviceId: "slow-1", app: "login", knobs: { latencyMs: 120_000 } }), {
    url: `ws://127.0.0.1:${port}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
    reconnectBaseMs: 60_000,
  });
  await phone.start();
  const submitted = await fetch(`${baseUrl}/api/tasks`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({
      goal: "a slow tap",
      mode: "script",
      device: "slow-1",
      actions: [{ action: "tap", x: 5, y: 5 }],
    }),
  });
  const task = (await submitted.json()) as { id: string; runId?: string };
  if (!task.runId) throw new Error(`the task did not start a run: ${JSON.stringify(task)}`);

  const response = await fetch(`${baseUrl}/api/events`, { headers: auth });
  if (!response.ok || !response.body) throw new Error(`SSE refused: ${response.status}`);
  const reader = response.body.getReader();
  let sseText = "";
  const sseEnded = (async (): Promise<"end" | "error"> => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "end";
        sseText += Buffer.from(value).toString();
      }
    } catch {
      return "error";
    }
  })();
  await until(() => sseText.includes(": connected"), 5_000, "the SSE stream to open");

  const preHello = silentSocket(
    port,
    [
      "GET /v1/devices/connect HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      "Connection: Upgrade",
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      `Authorization: Bearer ${FLEET_KEY}`,
      "X-Device-ID: never-says-hello",
      "",
      "",
    ].join("\r\n"),
  );
  await until(() => preHello.data().startsWith("HTTP/1.1 101"), 5_000, "the device socket to upgrade");
  const halfHeaders = silentSocket(port, `GET /api/devices HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthoriz`);
  const halfBody = silentSocket(
    port,
    `POST /api/tasks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${API_KEY}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"goal":`,
  );
  // Let the hub read both before anyone pulls the plug.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    runId: task.runId,
    sse: { ended: sseEnded, received: () => sseText },
    preHello,
    halfHeaders,
    halfBody,
    phone,
  };
}
