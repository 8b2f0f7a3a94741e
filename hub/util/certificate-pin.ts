/**
 * A certificate pin as docs/enrollment-link.md defines it (OkHttp's CertificatePinner format):
 * `sha256/` + standard base64 of SHA-256 over the certificate's SubjectPublicKeyInfo DER. It names
 * the key, not the certificate, so a certificate renewed with the same key keeps the same pin.
 */
import { createHash, type X509Certificate } from "node:crypto";

const PIN = /^sha256\/([A-Za-z0-9+/]{43}=)$/;

export function pinOf(certificate: X509Certificate): string {
  const spki = certificate.publicKey.export({ type: "spki", format: "der" });
  return `sha256/${createHash("sha256").update(spki).digest("base64")}`;
}

/**
 * Whether `text` is a pin in its one spelling: 32 bytes, so 43 base64 characters and one `=`, the
 * last character's two spare bits zero (a pin that decodes to the same bytes but is spelt otherwise
 * would never compare equal to the one computed here).
 */
export function isPin(text: string): boolean {
  const body = PIN.exec(text)?.[1];
  return body !== undefined && Buffer.from(body, "base64").toString("base64") === body;
}
