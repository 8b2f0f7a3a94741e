/**
 * maskRegions paints device-pixel rects over a screenshot of any scale and keeps its format and size;
 * pixels outside the rects are left alone; bad bytes are a typed error.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import { MASK_RGB, maskRegions } from "../../../hub/perception/index.js";

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const white = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#ffffff" } });

describe("maskRegions", () => {
  it("paints a field of a 1080x2400 screen over a half-size PNG, and nothing else", async () => {
    const png = await white(540, 1200).png().toBuffer();
    const out = await maskRegions(png, [[64, 524, 1016, 664]], { w: 1080, h: 2400 });
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "png", width: 540, height: 1200 });
    expect(await pixel(out, 32, 262)).toEqual([MASK_RGB.r, MASK_RGB.g, MASK_RGB.b]); // (64,524) / 2
    expect(await pixel(out, 507, 331)).toEqual([MASK_RGB.r, MASK_RGB.g, MASK_RGB.b]); // (1015,663) / 2
    expect(await pixel(out, 31, 262)).toEqual([255, 255, 255]);
    expect(await pixel(out, 300, 340)).toEqual([255, 255, 255]);
  });

  it("keeps JPEG and WebP, clips rects to the screen, and returns the bytes untouched when there is nothing to paint", async () => {
    for (const format of ["jpeg", "webp"] as const) {
      const image = await white(100, 200).toFormat(format).toBuffer();
      const out = await maskRegions(image, [[-50, -50, 50, 50]], { w: 100, h: 200 });
      expect((await sharp(out).metadata()).format).toBe(format);
      const [r] = await pixel(out, 10, 10);
      expect(Math.abs(r! - MASK_RGB.r)).toBeLessThan(16);
    }
    const png = await white(10, 10).png().toBuffer();
    expect(await maskRegions(png, [], { w: 10, h: 10 })).toBe(png);
    expect(await maskRegions(png, [[20, 20, 30, 30]], { w: 10, h: 10 })).toBe(png); // off screen
  });

  it("paints grey and transparent PNGs too: the block is grey and opaque, the rest keeps its alpha", async () => {
    const grey = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#ffffff" } })
      .toColourspace("b-w")
      .png()
      .toBuffer();
    const clear = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    for (const image of [grey, clear]) {
      const out = await maskRegions(image, [[10, 10, 20, 20]], { w: 40, h: 40 });
      const { data, info } = await sharp(out).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4)];
      expect(info).toMatchObject({ width: 40, height: 40 });
      expect(at(10, 10)).toEqual([MASK_RGB.r, MASK_RGB.g, MASK_RGB.b, 255]);
      expect(at(19, 19)).toEqual([MASK_RGB.r, MASK_RGB.g, MASK_RGB.b, 255]);
      expect(at(20, 20)).toEqual(image === grey ? [255, 255, 255, 255] : [0, 0, 0, 0]);
      expect(at(9, 10)).toEqual(image === grey ? [255, 255, 255, 255] : [0, 0, 0, 0]);
    }
  });

  it("bytes that are no image are IMAGE_INVALID", async () => {
    const error = await maskRegions(Buffer.from("not an image"), [[0, 0, 1, 1]], { w: 10, h: 10 }).catch((e) => e);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).code).toBe("IMAGE_INVALID");
  });
});
