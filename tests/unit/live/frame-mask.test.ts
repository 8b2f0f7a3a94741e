/**
 * Where a live frame's secrets are found: a phone whose stream paints every frame is taken at its
 * list (no tree read: that would be a command on its serial line after every change) while no run
 * holding it has secrets of its own; its blocks are still checked grey, and a phone found lying is
 * masked by the tree from then on. A run with secrets, a phone that does not paint, or a list that
 * broke the limits gets the tree read and the hub's paint.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ScreenFrame } from "../../../hub/devices/screen-stream.js";
import type { DeviceSession, ScreenRect } from "../../../hub/devices/types.js";
import { FrameMask, type RunSecrets } from "../../../hub/live/frame-mask.js";
import { maskBlocks, paint } from "../../../hub/perception/mask.js";
import { maskedShare } from "../../helpers/pixels.js";

const SCREEN = { w: 1080, h: 2400 };
const [W, H] = [360, 800];
const PASSWORD: ScreenRect = [64, 704, 1016, 844];
const EMAIL: ScreenRect = [64, 524, 1016, 664];
/** The password field at the frame's scale, as pixels.ts measures it. */
const PASSWORD_PX = [21, 234, 339, 282] as const;

/** A phone whose tree shows an e-mail and a password field; it counts its tree reads. */
class FormPhone implements DeviceSession {
  readonly deviceId = "p";
  readonly sessionId = "s";
  readonly connected = true;
  readonly info = {
    dialect: "droidhub",
    screen: { width: SCREEN.w, height: SCREEN.h },
    capabilities: ["stream"],
  } as DeviceSession["info"];
  treeReads = 0;

  async call(): ReturnType<DeviceSession["call"]> {
    this.treeReads++;
    const node = (bounds: ScreenRect, password: boolean, text: string) => ({
      className: "android.widget.EditText",
      text,
      editable: true,
      visible: true,
      password,
      bounds: { left: bounds[0], top: bounds[1], right: bounds[2], bottom: bounds[3] },
    });
    const nodes = [node(EMAIL, false, "ann@example.com"), node(PASSWORD, true, "•••••")];
    return { result: { ok: true, ui: { screen: { width: SCREEN.w, height: SCREEN.h }, nodes } }, ms: 0 };
  }

  onEvent(): () => void {
    return () => undefined;
  }
}

/** A frame of the form in a dark colour, with the password field painted grey when `grey`. */
async function frame(grey: boolean, painted: ScreenRect[] | undefined, extra: Partial<ScreenFrame> = {}) {
  const rgb = Buffer.alloc(W * H * 3, 40);
  if (grey) for (const block of maskBlocks([PASSWORD], SCREEN, W, H)) paint(rgb, W, 3, block);
  const jpeg = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return {
    seq: 1,
    capturedAtMs: 0,
    receivedAtMs: 0,
    jpeg,
    width: W,
    height: H,
    sourceWidth: SCREEN.w,
    sourceHeight: SCREEN.h,
    ...(painted && { painted }),
    ...extra,
  } satisfies ScreenFrame;
}

function mask(phone: FormPhone, paints: boolean, runSecrets?: RunSecrets): FrameMask {
  const m = new FrameMask(phone, { quality: 70, maxTreeAgeMs: 60_000, ...(runSecrets && { runSecrets }) });
  m.phonePaints = paints;
  return m;
}

const noRunSecrets: RunSecrets = { any: () => false, on: () => [] };

describe("a live frame's secrets", () => {
  it("are where a painting phone lists them, with no tree read, while no run has secrets", async () => {
    const phone = new FormPhone();
    const m = mask(phone, true, noRunSecrets);
    const painted = await frame(true, [PASSWORD]);
    expect(await m.apply(painted)).toBe(painted);
    // An empty list: no password field on screen, by the phone's word.
    const none = await frame(false, undefined);
    expect(await m.apply(none)).toBe(none);
    expect(phone.treeReads).toBe(0);
    expect(m).toMatchObject({ phonePainted: 1, masked: 0, paintRefused: 0 });
  });

  it("are read from the tree and painted by the hub once a painting phone's block is not grey", async () => {
    const phone = new FormPhone();
    const m = mask(phone, true);
    const lie = await m.apply(await frame(false, [PASSWORD]));
    expect(lie).toBeDefined();
    expect(await maskedShare(lie!.jpeg, PASSWORD_PX)).toBeGreaterThan(0.95);
    // Believed no more: even a grey frame goes the tree's way now.
    await m.apply(await frame(true, [PASSWORD]));
    expect(m).toMatchObject({ paintRefused: 1, phonePainted: 0 });
    expect(phone.treeReads).toBeGreaterThanOrEqual(1);
    expect(m.masked).toBe(2);
  });

  it("are read from the tree while the run holding the phone has secrets of its own", async () => {
    const phone = new FormPhone();
    const m = mask(phone, true, { any: () => true, on: () => [EMAIL] });
    const out = await m.apply(await frame(true, [PASSWORD]));
    expect(phone.treeReads).toBe(1);
    // The run's secret (the e-mail field here) is painted by the hub.
    expect(await maskedShare(out!.jpeg, [21, 174, 339, 222])).toBeGreaterThan(0.95);
    expect(m.masked).toBe(1);
  });

  it("are read from the tree for a phone that does not paint, or a list that broke the limits", async () => {
    const plain = new FormPhone();
    const out = await mask(plain, false, noRunSecrets).apply(await frame(false, undefined));
    expect(plain.treeReads).toBe(1);
    expect(await maskedShare(out!.jpeg, PASSWORD_PX)).toBeGreaterThan(0.95);

    const broken = new FormPhone();
    const m = mask(broken, true, noRunSecrets);
    const unreadable = await m.apply(await frame(false, undefined, { unreadablePaint: true }));
    expect(broken.treeReads).toBe(1);
    expect(await maskedShare(unreadable!.jpeg, PASSWORD_PX)).toBeGreaterThan(0.95);
  });
});
