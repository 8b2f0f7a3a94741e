/**
 * The client end of a device link, for the virtual phone and tests. Wraps `ws` so that only the
 * gateway folder depends on it, and reports an HTTP refusal (401) apart from an ordinary close.
 * Over wss it trusts the hub as `hub-trust.ts` says (a private CA, a pinned key).
 */
import WebSocket from "ws";
import { type HubTrust, trustOptions } from "./hub-trust.js";

export interface ClientSocketHandlers {
  onOpen?: () => void;
  onMessage?: (data: Buffer, isBinary: boolean) => void;
  onClose?: (code: number, reason: string) => void;
  /** The server answered the upgrade with an HTTP status instead of switching protocols. */
  onRefused?: (status: number) => void;
  /** No connection; a pinned key that does not match is a CERT_PIN_MISMATCH HubError (isPinMismatch). */
  onError?: (error: Error) => void;
}

export interface ClientSocketOptions {
  headers?: Record<string, string>;
  maxPayload?: number;
  handshakeTimeoutMs?: number;
  /** For wss: a CA to trust besides the system's, and/or the pinned key of the hub's certificate. */
  trust?: HubTrust;
}

export class ClientSocket {
  readonly #ws: WebSocket;

  constructor(url: string, handlers: ClientSocketHandlers, options: ClientSocketOptions = {}) {
    this.#ws = new WebSocket(url, {
      headers: options.headers ?? {},
      maxPayload: options.maxPayload ?? 64 * 1024 * 1024,
      handshakeTimeout: options.handshakeTimeoutMs ?? 10_000,
      perMessageDeflate: false,
      ...trustOptions(url, options.trust),
    });
    this.#ws.binaryType = "nodebuffer";
    this.#ws.on("open", () => handlers.onOpen?.());
    this.#ws.on("message", (data, isBinary) => handlers.onMessage?.(data as Buffer, isBinary));
    this.#ws.on("close", (code, reason) => handlers.onClose?.(code, reason.toString()));
    this.#ws.on("unexpected-response", (_request, response) => {
      handlers.onRefused?.(response.statusCode ?? 0);
      response.resume();
      this.#ws.terminate();
    });
    this.#ws.on("error", (error) => handlers.onError?.(error));
  }

  get open(): boolean {
    return this.#ws.readyState === WebSocket.OPEN;
  }

  /** Bytes queued on the socket and not yet written to the network. */
  get bufferedAmount(): number {
    return this.#ws.bufferedAmount;
  }

  send(data: Uint8Array | string): void {
    if (this.open) this.#ws.send(data);
  }

  /** Sends raw bytes as a text frame: tests use it to break the protocol on purpose. */
  sendText(text: string): void {
    if (this.open) this.#ws.send(text, { binary: false });
  }

  close(code = 1000, reason = ""): void {
    this.#ws.close(code, reason);
  }

  /** Drops the TCP connection without a close handshake, as a lost mobile network would. */
  terminate(): void {
    this.#ws.terminate();
  }

  /** Stops answering pings, to let the hub's heartbeat find a dead phone. */
  muteAutoPong(): void {
    // ws answers pings inside its receiver; removing the socket's ping listener is not enough, so
    // pause the underlying stream: frames (and pings) stay unread.
    (this.#ws as unknown as { _socket?: { pause(): void } })._socket?.pause();
  }
}
