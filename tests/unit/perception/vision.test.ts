import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import {
  compact,
  parseSnapshot,
  renderElements,
  ScriptedVisionDetector,
  visionElements,
  withVisionFallback,
} from "../../../hub/perception/index.js";
import { fixture } from "./helpers.js";

const png = await sharp({ create: { width: 24, height: 12, channels: 3, background: "#000" } })
  .png()
  .toBuffer();
const game = compact(parseSnapshot(fixture("game.xml")));

describe("vision fallback", () => {
  it("asks the detector on a canvas screen and returns virtual elements in the element format", async () => {
    const detector = new ScriptedVisionDetector([
      [
        { label: "Play", tag: "Button", bounds: [1000, 800, 1400, 950], confidence: 0.9 },
        { label: "Settings", bounds: [2300, 20, 2380, 100] },
        { label: "noise", bounds: [0, 0, 10, 10], confidence: 0.1 },
      ],
    ]);
    const list = await withVisionFallback(game, png, detector, { minConfidence: 0.5 });
    expect(detector.calls).toHaveLength(1);
    expect(detector.calls[0]!.screen).toEqual({ w: 2400, h: 1080 });
    expect(detector.calls[0]!.reasons).toEqual(["empty tree", "canvas-like screen"]);
    expect(list.map((e) => [e.id, e.tag, e.label, e.cx, e.cy, e.virtual])).toEqual([
      [1, "Item", "Settings", 2340, 60, true],
      [2, "Button", "Play", 1200, 875, true],
    ]);
    expect(renderElements(list, "text").text).toContain('2 Button "Play" (1200,875) click vision');
  });

  it("does not call the detector when the tree is good", async () => {
    const detector = new ScriptedVisionDetector([]);
    const login = compact(parseSnapshot(fixture("login.xml")));
    expect(await withVisionFallback(login, png, detector)).toBe(login.elements);
    expect(detector.calls).toHaveLength(0);
  });

  it("clamps boxes to the screen and drops empty or non-finite ones", () => {
    const out = visionElements(
      [
        { label: "edge", bounds: [2300, 1000, 2600, 1200] },
        { label: "outside", bounds: [3000, 0, 3100, 10] },
        { label: "nan", bounds: [Number.NaN, 0, 10, 10] },
      ],
      { w: 2400, h: 1080 },
      5,
    );
    expect(out.map((e) => [e.id, e.label, e.bounds])).toEqual([[5, "edge", [2300, 1000, 2400, 1080]]]);
  });

  it("wraps detector failures in a HubError and passes HubErrors through", async () => {
    const failing = new ScriptedVisionDetector([new Error("model timed out")]);
    await expect(withVisionFallback(game, png, failing)).rejects.toMatchObject({
      code: "INTERNAL",
      message: "vision detector failed: model timed out",
    });
    const empty = new ScriptedVisionDetector([]);
    const err = await withVisionFallback(game, png, empty).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HubError);
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      withVisionFallback(game, png, new ScriptedVisionDetector([[]]), { signal: aborted.signal }),
    ).rejects.toMatchObject({ code: "ABORTED" });
  });
});
