/**
 * A raw WebSocket peer for the gateway phase: sends exactly the bytes it is given, queues what the hub
 * sends, and tells whether the hub kept or closed the socket. `settle()` pings: the hub handles frames
 * synchronously in order, so a pong means every frame before it was handled and the socket is open.
 */
import WebSocket from "ws";

export type Settled = { open: true } | { open: false; code: number; reason: string };

export class Peer {
  readonly #ws: WebSocket;
  readonly #inbox: { data: Buffer; binary: boolean }[] = [];
  #closed: { code: number; reason: string } | undefined;
  #refused: number | undefined;
  #opened = false;
  #pongs = 0;
  #wake: (() => void) | undefined;

  constructor(url: string, headers: Record<string, string>) {
    this.#ws = new WebSocket(url, { headers, perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
    this.#ws.binaryType = "nodebuffer";
    this.#ws.on("open", () => {
      this.#opened = true;
      this.#notify();
    });
    this.#ws.on("message", (data, binary) => {
      this.#inbox.push({ data: data as Buffer, binary });
      this.#notify();
    });
    this.#ws.on("pong", () => {
      this.#pongs++;
      this.#notify();
    });
    this.#ws.on("close", (code, reason) => {
      this.#closed = { code, reason: reason.toString() };
      this.#notify();
    });
    this.#ws.on("unexpected-response", (_request, response) => {
      this.#refused = response.statusCode ?? 0;
      response.resume();
      this.#ws.terminate();
    });
    // Errors end in "close" (or a refusal); the close code is what is checked.
    this.#ws.on("error", () => this.#notify());
  }

  /** Waits for the upgrade; the HTTP status when the hub refused it. */
  async opened(timeoutMs: number): Promise<number | undefined> {
    await this.#until(() => this.#opened || this.#refused !== undefined || this.#closed !== undefined, timeoutMs);
    if (this.#refused !== undefined) return this.#refused;
    if (!this.#opened) throw new Error(`no upgrade within ${timeoutMs} ms (closed: ${this.#closed?.code})`);
    return undefined;
  }

  get closed(): { code: number; reason: string } | undefined {
    return this.#closed;
  }

  send(data: Uint8Array | string, binary: boolean): void {
    if (this.#ws.readyState === WebSocket.OPEN) this.#ws.send(data, { binary });
  }

  /** The next frame the hub sends, or undefined when the socket closes first or nothing comes in time. */
  async next(timeoutMs: number): Promise<{ data: Buffer; binary: boolean } | undefined> {
    await this.#until(() => this.#inbox.length > 0 || this.#closed !== undefined, timeoutMs);
    return this.#inbox.shift();
  }

  /** Open (answered a ping after everything sent before it) or closed, with the hub's close code. */
  async settle(timeoutMs: number): Promise<Settled> {
    if (!this.#closed && this.#ws.readyState === WebSocket.OPEN) {
      const pongs = this.#pongs;
      this.#ws.ping();
      await this.#until(() => this.#pongs > pongs || this.#closed !== undefined, timeoutMs);
      if (!this.#closed && this.#pongs > pongs) return { open: true };
    }
    await this.#until(() => this.#closed !== undefined, timeoutMs);
    if (!this.#closed) throw new Error(`neither a pong nor a close within ${timeoutMs} ms`);
    return { open: false, ...this.#closed };
  }

  async close(timeoutMs: number): Promise<void> {
    if (this.#closed) return;
    this.#ws.close(1000);
    await this.#until(() => this.#closed !== undefined, timeoutMs);
    if (!this.#closed) this.#ws.terminate();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async #until(done: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!done()) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}
