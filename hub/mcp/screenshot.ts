/**
 * A screenshot an MCP client can take in: JPEG under 1 MB (clients and models refuse bigger images),
 * optionally with the element marks perception draws for the agent. The phone's own pixels are kept
 * when they fit; otherwise the image shrinks step by step (scale first, then quality).
 */
import type { ScreenInfo } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";
import { annotateScreenshot, metadataOf } from "../perception/annotate.js";
import type { UiElement } from "../perception/index.js";

export const MAX_SCREENSHOT_BYTES = 1024 * 1024;

/** (scale, quality) tried in order until the JPEG fits. */
const STEPS: readonly [number, number][] = [
  [1, 80],
  [0.75, 75],
  [0.5, 70],
  [0.35, 60],
  [0.25, 50],
];

export interface FittedScreenshot {
  data: Buffer;
  width: number;
  height: number;
  deviceWidth: number;
  deviceHeight: number;
}

export async function fitScreenshot(
  image: Buffer,
  elements: readonly UiElement[],
  screen: ScreenInfo | undefined,
  maxBytes = MAX_SCREENSHOT_BYTES,
): Promise<FittedScreenshot> {
  const device = screen && screen.width > 0 ? { w: screen.width, h: screen.height } : undefined;
  // Nothing to draw and the phone's JPEG already fits: decoding and re-encoding it would only cost
  // time (ten times the plain API's round trip) and quality.
  if (elements.length === 0 && isJpeg(image) && image.length <= maxBytes) {
    const { width, height } = await metadataOf(image);
    return { data: image, width, height, deviceWidth: device?.w ?? width, deviceHeight: device?.h ?? height };
  }
  for (const [scale, quality] of STEPS) {
    const out = await annotateScreenshot(image, elements, {
      scale,
      quality,
      format: "jpeg",
      grid: false,
      ...(device ? { device } : {}),
    });
    if (out.data.length <= maxBytes) {
      return {
        data: out.data,
        width: out.width,
        height: out.height,
        deviceWidth: out.mapping.deviceW,
        deviceHeight: out.mapping.deviceH,
      };
    }
  }
  throw new HubError("IMAGE_INVALID", `the screenshot does not fit in ${maxBytes} bytes even scaled down`);
}

function isJpeg(image: Buffer): boolean {
  return image.length > 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;
}
