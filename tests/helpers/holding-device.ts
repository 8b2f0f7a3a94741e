/** A virtual phone whose answers wait while `hold` is pending: a run held mid-command by the test. */
import type { droidhub } from "../../hub/protocol/generated/droidhub.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import type { SimDevice } from "../../hub/sim/sim-phone.js";

export class HoldingDevice implements SimDevice {
  readonly #inner: VirtualDevice;
  hold: Promise<void> | undefined;
  received = 0;

  constructor(deviceId: string) {
    this.#inner = new VirtualDevice({ deviceId, app: "launcher", record: false });
  }

  get deviceId(): string {
    return this.#inner.deviceId;
  }

  hello(): droidhub.v1.IHello {
    return this.#inner.hello();
  }

  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void {
    return this.#inner.onEvent(listener);
  }

  async execute(request: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
    this.received++;
    await this.hold;
    return this.#inner.execute(request);
  }
}

/** A gate the test opens. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
