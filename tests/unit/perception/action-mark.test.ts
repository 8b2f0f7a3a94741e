/**
 * What a step did, drawn on its screen: the mark sits where the gesture was (device pixels mapped to
 * the smaller image), the caption strip stays clear of it, and nothing else of the screen is touched.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import { type ActionMark, annotateAction } from "../../../hub/perception/index.js";
import { markPixels } from "../../helpers/pixels.js";

const DEVICE = { w: 1080, h: 2400 };

function screen(color = "#f4f4f4", w = DEVICE.w, h = DEVICE.h): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

async function draw(mark: ActionMark, image?: Buffer) {
  return annotateAction(image ?? (await screen()), mark, { device: DEVICE });
}

/** Mark pixels outside the caption strip (its accent bar sits at the left edge). */
async function markAway(data: Buffer, strip: "top" | "bottom") {
  const { height = 0, width = 0 } = await sharp(data).metadata();
  const band = 40;
  return markPixels(data, [0, strip === "top" ? band : 0, width, strip === "top" ? height : height - band]);
}

describe("annotateAction", () => {
  it("rings a tap where it landed, at half size, whatever scale the screenshot came in", async () => {
    for (const source of [await screen(), await screen("#f4f4f4", 720, 1600)]) {
      const image = await draw({ gesture: { kind: "tap", x: 540, y: 994 }, caption: "tap “Sign in”" }, source);
      expect([image.width, image.height, image.format]).toEqual([540, 1200, "jpeg"]);
      const ring = await markAway(image.data, "bottom");
      expect(ring.count).toBeGreaterThan(300);
      expect(Math.abs(ring.cx - 270)).toBeLessThan(2);
      expect(Math.abs(ring.cy - 497)).toBeLessThan(2);
      // A ring about 40 px round the point, not a blot elsewhere.
      expect(ring.right - ring.left).toBeLessThan(110);
      expect(ring.bottom - ring.top).toBeLessThan(110);
    }
  });

  it("draws a swipe as an arrow from start to end", async () => {
    const image = await draw({
      gesture: { kind: "swipe", from: { x: 540, y: 1800 }, to: { x: 540, y: 600 } },
      caption: "swipe up",
    });
    const arrow = await markAway(image.data, "bottom");
    expect(Math.abs(arrow.cx - 270)).toBeLessThan(3);
    // From the start dot (y 900 in the image) to the arrow head (y 300).
    expect(arrow.top).toBeGreaterThanOrEqual(290);
    expect(arrow.top).toBeLessThan(310);
    expect(arrow.bottom).toBeGreaterThan(900);
    expect(arrow.bottom).toBeLessThan(915);
    // The head, at the end, is far wider than the shaft.
    const head = await markPixels(image.data, [0, 318, 540, 322]);
    const shaft = await markPixels(image.data, [0, 700, 540, 704]);
    expect(head.right - head.left).toBeGreaterThan(2 * (shaft.right - shaft.left));
  });

  it("outlines the field text was typed into and tags it", async () => {
    const field = [64, 704, 1016, 844] as const;
    const image = await draw({ gesture: { kind: "type", field }, caption: "type “{{secret:password}}”" });
    const outline = await markAway(image.data, "bottom");
    // The outline hugs the field (32..508 × 352..422 in the image), the "typed" tag sits just above.
    expect(outline.left).toBeGreaterThanOrEqual(24);
    expect(outline.left).toBeLessThanOrEqual(32);
    expect(outline.right).toBeGreaterThanOrEqual(508);
    expect(outline.right).toBeLessThanOrEqual(516);
    expect(outline.bottom).toBeGreaterThanOrEqual(422);
    expect(outline.bottom).toBeLessThanOrEqual(430);
    expect(outline.top).toBeLessThan(352);
    expect(outline.top).toBeGreaterThan(352 - 40);
    // Inside the field nothing is painted: the screen (a masked field, say) shows through.
    expect((await markPixels(image.data, [40, 362, 500, 412])).count).toBe(0);
  });

  it("puts the caption at the bottom, or at the top when the mark is down there", async () => {
    const high = await draw({ gesture: { kind: "tap", x: 540, y: 300 }, caption: "tap" });
    const low = await draw({ gesture: { kind: "tap", x: 540, y: 2350 }, caption: "tap" });
    const dark = async (data: Buffer, y: number) => {
      const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
      return raw[(y * info.width + 400) * info.channels]! < 60;
    };
    expect([await dark(high.data, 1190), await dark(high.data, 10)]).toEqual([true, false]);
    expect([await dark(low.data, 1190), await dark(low.data, 10)]).toEqual([false, true]);
  });

  it("draws only the caption for a step with nothing to point at, and leaves the rest of the screen alone", async () => {
    const image = await draw({ gesture: { kind: "none" }, caption: "press back" });
    expect((await markAway(image.data, "bottom")).count).toBe(0);
    const { data, info } = await sharp(image.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(Math.abs(at(270, 600) - 0xf4)).toBeLessThan(6);
  });

  it("refuses what is not an image, with IMAGE_INVALID", async () => {
    const error = await annotateAction(Buffer.from("not an image"), { gesture: { kind: "none" }, caption: "" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).code).toBe("IMAGE_INVALID");
  });
});
