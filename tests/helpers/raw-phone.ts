/**
 * A hand-driven phone for protocol tests: it sends exactly what the test says and records every
 * envelope and the close code it gets.
 */
import { ClientSocket } from "../../hub/gateway/client-socket.js";
import { decodeEnvelope, encodeEnvelope, isRequestBody, pb } from "../../hub/protocol/codec.js";
import type { droidhub } from "../../hub/protocol/generated/droidhub.js";
import { FLEET_KEY, until } from "./hub.js";

export class RawPhone {
  readonly received: droidhub.v1.Envelope[] = [];
  closed: { code: number; reason: string } | undefined;
  refused: number | undefined;
  readonly socket: ClientSocket;

  constructor(wsUrl: string, deviceId: string, key: string = FLEET_KEY) {
    this.socket = new ClientSocket(
      `${wsUrl}/v1/devices/connect`,
      {
        onMessage: (data) => this.received.push(decodeEnvelope(data)),
        onClose: (code, reason) => {
          this.closed = { code, reason };
        },
        onRefused: (status) => {
          this.refused = status;
        },
        onError: () => {},
      },
      { headers: { authorization: `Bearer ${key}`, "x-device-id": deviceId } },
    );
    this.deviceId = deviceId;
  }

  readonly deviceId: string;

  async opened(): Promise<void> {
    await until(() => this.socket.open || this.refused !== undefined, 3000, "socket open");
  }

  /** Opens, says Hello and waits for Welcome. */
  async join(hello: droidhub.v1.IHello = {}): Promise<droidhub.v1.IWelcome> {
    await this.opened();
    this.send({
      id: 1,
      hello: {
        deviceId: this.deviceId,
        protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1,
        model: "Raw",
        screen: { width: 1080, height: 2400, densityDpi: 420 },
        ...hello,
      },
    });
    await until(() => this.received.some((e) => e.body === "welcome"), 3000, "welcome");
    return this.received.find((e) => e.body === "welcome")!.welcome!;
  }

  send(envelope: droidhub.v1.IEnvelope): void {
    this.socket.send(encodeEnvelope(envelope));
  }

  sendBytes(bytes: Uint8Array): void {
    this.socket.send(bytes);
  }

  /** What the hub asked for (Welcome and ResultAck frames left out). */
  requests(): droidhub.v1.Envelope[] {
    return this.received.filter((e) => isRequestBody(e.body));
  }

  /** Ids the hub acknowledged, in order: in ResultAck frames or riding on other frames. */
  acknowledged(): number[] {
    return this.received.flatMap((e) => [
      ...e.ackedResultIds.map(Number),
      ...(e.body === "resultAck" ? (e.resultAck?.ids ?? []).map(Number) : []),
    ]);
  }

  reply(id: number | Long, result: droidhub.v1.IResult): void {
    this.send({ id: 0, replyTo: Number(id), result });
  }

  async waitClosed(timeoutMs = 3000): Promise<{ code: number; reason: string }> {
    await until(() => this.closed !== undefined, timeoutMs, "close");
    return this.closed!;
  }
}

type Long = { toNumber(): number };
