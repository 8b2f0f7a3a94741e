import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import {
  annotateScreenshot,
  compact,
  composeAB,
  deviceToImage,
  type ImageMapping,
  imageToDevice,
  overlaySvg,
  parseSnapshot,
  warmUpFonts,
} from "../../../hub/perception/index.js";
import { fixture } from "./helpers.js";

const elements = compact(parseSnapshot(fixture("login.xml"))).elements.filter((e) => e.meta.interactive);

function screenshot(w: number, h: number, color = "#ffffff"): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe("imageToDevice", () => {
  const m: ImageMapping = { deviceW: 1080, deviceH: 2400, imageW: 540, imageH: 1200 };

  it("maps an image pixel to the device pixel under its center", () => {
    expect(imageToDevice({ x: 0, y: 0 }, m)).toEqual({ x: 1, y: 1 });
    expect(imageToDevice({ x: 270, y: 600 }, m)).toEqual({ x: 541, y: 1201 });
    expect(imageToDevice({ x: 539.9, y: 1199 }, m)).toEqual({ x: 1079, y: 2399 });
  });

  it("clamps points outside the image to the screen", () => {
    expect(imageToDevice({ x: -50, y: 5000 }, m)).toEqual({ x: 0, y: 2399 });
    expect(imageToDevice({ x: 9999, y: -1 }, m)).toEqual({ x: 1079, y: 0 });
  });

  it("is the exact inverse of deviceToImage for every pixel, at odd scales too", () => {
    const odd: ImageMapping = { deviceW: 1220, deviceH: 2656, imageW: 407, imageH: 885 };
    for (const mapping of [m, odd]) {
      for (let x = 0; x < mapping.imageW; x++) {
        expect(deviceToImage(imageToDevice({ x, y: x % mapping.imageH }, mapping), mapping)).toEqual({
          x,
          y: x % mapping.imageH,
        });
      }
    }
  });
});

describe("annotateScreenshot", () => {
  it("warms the font cache and finds a font that draws digits", async () => {
    const status = await warmUpFonts();
    expect(status.ok).toBe(true);
  });

  it("scales to half by default and encodes JPEG", async () => {
    const out = await annotateScreenshot(await screenshot(1080, 2400), elements);
    expect(out).toMatchObject({ format: "jpeg", width: 540, height: 1200 });
    expect(out.mapping).toEqual({ deviceW: 1080, deviceH: 2400, imageW: 540, imageH: 1200 });
    expect(out.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height]).toEqual([540, 1200]);
  });

  it("draws a magenta cross at each element center and leaves plain areas alone", async () => {
    const out = await annotateScreenshot(await screenshot(1080, 2400), elements, {
      grid: false,
      format: "webp",
      quality: 95,
    });
    expect(out.data.subarray(8, 12).toString("ascii")).toBe("WEBP");
    const signIn = elements.find((e) => e.label === "Sign in")!;
    const c = deviceToImage({ x: signIn.cx, y: signIn.cy }, out.mapping);
    const [r, g, b] = await pixel(out.data, c.x, c.y);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(80);
    expect(b).toBeGreaterThan(200);
    const [wr, wg, wb] = await pixel(out.data, 5, 600);
    expect(Math.min(wr, wg, wb)).toBeGreaterThan(240);
  });

  it("puts the grid every 20% with device pixel values at the edges", () => {
    const svg = overlaySvg([], { deviceW: 1080, deviceH: 2400, imageW: 540, imageH: 1200 }, true);
    for (const v of [216, 432, 648, 864, 480, 960, 1440, 1920]) expect(svg).toContain(`>${v}</text>`);
    expect(svg).toContain("M108.5 0V1200");
    expect(overlaySvg([], { deviceW: 1080, deviceH: 2400, imageW: 540, imageH: 1200 }, false)).not.toContain("<text");
  });

  it("draws crosses, not filled badges", () => {
    const svg = overlaySvg(elements, { deviceW: 1080, deviceH: 2400, imageW: 540, imageH: 1200 }, false);
    expect(svg).not.toMatch(/<circle|<rect/);
    expect(svg.match(/<text/g)).toHaveLength(elements.length);
  });

  it("honours a device size different from the screenshot (phone-side downscale)", async () => {
    const out = await annotateScreenshot(await screenshot(540, 1200), elements, {
      device: { w: 1080, h: 2400 },
      scale: 0.25,
    });
    expect([out.width, out.height]).toEqual([270, 600]);
    expect(imageToDevice({ x: 135, y: 300 }, out.mapping)).toEqual({ x: 542, y: 1202 });
  });

  it("rejects bytes that are not an image and a nonsense scale with typed errors", async () => {
    await expect(annotateScreenshot(Buffer.from("not an image"), elements)).rejects.toMatchObject({
      code: "IMAGE_INVALID",
    });
    await expect(annotateScreenshot(await screenshot(10, 10), [], { scale: 0 })).rejects.toBeInstanceOf(HubError);
  });
});

describe("composeAB", () => {
  it("puts both frames side by side at the same height under captions", async () => {
    const out = await composeAB(await screenshot(1080, 2400, "#ff0000"), await screenshot(1080, 2400, "#0000ff"));
    const caption = Math.max(20, Math.round(1200 * 0.035));
    const gap = Math.max(8, Math.round(1200 * 0.01));
    expect(out.height).toBe(1200 + caption);
    expect(out.width).toBe(540 + gap + 540);
    const [ar, , ab] = await pixel(out.data, 100, caption + 100);
    const [br, , bb] = await pixel(out.data, 540 + gap + 100, caption + 100);
    expect(ar).toBeGreaterThan(200);
    expect(ab).toBeLessThan(60);
    expect(br).toBeLessThan(60);
    expect(bb).toBeGreaterThan(200);
  });
});
