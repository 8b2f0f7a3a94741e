/** A virtual phone whose answers wait while `hold` is pending: a run held mid-command by the test. */
import type { droidhub } from "../../hub/protocol/generated/droidhub.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { type SimDevice, SimPhone } from "../../hub/sim/sim-phone.js";
import { FLEET_KEY, type TestHub, until } from "./hub.js";

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

/** A phone joined to `hub` whose device holds its answers, and one script task it is executing. */
export async function heldTask(
  hub: TestHub,
  deviceId: string,
): Promise<{ device: HoldingDevice; held: ReturnType<typeof gate>; phone: SimPhone; taskId: string }> {
  const device = new HoldingDevice(deviceId);
  const held = gate();
  device.hold = held.promise;
  const phone = new SimPhone(device, { url: `${hub.wsUrl}/v1/devices/connect`, fleetKey: FLEET_KEY });
  await phone.start();
  const { registry } = hub.app.hub;
  await until(() => registry.get(deviceId)?.session?.connected === true, 10_000, "the phone joined");
  const submitted = await hub.api("POST", "/api/tasks/batch", {
    tasks: [{ goal: "fenced", mode: "script", pictures: false, actions: [{ action: "key", key: "home" }] }],
  });
  if (submitted.status !== 201)
    throw new Error(`the task was refused: ${submitted.status} ${submitted.raw.toString()}`);
  await until(() => device.received > 0, 10_000, "the phone executing the task");
  return { device, held, phone, taskId: submitted.json.ids[0] as string };
}
