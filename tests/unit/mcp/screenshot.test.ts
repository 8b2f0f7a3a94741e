/** The screenshot an MCP client gets: a JPEG under 1 MB, the phone's own bytes when they already fit. */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitScreenshot, MAX_SCREENSHOT_BYTES } from "../../../hub/mcp/screenshot.js";

const SCREEN = { width: 1080, height: 2400, densityDpi: 420, rotation: 0 };

/** Noise compresses badly: a full-resolution JPEG of it is several megabytes. */
async function noise(format: "jpeg" | "png"): Promise<Buffer> {
  const raw = sharp(randomBytes(1080 * 2400 * 3), { raw: { width: 1080, height: 2400, channels: 3 } });
  return format === "jpeg" ? raw.jpeg({ quality: 100 }).toBuffer() : raw.png().toBuffer();
}

describe("fitScreenshot", () => {
  it("shrinks a screenshot over 1 MB until the JPEG fits, keeping device coordinates", async () => {
    const image = await noise("png");
    expect(image.length).toBeGreaterThan(MAX_SCREENSHOT_BYTES);
    const fitted = await fitScreenshot(image, [], SCREEN);
    expect(fitted.data.length).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
    const meta = await sharp(fitted.data).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([fitted.width, fitted.height]);
    expect(fitted.width).toBeLessThan(1080);
    expect([fitted.deviceWidth, fitted.deviceHeight]).toEqual([1080, 2400]);
  });

  it("hands the phone's own JPEG through untouched when it fits and nothing is drawn", async () => {
    const image = await sharp({ create: { width: 1080, height: 2400, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const fitted = await fitScreenshot(image, [], SCREEN);
    expect(fitted.data).toBe(image);
    expect([fitted.width, fitted.height]).toEqual([1080, 2400]);
  });
});
