/**
 * The hub's check of a phone's word that it painted its password fields: grey places pass at any
 * usual JPEG quality and scale, a place with anything drawn on it fails, and what cannot be checked
 * (a place smaller than a colour block, a PNG, bytes that are no image) says so instead of passing.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MASK_RGB, paintedGrey } from "../../../hub/perception/index.js";

const SCREEN = { w: 1080, h: 2400 };
const FIELD = [64, 704, 1016, 844] as const;

/** A 720×1600 frame of a 1080×2400 screen: a busy pattern, the field grey (outward), optionally text on it. */
function frame(options: { text?: boolean; painted?: boolean } = {}): Buffer {
  const w = 720;
  const h = 1600;
  const raw = Buffer.alloc(w * h * 3, 240);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if ((x >> 3) % 3 === 0 && (y >> 4) % 2 === 0) raw.fill(30, (y * w + x) * 3, (y * w + x) * 3 + 3);
  const s = w / SCREEN.w;
  const [l, t, r, b] = [
    Math.floor(FIELD[0] * s),
    Math.floor(FIELD[1] * s),
    Math.ceil(FIELD[2] * s),
    Math.ceil(FIELD[3] * s),
  ];
  if (options.painted !== false) {
    for (let y = t; y < b; y++) for (let x = l; x < r; x++) raw.fill(MASK_RGB.r, (y * w + x) * 3, (y * w + x) * 3 + 3);
  }
  if (options.text) {
    // A few dark glyph strokes in the middle of the field, as dots of a password would be.
    for (let y = t + 30; y < t + 60; y++)
      for (let x = l + 60; x < l + 200; x++) if ((x >> 2) % 3 === 0) raw.fill(20, (y * w + x) * 3, (y * w + x) * 3 + 3);
  }
  return raw;
}

const jpeg = (raw: Buffer, quality: number, chromaSubsampling = "4:2:0") =>
  sharp(raw, { raw: { width: 720, height: 1600, channels: 3 } })
    .jpeg({ quality, chromaSubsampling })
    .toBuffer();

describe("paintedGrey", () => {
  it("passes a grey field at qualities 30 to 95, with and without colour subsampling", async () => {
    for (const q of [30, 70, 95]) {
      expect(await paintedGrey(await jpeg(frame(), q), [FIELD], SCREEN)).toBe("grey");
      expect(await paintedGrey(await jpeg(frame(), q, "4:4:4"), [FIELD], SCREEN)).toBe("grey");
    }
  });

  it("fails a field with strokes drawn on its grey, and a field not painted at all", async () => {
    for (const q of [30, 70, 95]) {
      expect(await paintedGrey(await jpeg(frame({ text: true }), q), [FIELD], SCREEN)).toBe("not grey");
      expect(await paintedGrey(await jpeg(frame({ painted: false }), q), [FIELD], SCREEN)).toBe("not grey");
    }
  });

  it("fails when one of several places is not grey, and passes with none to check", async () => {
    const image = await jpeg(frame(), 70);
    expect(await paintedGrey(image, [FIELD, [64, 100, 1016, 300]], SCREEN)).toBe("not grey");
    expect(await paintedGrey(image, [], SCREEN)).toBe("grey");
    // Only the rows between the highest and the lowest place are decoded: one near the bottom still counts.
    expect(await paintedGrey(image, [FIELD, [64, 2200, 1016, 2390]], SCREEN)).toBe("not grey");
    expect(await paintedGrey(image, [[64, 2200, 1016, 2390], FIELD], SCREEN)).toBe("not grey");
  });

  it("says unknown for a place too small to hold a colour block, a PNG and bytes that are no image", async () => {
    const image = await jpeg(frame(), 70);
    // 20 device pixels high is 13 frame pixels: no 16×16 block fits inside.
    expect(await paintedGrey(image, [[64, 710, 1016, 730]], SCREEN)).toBe("unknown");
    expect(await paintedGrey(image, [[2000, 3000, 2100, 3100]], SCREEN)).toBe("unknown");
    const png = await sharp(frame(), { raw: { width: 720, height: 1600, channels: 3 } })
      .png()
      .toBuffer();
    expect(await paintedGrey(png, [FIELD], SCREEN)).toBe("unknown");
    expect(await paintedGrey(Buffer.from("not an image at all"), [FIELD], SCREEN)).toBe("unknown");
  });
});
