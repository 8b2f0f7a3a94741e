/**
 * A droidhub session encodes each command when it goes out (with the acks that wait then): a
 * request the encoder cannot write fails its own call with a typed error and nothing else.
 */
import { describe, expect, it } from "vitest";
import { DroidhubSession } from "../../../hub/devices/droidhub-session.js";
import type { DeviceRequest } from "../../../hub/devices/types.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { decodeEnvelope, encodeEnvelope } from "../../../hub/protocol/codec.js";
import { PIXEL_INFO } from "../../helpers/device-info.js";

function harness() {
  const frames: Uint8Array[] = [];
  let next = 100;
  const session = new DroidhubSession({
    deviceId: "p1",
    sessionId: "s1",
    info: PIXEL_INFO,
    maxInFlight: 4,
    defaultTimeoutMs: 60_000,
    resumeGraceMs: 1_000,
    resumeToken: "token",
    nextId: () => next++,
  });
  const transport = { send: (frame: Uint8Array) => void frames.push(frame), close: () => {} };
  session.attach(transport);
  session.flush();
  return { session, frames };
}

describe("DroidhubSession", () => {
  it("fails a request that cannot be encoded with INVALID_BODY, and the next command goes out with its acks", async () => {
    const { session, frames } = harness();
    const first = session.call({ tap: { x: 1, y: 2 } });
    session.handleEnvelope(decodeEnvelope(encodeEnvelope({ replyTo: 100, result: { ok: true } })));
    await first;

    const broken = { inputText: { text: { length: 3 } } } as unknown as DeviceRequest;
    const error = await session.call(broken).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).code).toBe("INVALID_BODY");
    expect(frames).toHaveLength(1);

    const tap = session.call({ tap: { x: 3, y: 4 } });
    expect(frames).toHaveLength(2);
    const sent = decodeEnvelope(frames[1]!);
    expect(sent.tap).toEqual({ x: 3, y: 4 });
    expect(sent.ackedResultIds.map(Number)).toEqual([100]);
    expect(session.unacknowledged).toEqual([]);
    session.handleEnvelope(decodeEnvelope(encodeEnvelope({ replyTo: Number(sent.id), result: { ok: true } })));
    await expect(tap).resolves.toMatchObject({ result: { ok: true } });
  });
});
