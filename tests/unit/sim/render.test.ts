import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pb } from "../../../hub/protocol/codec.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { escapeXml, treeToSvg } from "../../../hub/sim/render/index.js";
import { run, ui } from "./helpers.js";

const F = pb.ImageFormat;

describe("screenshots", () => {
  it.each([
    [F.IMAGE_FORMAT_UNSPECIFIED, "jpeg", 0, 1080, 2400],
    [F.IMAGE_FORMAT_JPEG, "jpeg", 800, 360, 800],
    [F.IMAGE_FORMAT_WEBP, "webp", 1200, 540, 1200],
    [F.IMAGE_FORMAT_PNG, "png", 4000, 1080, 2400],
  ])("format %i decodes as %s with maxSide %i", async (format, expected, maxSide, width, height) => {
    const device = new VirtualDevice({ deviceId: `shot-${format}`, app: "login" });
    const result = await run(device, { screenshot: { format, quality: 70, maxSide } });
    expect(result.ok).toBe(true);
    const image = result.image!;
    const meta = await sharp(image.data!).metadata();
    expect(meta.format).toBe(expected);
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(image).toMatchObject({ width, height, sourceWidth: 1080, sourceHeight: 2400 });
    expect(image.format).toBe(format === F.IMAGE_FORMAT_UNSPECIFIED ? F.IMAGE_FORMAT_JPEG : format);
  });

  it("renders the phone: light app surface, coloured status bar and app bar", async () => {
    const device = new VirtualDevice({ deviceId: "pixels", app: "login" });
    const result = await run(device, { screenshot: { format: F.IMAGE_FORMAT_PNG } });
    const { data, info } = await sharp(result.image!.data!).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number): number[] => {
      const o = (y * info.width + x) * info.channels;
      return [data[o]!, data[o + 1]!, data[o + 2]!];
    };
    expect(Math.min(...pixel(540, 2000))).toBeGreaterThan(240); // white surface
    expect(pixel(1000, 180)).not.toEqual(pixel(540, 2000)); // app bar is coloured
    expect(Math.max(...pixel(300, 5))).toBeLessThan(200); // status bar is dark
  });

  it("leaves out the wallpaper under a full-screen app, with the same pixels, and draws it on the launcher", async () => {
    const app = await ui(new VirtualDevice({ deviceId: "wall-app", app: "login" }));
    const svg = treeToSvg(app);
    expect(svg).not.toContain("url(#wall)");
    // Drawn under the app as before: not one pixel differs.
    const withWall = svg.replace(
      /^(<svg[^>]*>)/,
      '$1<defs><linearGradient id="wall" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#1f3c88"/><stop offset="1" stop-color="#e07a5f"/></linearGradient></defs><rect width="1080" height="2400" fill="url(#wall)"/>',
    );
    const pixels = (doc: string) => sharp(Buffer.from(doc)).flatten({ background: "#ffffff" }).raw().toBuffer();
    expect((await pixels(svg)).equals(await pixels(withWall))).toBe(true);
    expect(treeToSvg(await ui(new VirtualDevice({ deviceId: "wall-home", app: "launcher" })))).toContain("url(#wall)");
  });

  it("shares one cached image between devices on the same screen", async () => {
    const a = new VirtualDevice({ deviceId: "cache-a", app: "settings" });
    const b = new VirtualDevice({ deviceId: "cache-b", app: "settings" });
    const [ra, rb] = await Promise.all([
      run(a, { screenshot: { format: F.IMAGE_FORMAT_JPEG, maxSide: 640 } }),
      run(b, { screenshot: { format: F.IMAGE_FORMAT_JPEG, maxSide: 640 } }),
    ]);
    expect(ra.image!.data).toBe(rb.image!.data);
    await run(b, { scroll: { direction: pb.Direction.DIRECTION_DOWN } });
    const rc = await run(b, { screenshot: { format: F.IMAGE_FORMAT_JPEG, maxSide: 640 } });
    expect(rc.image!.data).not.toBe(ra.image!.data);
  });

  it("escapes XML in typed text so any input renders", async () => {
    expect(escapeXml(`<a href="x">&'\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    const device = new VirtualDevice({ deviceId: "xml", app: "login" });
    await run(device, { launchApp: { packageName: "com.droidhub.login" } });
    const tree = await ui(device);
    const email = tree.nodes!.findIndex((n) => (n.resourceId ?? "").endsWith(":id/email"));
    await run(device, { inputText: { text: `</text><script>&"'\u0007`, hasNode: true, nodeIndex: email } });
    const svg = treeToSvg(await ui(device));
    expect(svg).not.toContain("<script>");
    const result = await run(device, { screenshot: { format: F.IMAGE_FORMAT_PNG, maxSide: 400 } });
    expect(result.ok).toBe(true);
    expect((await sharp(result.image!.data!).metadata()).width).toBe(180);
  });
});
