/**
 * A command's WebSocket frame in one buffer, written to the TCP socket in one write.
 *
 * Why not `ws`'s send: for a server frame it writes the 2-byte header and the payload as two
 * buffers under cork/uncork, which Node turns into a writev with its request object, chunk arrays
 * and callbacks: bench:gateway's heap profile put that path (writeOrBuffer, clearBuffer, writev)
 * at a fifth of what a command allocates, and the CPU profile at more than ws's framing itself.
 * One buffer takes Node's direct write (a synchronous try-write, no request kept).
 *
 * The bytes are exactly ws's for the same frame (RFC 6455 §5.2: FIN, opcode 2, unmasked as a server
 * must, the shortest length form): tests/unit/gateway/ws-frame.test.ts compares them.
 */
import type { Duplex } from "node:stream";
import { WebSocket } from "ws";

const FIN_BINARY = 0x82;

/**
 * Payloads above this go through ws: copying them into one buffer would cost more than the writev
 * saves (a command is tens of bytes; a long text or an app list is not the hot path).
 */
const ONE_WRITE_MAX_BYTES = 16 * 1024;

/** ws reads its send options and makes its own: one object for every send instead of one each. */
const BINARY = Object.freeze({ binary: true });

/** `payload` framed as one final, unmasked binary frame. */
export function binaryFrame(payload: Uint8Array): Buffer {
  const length = payload.byteLength;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FIN_BINARY;
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.set(payload, header);
  return frame;
}

/** ws keeps its TCP (or TLS) socket here; it is absent before the upgrade and after the close. */
type WithRawSocket = WebSocket & { _socket?: Duplex | null };

/**
 * Sends `payload` as a binary frame, a small one written straight to the socket when that is what ws itself
 * would do at once: the socket is open, so no close frame has gone out, and ws sends without a
 * queue, as it does with per-message deflate off (the gateway's servers) and no Blob ever sent.
 * Otherwise ws sends it. Order on the socket is kept: ws writes its own frames (pings, close)
 * synchronously on the same socket.
 */
export function sendBinary(socket: WebSocket, payload: Uint8Array): void {
  const raw = (socket as WithRawSocket)._socket;
  if (payload.byteLength <= ONE_WRITE_MAX_BYTES && socket.readyState === WebSocket.OPEN && raw?.writable) {
    raw.write(binaryFrame(payload));
  } else {
    socket.send(payload, BINARY);
  }
}
