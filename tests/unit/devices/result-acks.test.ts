import { describe, expect, it, vi } from "vitest";
import { DroidhubSession, type DroidhubTransport } from "../../../hub/devices/droidhub-session.js";
import { ResultAcks } from "../../../hub/devices/result-acks.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { decodeEnvelope, pb } from "../../../hub/protocol/codec.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { PIXEL_INFO } from "../../helpers/device-info.js";
import { useFakeTimersPerTest } from "../../helpers/fake-timers.js";

const INFO = PIXEL_INFO;

/** A connection that records what the session writes to it. */
class Wire implements DroidhubTransport {
  readonly frames: droidhub.v1.Envelope[] = [];
  send(frame: Uint8Array): void {
    this.frames.push(decodeEnvelope(frame));
  }
  close(): void {}
  requests(): droidhub.v1.Envelope[] {
    return this.frames.filter((f) => f.body !== "resultAck");
  }
  acks(): number[][] {
    return this.frames.filter((f) => f.body === "resultAck").map((f) => (f.resultAck?.ids ?? []).map(Number));
  }
  /** The acknowledgements each request carried (Envelope.acked_result_ids), one list per request. */
  riding(): number[][] {
    return this.requests().map((f) => f.ackedResultIds.map(Number));
  }
}

function session(resultAckMs = 200): DroidhubSession {
  let id = 100;
  return new DroidhubSession({
    deviceId: "p1",
    sessionId: "s1",
    info: INFO,
    maxInFlight: 16,
    defaultTimeoutMs: 60_000,
    resumeGraceMs: 10_000,
    resumeToken: "rt",
    nextId: () => ++id,
    resultAckMs,
  });
}

function connect(phone: DroidhubSession, wire: Wire): void {
  phone.attach(wire);
  phone.flush();
}

/** Answers the command on the wire ok, as the phone would. */
function answer(phone: DroidhubSession, wire: Wire): number {
  const id = Number(wire.requests().at(-1)!.id);
  phone.handleEnvelope(pb.Envelope.create({ replyTo: id, result: { ok: true } }));
  return id;
}

useFakeTimersPerTest();

describe("DroidhubSession result acknowledgements", () => {
  it("acknowledges each result on the next command that goes out, the last in one batch per window", async () => {
    const phone = session(200);
    const wire = new Wire();
    connect(phone, wire);
    const calls = Array.from({ length: 5 }, (_, n) => phone.call({ tap: { x: n, y: 1 } }));
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push(answer(phone, wire));
    await Promise.all(calls);
    // Command n+1 carries the result of command n: no ResultAck frame while commands flow.
    expect(wire.riding()).toEqual([[], [ids[0]], [ids[1]], [ids[2]], [ids[3]]]);
    expect(wire.acks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(199);
    expect(wire.acks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(wire.acks()).toEqual([[ids[4]]]);
    const ack = wire.frames.find((f) => f.body === "resultAck")!;
    expect(Number(ack.id)).toBe(0); // an old portal drops an id-0 frame it cannot read
    await vi.advanceTimersByTimeAsync(5_000);
    expect(wire.acks()).toHaveLength(1);
  });

  it("never acknowledges the command on the wire before its result, and keeps acks through a drop", async () => {
    const phone = session(50);
    const first = new Wire();
    connect(phone, first);
    const done = phone.call({ tap: { x: 1, y: 1 } });
    const answered = answer(phone, first);
    await done;
    phone.detach(first);
    await vi.advanceTimersByTimeAsync(100);
    expect(first.acks()).toEqual([]); // the timer found no connection: kept for the next one
    expect(phone.unacknowledged).toEqual([answered]);

    // A command waits for the phone; on the next connection it carries the kept acknowledgement.
    const pending = phone.call({ pressKey: { key: pb.Key.KEY_BACK } });
    const second = new Wire();
    connect(phone, second);
    const onWire = Number(second.requests()[0]!.id);
    expect(second.riding()).toEqual([[answered]]);
    phone.detach(second);

    // The phone resumes with both results cached; only the one the hub already has may go, and the
    // resent command carries it again (an id may be acknowledged twice), never its own id.
    const third = new Wire();
    phone.attach(third);
    phone.acknowledgeCached([answered, onWire]);
    phone.flush();
    expect(Number(third.requests()[0]!.id)).toBe(onWire);
    expect(third.riding()).toEqual([[answered]]);
    await vi.advanceTimersByTimeAsync(50);
    expect(third.acks()).toEqual([]);

    phone.handleEnvelope(pb.Envelope.create({ replyTo: onWire, result: { ok: true } }));
    await pending;
    await vi.advanceTimersByTimeAsync(50);
    expect(third.acks()).toEqual([[onWire]]);
  });

  it("acknowledges the late answer of a command whose caller gave up", async () => {
    const phone = session(10);
    const wire = new Wire();
    connect(phone, wire);
    const gaveUp = phone.call({ tap: { x: 1, y: 1 } }, { timeoutMs: 100 }).catch((error: HubError) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(((await gaveUp) as HubError).code).toBe("TIMEOUT");
    const late = answer(phone, wire);
    await vi.advanceTimersByTimeAsync(10);
    expect(wire.acks()).toEqual([[late]]);
  });

  it("sends nothing once the session ended", async () => {
    const phone = session(10);
    const wire = new Wire();
    connect(phone, wire);
    const done = phone.call({ tap: { x: 1, y: 1 } });
    answer(phone, wire);
    await done;
    phone.end(new HubError("SHUTTING_DOWN"));
    await vi.advanceTimersByTimeAsync(100);
    expect(wire.acks()).toEqual([]);
  });
});

describe("ResultAcks", () => {
  it("flushes at once when a batch is full and keeps at most maxPending ids while it cannot send", () => {
    const sent: number[][] = [];
    let online = true;
    const acks = new ResultAcks({
      delayMs: 1_000,
      maxBatch: 3,
      maxPending: 4,
      send: (ids) => {
        if (online) sent.push(ids);
        return online;
      },
    });
    acks.add(1);
    acks.add(2);
    expect(sent).toEqual([]);
    acks.add(3);
    expect(sent).toEqual([[1, 2, 3]]);
    online = false;
    for (const id of [4, 5, 6, 7, 8, 9]) acks.add(id);
    expect(acks.pending).toEqual([6, 7, 8, 9]);
    online = true;
    acks.flush();
    expect(sent).toEqual([
      [1, 2, 3],
      [6, 7, 8, 9],
    ]);
    expect(acks.pending).toEqual([]);
  });
});
