/**
 * Which hub certificates a client (the virtual phone, the test phones) accepts — the same rules as
 * the portal app's PinnedTrust (docs/enrollment-link.md, "The pin on the phone"):
 * - no pin: the system's trust store, plus `ca` when given, and the usual host name check;
 * - a pin, and the chain validates: the pin must name a key on the chain's signed path (the leaf or
 *   a certificate that signed it); host names are checked unless the leaf's own key is the pinned one;
 * - a pin, and the chain does not validate (a self-signed hub): the leaf's key must be the pinned
 *   one; the pin is then the hub's identity, with no host name check (such hubs are often reached by
 *   an address their certificate does not name).
 * A mismatch is CERT_PIN_MISMATCH, final: retrying cannot change the key the hub — or whoever sits
 * in between — presents. It is decided right after the handshake, before the upgrade request (and
 * the key in its headers) is written: Node holds writes to a TLS socket until its secureConnect
 * listeners have run, and ours destroys the socket there.
 */

import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import tls from "node:tls";
import { HubError } from "../errors/hub-error.js";
import { itemAt } from "../errors/invariant.js";
import { isPin, pinOf } from "../util/certificate-pin.js";

export interface HubTrust {
  /** PEM CA certificate(s) trusted for the hub besides the system's (a private CA). */
  ca?: string | Buffer | undefined;
  /** `sha256/…`: the hub certificate's public key (docs/enrollment-link.md). */
  pin?: string | undefined;
}

export function pinMismatch(): HubError {
  return new HubError("CERT_PIN_MISMATCH");
}

export function isPinMismatch(error: unknown): boolean {
  return error instanceof HubError && error.code === "CERT_PIN_MISMATCH";
}

/** What the handshake showed, for `judgeChain`. */
export interface PeerChain {
  /** Leaf first, as far as issuers were found. */
  chain: readonly X509Certificate[];
  /** The chain validates against the trusted CAs (host names aside). */
  validates: boolean;
  /** The host name check's failure, if it failed. */
  hostnameError: Error | undefined;
}

/** undefined: accept; otherwise the error to end the connection with. */
export function judgeChain(peer: PeerChain, pin: string): Error | undefined {
  const leaf = peer.chain[0];
  if (!leaf) return pinMismatch();
  const leafPinned = pinOf(leaf) === pin;
  if (!peer.validates) return leafPinned ? undefined : pinMismatch();
  if (!signedPath(peer.chain).some((cert) => pinOf(cert) === pin)) return pinMismatch();
  return leafPinned ? undefined : peer.hostnameError;
}

/**
 * ws client options for a hub URL: `ca` added to the system's CAs, and with a pin a connection
 * factory that applies the rules above. Throws CONFIG_INVALID for a pin that is not one, or for a
 * pin or CA on a plain ws:// URL (they would protect nothing).
 */
export function trustOptions(url: string, trust: HubTrust | undefined): Record<string, unknown> {
  if (!trust?.pin && !trust?.ca) return {};
  if (!/^wss:/i.test(url)) throw invalid(`a pinned key or a CA needs a wss:// (or https://) hub, not ${url}`);
  const ca = trust.ca ? [...tls.rootCertificates, trust.ca.toString()] : undefined;
  if (!trust.pin) return { ca };
  if (!isPin(trust.pin)) throw invalid("the pin must be sha256/ followed by 44 characters of base64 (32 bytes)");
  return { createConnection: pinnedConnection(trust.pin, ca) };
}

function pinnedConnection(pin: string, ca: string[] | undefined) {
  return (options: tls.ConnectionOptions & { path?: string }): tls.TLSSocket => {
    let hostnameError: Error | undefined;
    const host = options.host ?? "localhost";
    const socket = tls.connect({
      ...options,
      path: undefined,
      servername: options.servername || (isIP(host) ? "" : host),
      ...(ca ? { ca } : {}),
      // The chain is judged below; Node's own check would refuse a self-signed hub outright.
      rejectUnauthorized: false,
      // Recorded, not thrown: whether the name counts depends on which key the pin names.
      checkServerIdentity: (name, cert) => {
        hostnameError = tls.checkServerIdentity(name, cert);
        return undefined;
      },
    });
    socket.once("secureConnect", () => {
      const verdict = judgeChain({ chain: peerChain(socket), validates: socket.authorized, hostnameError }, pin);
      if (verdict) socket.destroy(verdict);
    });
    return socket;
  };
}

/** The peer's certificates, leaf first, following the issuer links Node found. */
function peerChain(socket: tls.TLSSocket): X509Certificate[] {
  const chain: X509Certificate[] = [];
  const seen = new Set<tls.DetailedPeerCertificate>();
  let cert: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  while (cert?.raw && !seen.has(cert)) {
    seen.add(cert);
    chain.push(new X509Certificate(cert.raw));
    cert = cert.issuerCertificate;
  }
  return chain;
}

/**
 * The leaf and each next certificate that really signed the one before: a pinned certificate merely
 * appended to someone else's valid chain proves nothing.
 */
function signedPath(chain: readonly X509Certificate[]): X509Certificate[] {
  const path = chain.slice(0, 1);
  for (const next of chain.slice(1)) {
    const last = itemAt(path, path.length - 1, "certificate");
    if (next.fingerprint256 === last.fingerprint256) break;
    if (!last.checkIssued(next) || !last.verify(next.publicKey)) break;
    path.push(next);
  }
  return path;
}

function invalid(message: string): HubError {
  return new HubError("CONFIG_INVALID", message, { details: { field: "pin" } });
}
