/**
 * The live view's pixel work on its worker thread answers as the calling thread's does: the check
 * of a phone's grey blocks, a paint that leaves the places grey, and a bad image's error.
 */
import { isMainThread } from "node:worker_threads";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageThreadBroken, localImages, threadImages } from "../../../hub/perception/image-thread.js";
import { MASK_RGB } from "../../../hub/perception/index.js";

const SCREEN = { w: 1080, h: 2400 };
const FIELD = [64, 704, 1016, 844] as const;

/** A 540×1200 frame of a 1080×2400 screen: dark, the field grey when `painted`. */
function frame(painted: boolean): Promise<Buffer> {
  const w = 540;
  const h = 1200;
  const raw = Buffer.alloc(w * h * 3, 25);
  if (painted)
    for (let y = FIELD[1] / 2; y < FIELD[3] / 2; y++)
      raw.fill(MASK_RGB.r, (y * w + FIELD[0] / 2) * 3, (y * w + FIELD[2] / 2) * 3);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

describe("threadImages", () => {
  it("checks painted blocks as the calling thread does", async () => {
    expect(isMainThread).toBe(true);
    for (const painted of [true, false]) {
      const image = await frame(painted);
      const here = await localImages.paintedGrey(image, [FIELD], SCREEN);
      expect(await threadImages.paintedGrey(image, [FIELD], SCREEN)).toBe(here);
      expect(here).toBe(painted ? "grey" : "not grey");
    }
    // The answers came from the thread, not from the calling thread it falls back to.
    expect(imageThreadBroken()).toBeUndefined();
  });

  it("paints a frame's places grey and answers a JPEG of the same size", async () => {
    const masked = await threadImages.maskRegions(await frame(false), [FIELD], SCREEN, { quality: 70 });
    expect(Buffer.isBuffer(masked)).toBe(true);
    const meta = await sharp(masked).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 540, 1200]);
    expect(await localImages.paintedGrey(masked, [FIELD], SCREEN)).toBe("grey");
  });

  it("rejects bytes that are no image with the paint's own error", async () => {
    const bytes = Buffer.from("not a jpeg at all");
    const here = await localImages.maskRegions(bytes, [FIELD], SCREEN, {}).catch((e: Error) => e.message);
    const there = await threadImages.maskRegions(bytes, [FIELD], SCREEN, {}).catch((e: Error) => e.message);
    expect(there).toMatch(/screenshot could not be decoded/);
    expect(there).toBe(here);
    expect(await threadImages.paintedGrey(bytes, [FIELD], SCREEN)).toBe("unknown");
  });
});
