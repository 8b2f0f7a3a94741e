import { describe, expect, it, vi } from "vitest";
import type { QueuedCommand } from "../../../hub/devices/command-queue.js";
import { QueuedSession, type QueuedSessionOptions } from "../../../hub/devices/queued-session.js";
import type { CallOptions, CallOutcome, DeviceRequest, DeviceSession } from "../../../hub/devices/types.js";
import { requestKind } from "../../../hub/devices/types.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { PIXEL_INFO } from "../../helpers/device-info.js";
import { useFakeTimersPerTest } from "../../helpers/fake-timers.js";

const INFO = PIXEL_INFO;

/** The smallest dialect: commands start only while connected and are ended by the test. */
class RecordingSession extends QueuedSession<string, string> {
  readonly started: QueuedCommand<string>[] = [];

  override call(request: DeviceRequest, options: CallOptions = {}): Promise<CallOutcome> {
    return this.queue.push(requestKind(request), options, () => requestKind(request));
  }

  protected override startCommand(command: QueuedCommand<string>): void {
    this.started.push(command);
  }

  protected override canStart(): boolean {
    return this.connected;
  }

  answer(command: QueuedCommand<string>, outcome: CallOutcome): void {
    this.queue.resolve(command, outcome);
  }

  report(event: droidhub.v1.IDeviceEvent): void {
    this.emit(event);
  }
}

function session(ends: [DeviceSession, HubError][] = []): RecordingSession {
  const options: QueuedSessionOptions = {
    deviceId: "p1",
    sessionId: "s1",
    info: INFO,
    maxInFlight: 4,
    defaultTimeoutMs: 60_000,
    resumeGraceMs: 1_000,
    onEnd: (ended, reason) => ends.push([ended, reason]),
  };
  return new RecordingSession(options);
}

useFakeTimersPerTest();

describe("QueuedSession", () => {
  it("keeps its commands through a drop that ends inside the grace window", async () => {
    const ends: [DeviceSession, HubError][] = [];
    const phone = session(ends);
    phone.attach("socket-1");
    const tap = phone.call({ tap: { x: 1, y: 2 } });
    phone.call({ getUi: {} });
    expect(phone.detach("socket-1")).toBe(true);
    expect(phone.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(phone.attach("socket-2")).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(ends).toEqual([]);
    expect(phone.ended).toBe(false);
    expect(phone.pendingCount).toBe(2);
    expect(phone.started.map((command) => command.kind)).toEqual(["tap"]);
    phone.answer(phone.started[0]!, { result: { ok: true }, ms: 1 });
    expect(phone.started.map((command) => command.kind)).toEqual(["tap", "getUi"]);
    await expect(tap).resolves.toEqual({ result: { ok: true }, ms: 1 });
  });

  it("ends with DEVICE_OFFLINE when the grace window passes, failing every waiting caller once", async () => {
    const ends: [DeviceSession, HubError][] = [];
    const phone = session(ends);
    const waiting = phone.call({ getUi: {} }).catch((error: HubError) => error);
    phone.attach("socket-1");
    phone.detach("socket-1");
    await vi.advanceTimersByTimeAsync(1_000);

    expect(phone.ended).toBe(true);
    expect(ends).toHaveLength(1);
    expect(ends[0]![0]).toBe(phone);
    expect(ends[0]![1].code).toBe("DEVICE_OFFLINE");
    const error = (await waiting) as HubError;
    expect(error.code).toBe("DEVICE_OFFLINE");
    expect(error.details).toEqual({ deviceId: "p1" });
    expect(phone.end(ends[0]![1])).toBe(false);
    expect(ends).toHaveLength(1);
    expect(() => phone.attach("socket-2")).toThrowError(/ended session/);
  });

  it("ignores the close of a connection that a newer one already replaced", async () => {
    const ends: [DeviceSession, HubError][] = [];
    const phone = session(ends);
    phone.attach("socket-1");
    expect(phone.attach("socket-2")).toBe("socket-1");
    expect(phone.detach("socket-1")).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(phone.connected).toBe(true);
    expect(ends).toEqual([]);
  });

  it("starts no command while disconnected and passes no events once ended", () => {
    const phone = session();
    const seen: droidhub.v1.IDeviceEvent[] = [];
    phone.onEvent((event) => seen.push(event));
    phone.call({ getUi: {} }).catch(() => undefined);
    expect(phone.started).toHaveLength(0);
    phone.report({ screen: { on: true } });
    phone.end(new HubError("SHUTTING_DOWN"));
    phone.report({ screen: { on: false } });
    expect(seen).toEqual([{ screen: { on: true } }]);
  });
});
