/**
 * Conformance between the hub and the Android portal, both directions:
 *  - proto/testdata/ts: what the hub's codec writes (npm run portal:vectors); the Kotlin tests decode it.
 *  - proto/testdata/kotlin: what the portal's Kotlin code writes (KotlinVectorsTest); decoded here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeEnvelope, encodeEnvelope } from "../../../hub/protocol/codec.js";
import { buildVectors, flatten, type Manifest, toPlain } from "../../../scripts/portal/vector-cases.js";

const testdata = path.resolve(import.meta.dirname, "../../../proto/testdata");

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(path.join(testdata, dir, "manifest.json"), "utf8")) as Manifest;
}

describe("TypeScript vectors (proto/testdata/ts)", () => {
  const fresh = buildVectors();

  it("equal a fresh encoding by the hub's codec", () => {
    const committed = readdirSync(path.join(testdata, "ts")).filter((f) => f.endsWith(".bin"));
    expect(committed.sort()).toEqual([...fresh.files.keys()].sort());
    for (const [file, bytes] of fresh.files) {
      expect(new Uint8Array(readFileSync(path.join(testdata, "ts", file))), file).toEqual(new Uint8Array(bytes));
    }
    expect(readManifest("ts")).toEqual(fresh.manifest);
  });

  it("cover every body of the Envelope", () => {
    const bodies = new Set(fresh.manifest.vectors.map((v) => v.body));
    for (const body of [
      "hello",
      "welcome",
      "getUi",
      "screenshot",
      "tap",
      "longPress",
      "swipe",
      "scroll",
      "inputText",
      "pressKey",
      "launchApp",
      "openUrl",
      "listApps",
      "getState",
      "result",
      "event",
      "resultAck",
    ]) {
      expect(bodies.has(body), body).toBe(true);
    }
  });
});

describe("Kotlin vectors (proto/testdata/kotlin)", () => {
  const manifest = readManifest("kotlin");

  it("exist for the hello, every result payload and every event kind", () => {
    const names = manifest.vectors.map((v) => v.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "hello",
        "result_ui",
        "result_ui_truncated",
        "result_image",
        "result_apps",
        "result_state",
        "result_error",
        "result_ok",
        "event_foreground",
        "event_content",
        "event_keyboard",
        "event_screen",
        "event_battery",
        "event_network",
        "event_accessibility",
      ]),
    );
  });

  for (const vector of manifest.vectors) {
    it(`${vector.name} decodes in TypeScript to the values Kotlin encoded`, () => {
      const bytes = new Uint8Array(readFileSync(path.join(testdata, "kotlin", vector.file)));
      const envelope = decodeEnvelope(bytes);
      expect(envelope.body).toBe(vector.body);
      const actual = flatten(toPlain(bytes, true)); // with defaults: Kotlin may expect a zero value
      for (const [key, want] of Object.entries(vector.expect)) {
        if (typeof want === "number" && !Number.isInteger(want)) {
          expect(actual[key], key).toBeCloseTo(want, 4); // float32 on the wire
        } else {
          expect(actual[key], key).toEqual(want);
        }
      }
      // Byte-compatible both ways: the hub re-encodes the phone's frame to the same bytes.
      expect(new Uint8Array(encodeEnvelope(envelope))).toEqual(bytes);
    });
  }
});
