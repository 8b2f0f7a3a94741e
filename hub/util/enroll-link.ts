/**
 * The enrolment link v1 (docs/enrollment-link.md) the hub writes into its QR codes; the portal's
 * `EnrollmentLink.kt` reads it. Both are held to the same vectors
 * (android-portal/src/test/resources/enroll-links.json). The signature is an integrity check, not
 * authentication: its key is the fleet key, which the link carries.
 */
import { createHmac } from "node:crypto";

export interface EnrollLinkFields {
  /** The hub's address as a person would type it (not normalised: it is signed as written). */
  url: string;
  key: string;
  pin?: string | undefined;
  tags?: readonly string[] | undefined;
  /** Unix seconds. */
  exp?: number | undefined;
}

/** The limits the doc sets; the hub refuses to write a link a phone would refuse. */
export const ENROLL_LINK_LIMITS = { link: 4096, url: 2048, key: 256, tags: 32, tag: 64 } as const;

/** The signed message: field values joined by newlines, an absent field as "". */
export function canonicalMessage(fields: EnrollLinkFields): string {
  const { url, key, pin = "", tags = [], exp } = fields;
  return ["droidhub-enroll-v1", url, key, pin, tags.join(","), exp === undefined ? "" : String(exp)].join("\n");
}

export function signEnrollLink(fields: EnrollLinkFields): string {
  return createHmac("sha256", Buffer.from(fields.key, "utf8"))
    .update(canonicalMessage(fields), "utf8")
    .digest("base64url");
}

/** The link, fields in the doc's order, each value written by encodeURIComponent. */
export function writeEnrollLink(fields: EnrollLinkFields): string {
  const params: [string, string][] = [
    ["v", "1"],
    ["url", fields.url],
    ["key", fields.key],
  ];
  if (fields.pin) params.push(["pin", fields.pin]);
  if (fields.tags && fields.tags.length > 0) params.push(["tags", fields.tags.join(",")]);
  if (fields.exp !== undefined) params.push(["exp", String(fields.exp)]);
  params.push(["sig", signEnrollLink(fields)]);
  return `droidhub://enroll?${params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
}
