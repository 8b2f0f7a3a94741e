/**
 * Every TCP connection the server accepted, by remote address: HTTP requests, SSE streams and
 * phone WebSockets alike (an upgraded socket stays the same connection). Over the per-address cap a
 * new connection is destroyed at once, before it costs a parser or a byte of log. At shutdown,
 * whatever is still open after its polite close is destroyed here. Connections from a trusted reverse
 * proxy (edge/proxies.ts) are not capped: they carry many clients, and the proxy limits each.
 */
import { isIPv6, type Server, type Socket } from "node:net";

export class ConnectionTracker {
  readonly #sockets = new Set<Socket>();
  readonly #perAddress = new Map<string, number>();
  readonly #max: number;
  readonly #onRefused: (address: string) => void;
  readonly #uncapped: (address: string | undefined) => boolean;

  /** `maxPerAddress` 0 means no cap; `uncapped` peers (trusted proxies) are never capped. */
  constructor(
    maxPerAddress: number,
    onRefused: (address: string) => void,
    uncapped: (address: string | undefined) => boolean = () => false,
  ) {
    this.#max = maxPerAddress;
    this.#onRefused = onRefused;
    this.#uncapped = uncapped;
  }

  attach(server: Server): void {
    server.on("connection", (socket: Socket) => this.#accept(socket));
  }

  get open(): number {
    return this.#sockets.size;
  }

  /** Destroys every tracked connection; returns how many there were. */
  destroyAll(): number {
    const count = this.#sockets.size;
    for (const socket of this.#sockets) socket.destroy();
    return count;
  }

  #accept(socket: Socket): void {
    if (this.#max === 0 || this.#uncapped(socket.remoteAddress)) {
      this.#sockets.add(socket);
      socket.once("close", () => this.#sockets.delete(socket));
      return;
    }
    const address = addressKey(socket.remoteAddress);
    const open = this.#perAddress.get(address) ?? 0;
    if (open >= this.#max) {
      socket.destroy();
      this.#onRefused(address);
      return;
    }
    this.#perAddress.set(address, open + 1);
    this.#sockets.add(socket);
    socket.once("close", () => {
      this.#sockets.delete(socket);
      const left = (this.#perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#perAddress.set(address, left);
      else this.#perAddress.delete(address);
    });
  }
}

/**
 * The unit the cap counts: an IPv4 address, or an IPv6 /64 — one IPv6 host (a phone on a mobile
 * network) is handed a whole /64, so counting single IPv6 addresses would cap nothing.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] ?? address;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%", 1)[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...left, ...new Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
