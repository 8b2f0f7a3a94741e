/**
 * What a phone says it painted reaches hub/live as screen rects, within limits: an empty list is
 * none, and a list that is too long or holds an inverted box is not believed at all (the hub then
 * paints everything itself), never half-taken.
 */
import { describe, expect, it } from "vitest";
import { ProtoStreams, type StreamLink } from "../../../hub/devices/proto-streams.js";
import type { ScreenFrame, ScreenStream } from "../../../hub/devices/screen-stream.js";
import { pb } from "../../../hub/protocol/codec.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";

async function openStream(
  paints = false,
): Promise<{ streams: ProtoStreams; frames: ScreenFrame[]; stream: ScreenStream }> {
  const link: StreamLink = {
    deviceId: "p1",
    capabilities: ["stream"],
    call: async () => ({
      result: {
        ok: true,
        stream: {
          streamId: 1,
          source: pb.StreamSource.STREAM_SOURCE_RENDERED,
          maxFps: 10,
          width: 720,
          height: 1600,
          paints,
        },
      },
      ms: 1,
    }),
    sendFrame: () => true,
    warn: () => {},
  };
  const streams = new ProtoStreams(link);
  const frames: ScreenFrame[] = [];
  const stream = await streams.open({ maxFps: 10, maxWidth: 720, quality: 70 }, 10, {
    frame: (f) => frames.push(f),
    stopped: () => {},
  });
  return { streams, frames, stream };
}

const image = { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, data: new Uint8Array([1, 2, 3]), width: 720, height: 1600 };
const send = (streams: ProtoStreams, painted: droidhub.v1.IBounds[] | undefined, seq: number) =>
  streams.frame({ streamId: 1, seq, capturedAtMs: 1, image, ...(painted && { painted }) });

describe("a stream frame's painted places", () => {
  it("become screen rects; none, an empty list, too many or an inverted box give none", async () => {
    const { streams, frames } = await openStream();
    send(
      streams,
      [
        { left: 64, top: 704, right: 1016, bottom: 844 },
        { left: 0, top: 0, right: 10, bottom: 10 },
      ],
      1,
    );
    send(streams, undefined, 2);
    send(streams, [], 3);
    send(
      streams,
      Array.from({ length: 33 }, () => ({ left: 0, top: 0, right: 10, bottom: 10 })),
      4,
    );
    send(
      streams,
      [
        { left: 64, top: 704, right: 1016, bottom: 844 },
        { left: 50, top: 10, right: 40, bottom: 20 },
      ],
      5,
    );
    send(streams, [{ top: 704, right: 1016, bottom: 844 }], 6); // left 0: a box from the edge
    expect(frames.map((f) => f.painted)).toEqual([
      [
        [64, 704, 1016, 844],
        [0, 0, 10, 10],
      ],
      undefined,
      undefined,
      undefined,
      undefined,
      [[0, 704, 1016, 844]],
    ]);
    // A list that broke the limits says so: on a stream that paints it must not read as "no field".
    expect(frames.map((f) => f.unreadablePaint === true)).toEqual([false, false, false, true, true, false]);
  });

  it("say whether the phone paints every frame (StreamInfo.paints)", async () => {
    expect((await openStream(true)).stream.description.paints).toBe(true);
    expect((await openStream(false)).stream.description.paints).toBe(false);
  });
});
