import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

/**
 * Every frame a phone sends is masked (RFC 6455 §5.3), and ws unmasks it on the hub's event loop:
 * in JavaScript a 300 KB screenshot took 500 µs of it, with bufferutil 12 µs (scratch measurement on
 * the 2-core CI machine). bufferutil is an optional dependency that falls back to JavaScript
 * silently; this says when the native one is not what ws uses.
 */
describe("WebSocket masking", () => {
  it("is bufferutil's native code, which ws picks up, and gives the same bytes as the JavaScript fallback", () => {
    const native = require("bufferutil") as { unmask(buffer: Buffer, mask: Buffer): void };
    expect(Function.prototype.toString.call(native.unmask)).toContain("[native code]");
    const fallback = require("bufferutil/fallback.js") as typeof native;
    // Not among ws's exports: by its file, as ws itself loads it.
    const wsUtil = require(path.join(path.dirname(require.resolve("ws")), "lib/buffer-util.js")) as typeof native;
    // Without bufferutil ws exports its JavaScript loop, _unmask, itself; with it, a wrapper around the native one.
    expect(wsUtil.unmask.name).not.toBe("_unmask");
    const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
    const payload = Buffer.from(Array.from({ length: 4099 }, (_, i) => (i * 31) & 0xff));
    const byWs = Buffer.from(payload);
    const byFallback = Buffer.from(payload);
    wsUtil.unmask(byWs, mask);
    fallback.unmask(byFallback, mask);
    expect(byWs.equals(byFallback)).toBe(true);
    expect(byWs.equals(payload)).toBe(false);
  });
});
