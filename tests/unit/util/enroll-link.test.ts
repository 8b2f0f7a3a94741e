/**
 * The hub's enrolment-link writer against the shared vectors the Kotlin parser is tested with
 * (android-portal/src/test/resources/enroll-links.json, written by scripts/portal/enroll-vectors.py
 * with Python's hmac and urllib): the writer must reproduce every good v1 case's signed message,
 * signature and, where the case was written in the doc's order, the link byte for byte. And what it
 * writes must read back per the doc (fields in order, each once, the signature of the values).
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  canonicalMessage,
  type EnrollLinkFields,
  signEnrollLink,
  writeEnrollLink,
} from "../../../hub/util/enroll-link.js";

interface VectorCase {
  name: string;
  link: string;
  expect: "valid" | "refused";
  version?: number;
  code?: string;
  fields?: { url: string; key: string; pin: string | null; tags: string[]; exp: number | null };
  canonical?: string;
  sig?: string;
  writerLink?: boolean;
}

const vectors = JSON.parse(readFileSync("android-portal/src/test/resources/enroll-links.json", "utf8")) as {
  cases: VectorCase[];
};
const goodV1 = vectors.cases.filter((c) => c.expect === "valid" && c.version === 1);

function inputs(fields: NonNullable<VectorCase["fields"]>): EnrollLinkFields {
  return {
    url: fields.url,
    key: fields.key,
    pin: fields.pin ?? undefined,
    tags: fields.tags,
    exp: fields.exp ?? undefined,
  };
}

const ORDER = ["v", "url", "key", "pin", "tags", "exp", "sig"];

/** A reader of the doc's rules, independent of the writer: the signature is recomputed from raw HMAC. */
function read(link: string): Record<string, string> {
  const match = /^droidhub:\/\/enroll\?(.*)$/i.exec(link);
  if (!match || link.length > 4096) throw new Error("foreign or too long");
  const fields: Record<string, string> = {};
  const names: string[] = [];
  for (const pair of match[1]!.split("&")) {
    const [name, value] = pair.split("=") as [string, string];
    if (name in fields) throw new Error(`duplicate ${name}`);
    if (value === "") throw new Error(`empty ${name}`);
    fields[name] = decodeURIComponent(value);
    names.push(name);
  }
  expect(names).toEqual(ORDER.filter((n) => n in fields));
  const message = ["droidhub-enroll-v1", fields.url, fields.key, fields.pin, fields.tags, fields.exp]
    .map((v) => v ?? "")
    .join("\n");
  const sig = createHmac("sha256", fields.key ?? "")
    .update(message)
    .digest("base64url");
  if (fields.sig !== sig) throw new Error("tampered");
  return fields;
}

describe("enrolment link v1 writer", () => {
  it("has good v1 vectors to check against", () => {
    expect(goodV1.length).toBeGreaterThanOrEqual(8);
  });

  it.each(goodV1.map((c) => [c.name, c]))("%s: the signed message and signature match the vector", (_, c) => {
    const fields = inputs(c.fields!);
    expect(canonicalMessage(fields)).toBe(c.canonical);
    expect(signEnrollLink(fields)).toBe(c.sig);
  });

  it.each(goodV1.filter((c) => c.writerLink).map((c) => [c.name, c]))(
    "%s: the link is reproduced byte for byte",
    (_, c) => {
      expect(writeEnrollLink(inputs(c.fields!))).toBe(c.link);
    },
  );

  it.each(goodV1.map((c) => [c.name, c]))("%s: the hub's link reads back to the vector's fields", (_, c) => {
    const fields = read(writeEnrollLink(inputs(c.fields!)));
    expect(fields.url).toBe(c.fields!.url);
    expect(fields.key).toBe(c.fields!.key);
    expect(fields.pin ?? null).toBe(c.fields!.pin);
    expect(fields.tags ? fields.tags.split(",") : []).toEqual(c.fields!.tags);
    expect(fields.exp === undefined ? null : Number(fields.exp)).toBe(c.fields!.exp);
  });

  it("every refused-as-tampered vector is refused by the same reader", () => {
    const tampered = vectors.cases.filter((c) => c.code === "tampered");
    expect(tampered.length).toBeGreaterThan(5);
    for (const c of tampered) expect(() => read(c.link), c.name).toThrow();
  });

  it("a link whose url is edited after writing no longer verifies", () => {
    const link = writeEnrollLink({
      url: "https://hub.example.com",
      key: "dhf_abc+/=",
      tags: ["lab"],
      exp: 1_800_000_000,
    });
    expect(read(link).key).toBe("dhf_abc+/=");
    expect(() => read(link.replace("hub.example.com", "evil.example.com"))).toThrow("tampered");
  });
});
