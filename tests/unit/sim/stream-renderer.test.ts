import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pb } from "../../../hub/protocol/codec.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { changedBands, StreamRenderer } from "../../../hub/sim/render/stream-renderer.js";
import { inScaled, maskedShare } from "../../helpers/pixels.js";
import { indexOf, run, ui } from "./helpers.js";

/** Mean and largest absolute difference per channel between two JPEGs of the same size. */
async function difference(a: Uint8Array, b: Uint8Array): Promise<{ mean: number; max: number }> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(Buffer.from(img)).raw().toBuffer()));
  let sum = 0;
  let max = 0;
  for (let i = 0; i < x!.length; i++) {
    const d = Math.abs(x![i]! - y![i]!);
    sum += d;
    if (d > max) max = d;
  }
  return { mean: sum / x!.length, max };
}

async function frame(renderer: StreamRenderer, tree: droidhub.v1.IUiTree): Promise<Uint8Array> {
  const { image } = await renderer.render(tree, 720, 1600, 70);
  expect(image).toMatchObject({ format: pb.ImageFormat.IMAGE_FORMAT_JPEG, width: 720, height: 1600 });
  return image.data!;
}

describe("stream renderer", () => {
  it("draws a screen where only a field's text changed as a band, with the pixels of a whole render", async () => {
    const device = new VirtualDevice({ deviceId: "bands", app: "login" });
    const first = await ui(device);
    const email = indexOf(first, "email");
    const streamed = new StreamRenderer();
    await frame(streamed, first);
    for (const text of ["a", "alice@", "alice@example.com"]) {
      await run(device, { inputText: { text, nodeIndex: email, hasNode: true, clearFirst: true } });
      const tree = await ui(device);
      const band = await frame(streamed, tree);
      const whole = await frame(new StreamRenderer(), tree);
      const diff = await difference(band, whole);
      // The same pixels up to JPEG's own noise (the two buffers are encoded alike, so nearly none).
      expect(diff.mean).toBeLessThan(0.5);
      expect(diff.max).toBeLessThan(48);
    }
    // The first frame and the first letter (the field takes focus, the keyboard opens) are whole renders.
    expect(streamed.stats).toEqual({ full: 2, partial: 2 });
  });

  it("shows the change: the band frame differs from the frame before it inside the field", async () => {
    const device = new VirtualDevice({ deviceId: "visible", app: "login" });
    const before = await ui(device);
    const email = indexOf(before, "email");
    const renderer = new StreamRenderer();
    const a = await frame(renderer, before);
    await run(device, { inputText: { text: "WWWWWWWW", nodeIndex: email, hasNode: true } });
    const b = await frame(renderer, await ui(device));
    expect((await difference(a, b)).max).toBeGreaterThan(100);
  });

  it("renders the whole screen again when the layout changes (another screen, a dialog, the keyboard)", async () => {
    const device = new VirtualDevice({ deviceId: "layout", app: "login" });
    const login = await ui(device);
    await run(device, { tap: { x: 300, y: (login.nodes![indexOf(login, "forgot_password")]!.bounds!.top ?? 0) + 20 } });
    const forgot = await ui(device);
    expect(changedBands(login, forgot)).toBeUndefined();
    const renderer = new StreamRenderer();
    await frame(renderer, login);
    await frame(renderer, forgot);
    expect(renderer.stats).toEqual({ full: 2, partial: 0 });
    expect(changedBands(forgot, forgot)).toEqual([]);
  });

  it("paints the password field grey and lists its bounds; a renderer told not to paint leaves it as drawn", async () => {
    const device = new VirtualDevice({ deviceId: "paint", app: "login" });
    const password = indexOf(await ui(device), "password");
    await run(device, { inputText: { text: "correct-horse", nodeIndex: password, hasNode: true } });
    const tree = await ui(device);
    const b = tree.nodes![password]!.bounds!;
    const box = [b.left!, b.top!, b.right!, b.bottom!] as const;
    const painted = await new StreamRenderer().render(tree, 720, 1600, 70);
    expect(painted.painted).toEqual([{ left: b.left, top: b.top, right: b.right, bottom: b.bottom }]);
    const jpeg = Buffer.from(painted.image.data!);
    expect(await maskedShare(jpeg, await inScaled(jpeg, box, 1080))).toBeGreaterThan(0.95);
    // Nothing else: the e-mail field above it is as drawn.
    const email = tree.nodes![indexOf(tree, "email")]!.bounds!;
    expect(
      await maskedShare(jpeg, await inScaled(jpeg, [email.left!, email.top!, email.right!, email.bottom!], 1080)),
    ).toBeLessThan(0.05);

    const plain = await new StreamRenderer(undefined, { paintPasswords: false }).render(tree, 720, 1600, 70);
    expect(plain.painted).toEqual([]);
    const clear = Buffer.from(plain.image.data!);
    expect(await maskedShare(clear, await inScaled(clear, box, 1080))).toBeLessThan(0.05);
  });
});
