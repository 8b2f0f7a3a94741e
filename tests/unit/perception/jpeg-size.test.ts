/**
 * The JPEG header reader the live view's paint check starts with: it reads the size libvips would,
 * and a phone's bytes that lie (cut short, lengths past the end, no frame header, not a JPEG) give
 * undefined, never an exception or a size.
 */
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegSize } from "../../../hub/perception/jpeg-size.js";

const jpeg = (width: number, height: number, options: { progressive?: boolean } = {}) =>
  sharp({ create: { width, height, channels: 3, background: "#808080" } })
    .withMetadata({ density: 96 }) // an APP segment before the frame header
    .jpeg({ quality: 70, progressive: options.progressive === true })
    .toBuffer();

describe("jpegSize", () => {
  it("reads the size of baseline and progressive JPEGs as libvips does", async () => {
    for (const [w, h] of [
      [720, 1600],
      [1, 1],
      [1081, 2399],
    ] as const) {
      for (const progressive of [false, true]) {
        const bytes = await jpeg(w, h, { progressive });
        const meta = await sharp(bytes).metadata();
        expect(jpegSize(bytes)).toEqual({ width: meta.width, height: meta.height });
      }
    }
  });

  it("gives undefined for a PNG, text, an empty buffer and a JPEG cut before its frame header", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(jpegSize(png)).toBeUndefined();
    expect(jpegSize(Buffer.from("not an image"))).toBeUndefined();
    expect(jpegSize(new Uint8Array(0))).toBeUndefined();
    const bytes = await jpeg(720, 1600);
    const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    for (const cut of [2, 3, sof, sof + 4, sof + 8]) expect(jpegSize(bytes.subarray(0, cut))).toBeUndefined();
  });

  it("gives undefined for a segment length past the end, a scan before any frame header, and a zero size", () => {
    expect(jpegSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0x00]))).toBeUndefined();
    expect(jpegSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    const zero = [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 8, 0x00, 0x00, 0x02, 0xd0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(jpegSize(Uint8Array.from(zero))).toBeUndefined();
    const fine = [...zero];
    fine[7] = 0x06;
    fine[8] = 0x40;
    expect(jpegSize(Uint8Array.from(fine))).toEqual({ width: 720, height: 1600 });
  });

  it("never throws and never reports a size bigger than 16 bits on arbitrary bytes after a JPEG start", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        const size = jpegSize(Uint8Array.from([0xff, 0xd8, ...tail]));
        if (size !== undefined) {
          expect(size.width).toBeGreaterThan(0);
          expect(size.width).toBeLessThan(65536);
          expect(size.height).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5000, seed: 7 },
    );
  });
});
