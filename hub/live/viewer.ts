/**
 * One person watching a phone: a socket the gateway wraps (only `gateway/` knows `ws`), and the
 * rule that keeps a slow one from growing the hub's memory. A frame is written only while what the
 * viewer has not taken yet stays under `maxBufferBytes`; past that, frames are dropped for this
 * viewer alone — a newer frame replaces them anyway — so a viewer holds at most the cap plus one
 * frame, however long it stops reading.
 */

/** The socket side of a viewer, as the gateway provides it. */
export interface ViewerSocket {
  /** Bytes written and not yet taken by the network. */
  readonly bufferedAmount: number;
  sendBinary(data: Uint8Array): void;
  sendText(text: string): void;
  close(code: number, reason: string): void;
}

export class Viewer {
  readonly #socket: ViewerSocket;
  readonly #maxBufferBytes: number;
  framesSent = 0;
  framesDropped = 0;

  constructor(socket: ViewerSocket, maxBufferBytes: number) {
    this.#socket = socket;
    this.#maxBufferBytes = maxBufferBytes;
  }

  get bufferedBytes(): number {
    return this.#socket.bufferedAmount;
  }

  /** Whether a frame written now would be taken (the viewer is keeping up). */
  get ready(): boolean {
    return this.#socket.bufferedAmount <= this.#maxBufferBytes;
  }

  /** Writes the frame, or drops it when the viewer is behind; true when written. */
  offer(frame: Uint8Array): boolean {
    if (!this.ready) {
      this.framesDropped++;
      return false;
    }
    this.#socket.sendBinary(frame);
    this.framesSent++;
    return true;
  }

  notice(message: Record<string, unknown>): void {
    this.#socket.sendText(JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    this.#socket.close(code, reason);
  }
}
