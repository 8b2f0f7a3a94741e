/**
 * The gateway's own binary frames: byte for byte what ws writes for the same payload at every length
 * form, read back whole and in order by a real ws client beside ws's own pings, and sent through ws
 * once the socket is closing (no data after a close frame).
 */
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { binaryFrame, sendBinary } from "../../../hub/gateway/ws-frame.js";
import { until } from "../../helpers/hub.js";

/** ws's own framing (not in its type definitions): the bytes to match. */
const { Sender } = WebSocket as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

/** The lengths at each edge of the three length forms (7-bit, 16-bit, 64-bit). */
const LENGTHS = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000];

function payloadOf(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}

describe("binaryFrame", () => {
  it.each(LENGTHS)("writes ws's bytes for a %i-byte payload", (length) => {
    const payload = payloadOf(length);
    const parts = Sender.frame(Buffer.from(payload), {
      fin: true,
      opcode: 2,
      mask: false,
      readOnly: true,
      rsv1: false,
    });
    expect(binaryFrame(payload).equals(Buffer.concat(parts))).toBe(true);
  });
});

describe("sendBinary", () => {
  let server: WebSocketServer | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function pair(): Promise<{ serverSide: WebSocket; client: WebSocket }> {
    server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
    await once(server, "listening");
    const port = (server.address() as { port: number }).port;
    const accepted = once(server, "connection");
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    await once(client, "open");
    const [serverSide] = (await accepted) as [WebSocket];
    return { serverSide, client };
  }

  it("delivers every payload whole and in order, pings between them included (big ones through ws)", async () => {
    const { serverSide, client } = await pair();
    const received: Buffer[] = [];
    let pings = 0;
    client.on("message", (data, isBinary) => {
      expect(isBinary).toBe(true);
      received.push(data as Buffer);
    });
    client.on("ping", () => pings++);
    for (const length of LENGTHS) {
      sendBinary(serverSide, payloadOf(length));
      serverSide.ping();
    }
    await until(() => received.length === LENGTHS.length && pings === LENGTHS.length, 5_000);
    expect(received.map((data) => data.length)).toEqual(LENGTHS);
    received.forEach((data, i) => {
      expect(data.equals(Buffer.from(payloadOf(LENGTHS[i] as number)))).toBe(true);
    });
    client.close();
  });

  it("leaves a closing socket to ws, which sends nothing after its close frame", async () => {
    const { serverSide, client } = await pair();
    const received: Buffer[] = [];
    client.on("message", (data) => received.push(data as Buffer));
    const closed = once(client, "close");
    serverSide.close(1000, "bye");
    expect(serverSide.readyState).toBe(WebSocket.CLOSING);
    // ws refuses data after close() (it reports the error to the send's callback, or throws when
    // the socket is not open at all): either way nothing reaches the client.
    try {
      sendBinary(serverSide, payloadOf(10));
    } catch {
      // the refusal ws gives for a socket that is not open
    }
    const [code] = (await closed) as [number];
    expect(code).toBe(1000);
    expect(received).toEqual([]);
  });
});
