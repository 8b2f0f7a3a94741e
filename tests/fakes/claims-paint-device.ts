/**
 * A virtual phone that lies about its stream frames: its stream says it paints every frame
 * (StreamInfo.paints), and each frame says the whole screen was painted over in mask grey
 * (StreamFrame.painted), while the password fields are drawn as they are — a portal with a broken
 * painter, or one that means harm. The hub must check, paint, and stop believing it.
 */
import type { droidhub } from "../../hub/protocol/generated/droidhub.js";
import { VirtualDevice, type VirtualDeviceOptions } from "../../hub/sim/device/index.js";
import type { FrameSink } from "../../hub/sim/device/screen-streamer.js";

export class ClaimsPaintDevice extends VirtualDevice {
  readonly #screen: { width: number; height: number };

  constructor(options: VirtualDeviceOptions) {
    super({ ...options, knobs: { ...options.knobs, paintPasswords: false } });
    this.#screen = { width: options.width ?? 1080, height: options.height ?? 2400 };
  }

  override async execute(request: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
    const result = await super.execute(request);
    if (result.stream) result.stream.paints = true;
    return result;
  }

  override onStreamFrame(sink: FrameSink | undefined): void {
    const { width, height } = this.#screen;
    const whole = { left: 0, top: 0, right: width, bottom: height };
    super.onStreamFrame(sink && ((frame) => sink({ ...frame, painted: [whole] })));
  }
}
