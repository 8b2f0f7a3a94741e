/**
 * Target `portal-frame`: Mobilerun JSON-RPC text frames → parseMobilerunFrame (with a size limit) → what the
 * hub does with each: events through fromMobilerunEvent, answers through resultValue and the reader of
 * the method they answer (fromMobilerunState → parseSnapshot → compact for `state`, fromMobilerunPackages,
 * decodeMobilerunPng for `screenshot`). Frames have valid shapes, wrong types, deep nesting, huge
 * numbers, prototype keys, and are sometimes cut or edited.
 */
import fc from "fast-check";
import { parseMobilerunFrame, resultValue } from "../../hub/devices/mobilerun-frames.js";
import { decodeMobilerunPng, pngSize } from "../../hub/devices/mobilerun-image.js";
import { fromMobilerunEvent, fromMobilerunPackages, fromMobilerunState } from "../../hub/devices/mobilerun-tree.js";
import { compact, parseSnapshot, renderElements } from "../../hub/perception/index.js";
import {
  arr,
  deepNesting,
  edited,
  type Json,
  jsonValue,
  keyFrom,
  numberText,
  obj,
  oddString,
  protoKey,
  raw,
  str,
  toText,
} from "./json-text.js";
import { mobilerunDump, mobilerunState } from "./mobilerun-json.js";
import { clip, type SyncTarget } from "./target.js";

/** Well below the hub's default (16 MiB), so oversized frames are cheap to make. */
export const FUZZ_MAX_FRAME_CHARS = 2 * 1024 * 1024;

/** Methods whose answers the hub reads (the rest it only acknowledges). */
export const ANSWERED_METHODS = ["state", "packages", "version", "screenshot", "tap"] as const;
export type AnsweredMethod = (typeof ANSWERED_METHODS)[number];

const FRAME_KEYS = ["id", "method", "params", "status", "result", "error"];
const EVENT_TYPES = [
  "APP_ENTERED",
  "BATTERY_LEVEL_CHANGED",
  "BATTERY_LOW",
  "POWER_CONNECTED",
  "POWER_DISCONNECTED",
  "NETWORK_CONNECTED",
  "NETWORK_TYPE_CHANGED",
  "USER_PRESENT",
  "SMS_RECEIVED",
];

const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/** Screenshot answers: base64 PNGs (real header, random rest), data: URLs, and base64 of anything. */
const screenshotAnswer: fc.Arbitrary<Json> = fc
  .tuple(fc.uint8Array({ maxLength: 48 }), fc.constantFrom("png", "data-url", "garbage", "short"))
  .map(([bytes, shape]) => {
    const png = Buffer.concat([PNG_HEAD, Buffer.from(bytes)]).toString("base64");
    if (shape === "data-url") return str(`data:image/png;base64,${png}`);
    if (shape === "garbage") return str(Buffer.from(bytes).toString("base64"));
    if (shape === "short") return str(PNG_HEAD.subarray(0, 10).toString("base64"));
    return str(png);
  });

const packagesAnswer: fc.Arbitrary<Json> = fc
  .array(jsonValue(["packageName", "label", "versionName", "versionCode", "isSystemApp"], 2), { maxLength: 6 })
  .map(arr);

/** What a `result` holds: a value, or (as the app's ApiResponse.Text does) the same value as a JSON string. */
export const resultFor: Record<AnsweredMethod, fc.Arbitrary<Json>> = {
  state: fc.oneof({ weight: 6, arbitrary: mobilerunState }, { weight: 1, arbitrary: mobilerunDump }),
  packages: packagesAnswer,
  version: fc.oneof(oddString.map(str), numberText.map(raw)),
  screenshot: screenshotAnswer,
  tap: fc.oneof(oddString.map(str), fc.constant(raw("true"))),
};

const idValue: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.oneof(
      fc.nat(100).map((n) => raw(String(n))),
      oddString.map(str),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(raw("null"), raw("true"), arr([]), obj([]), raw("1e400"), raw("-0")) },
);

export const errorValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 40, arbitrary: oddString.map(str) },
  {
    weight: 20,
    arbitrary: fc.constantFrom("Unknown method: x", "Missing required param: x", "interval too short").map(str),
  },
  { weight: 10, arbitrary: oddString.map((m) => obj([["message", str(m)]])) },
  { weight: 10, arbitrary: jsonValue(["message", "code"]) },
  { weight: 10, arbitrary: fc.constant(raw("null")) },
  // Up to 150 kB each: one error value in twenty is enough to reach every recursion on the way.
  { weight: 5, arbitrary: deepNesting },
);

/** Extra keys, now and then: prototype keys, duplicates of the frame's own, anything. */
const extraEntries = fc.oneof(
  { weight: 4, arbitrary: fc.constant([] as [string, Json][]) },
  {
    weight: 1,
    arbitrary: fc.array(fc.tuple(fc.oneof(protoKey, keyFrom(FRAME_KEYS)), jsonValue(FRAME_KEYS, 2)), {
      minLength: 1,
      maxLength: 2,
    }),
  },
);

function answer(method: AnsweredMethod): fc.Arbitrary<Json> {
  const result = resultFor[method];
  return fc
    .tuple(
      idValue,
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(str("success")) },
        { weight: 2, arbitrary: fc.constant(str("error")) },
        { weight: 1, arbitrary: fc.constantFrom(raw("null"), raw("0"), str("")) },
      ),
      fc.oneof({ weight: 3, arbitrary: result }, { weight: 1, arbitrary: result.map((r) => str(toText(r))) }),
      fc.option(errorValue, { freq: 3 }),
      extraEntries,
    )
    .map(([id, status, res, error, extra]) => {
      const entries: [string, Json][] = [
        ["id", id],
        ["status", status],
        ["result", res],
      ];
      if (error) entries.push(["error", error]);
      return obj([...entries, ...extra]);
    });
}

const event: fc.Arbitrary<Json> = fc
  .tuple(
    fc.oneof(fc.constantFrom(...EVENT_TYPES).map(str), oddString.map(str)),
    numberText.map(raw),
    fc.oneof(
      jsonValue(["package", "battery_level", "is_charging", "network_type", "previous_package"], 2),
      fc.constant(raw("null")),
    ),
    extraEntries,
  )
  .map(([type, timestamp, payload, extra]) =>
    obj([
      ["method", str("events/device")],
      [
        "params",
        obj([
          ["type", type],
          ["timestamp", timestamp],
          ["payload", payload],
        ]),
      ],
      ...extra,
    ]),
  );

/** The phone's own requests (webrtc/*, stream/*): a method, maybe an id. */
const phoneRequest: fc.Arbitrary<Json> = fc
  .tuple(
    fc.option(idValue, { freq: 4 }),
    fc.oneof(fc.constantFrom("webrtc/offer", "webrtc/ice", "stream/start").map(str), oddString.map(str)),
    jsonValue(["sdp", "candidate", "sessionId"], 2),
  )
  .map(([id, method, params]) =>
    obj([...(id ? [["id", id] as [string, Json]] : []), ["method", method], ["params", params]]),
  );

/** Objects with the frame's keys in any type, or no frame keys at all. */
const oddFrame: fc.Arbitrary<Json> = fc
  .array(fc.tuple(keyFrom(FRAME_KEYS), jsonValue(FRAME_KEYS, 2)), { maxLength: 5 })
  .map(obj);

export interface MobilerunFrameInput {
  /** The method the hub had asked for, which decides how an answer's result is read. */
  method: AnsweredMethod;
  text: string;
}

const frameJson = (method: AnsweredMethod) =>
  fc.oneof(
    { weight: 8, arbitrary: answer(method) },
    { weight: 3, arbitrary: event },
    { weight: 1, arbitrary: phoneRequest },
    { weight: 2, arbitrary: oddFrame },
    { weight: 1, arbitrary: jsonValue(FRAME_KEYS) },
  );

/** Well-formed frames of every kind (no edits), for sockets that should stay open. */
export const mobilerunFrameJson: fc.Arbitrary<string> = fc
  .constantFrom(...ANSWERED_METHODS)
  .chain((method) => frameJson(method).map(toText));

const oversized = fc
  .integer({ min: FUZZ_MAX_FRAME_CHARS - 8, max: FUZZ_MAX_FRAME_CHARS + 8 })
  .map((n) => `{"id":1${" ".repeat(Math.max(0, n - 9))}}`);

export const mobilerunFrameInput: fc.Arbitrary<MobilerunFrameInput> = fc
  .constantFrom(...ANSWERED_METHODS)
  .chain((method) =>
    fc.record({
      method: fc.constant(method),
      text: fc.oneof(
        { weight: 2_000, arbitrary: edited(frameJson(method).map(toText), 4) },
        { weight: 60, arbitrary: oddString },
        // Only the length check reads it, and making it costs 2 MB.
        { weight: 1, arbitrary: oversized },
      ),
    }),
  );

/** What the hub does with one frame, minus the socket: the readers of portal-commands and portal-session. */
export function readMobilerunFrame(input: MobilerunFrameInput, maxChars: number): string {
  const frame = parseMobilerunFrame(input.text, maxChars);
  if (frame.kind === "notice") {
    if (frame.method === "events/device") fromMobilerunEvent(frame.params);
    return "decoded";
  }
  if (!frame.ok) return "decoded";
  const value = resultValue(frame.result);
  switch (input.method) {
    case "state": {
      const state = fromMobilerunState(value);
      if (!state) return "not a state";
      const view = compact(parseSnapshot(state.tree));
      renderElements(view.elements, "text");
      return "decoded";
    }
    case "packages":
      return fromMobilerunPackages(value, true) ? "decoded" : "not a list";
    case "screenshot":
      pngSize(decodeMobilerunPng(value));
      return "decoded";
    default:
      return "decoded";
  }
}

export const mobilerunFrameTarget: SyncTarget<MobilerunFrameInput> = {
  kind: "sync",
  name: "portal-frame",
  description:
    "Mobilerun JSON frames → parseMobilerunFrame → fromMobilerunEvent / fromMobilerunState → compact, packages, PNG",
  arbitrary: mobilerunFrameInput,
  show: (input) => `answering ${input.method}: ${clip(input.text)}`,
  run: (input) => readMobilerunFrame(input, FUZZ_MAX_FRAME_CHARS),
};
