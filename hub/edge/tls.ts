/**
 * The hub's own TLS: the certificate and key files read, checked and described at start, and read
 * again on SIGHUP (a renewed certificate) without a restart. A bad pair at start stops the hub with
 * a sentence naming the file; a bad pair at reload is logged and the previous one stays in service,
 * so a half-written renewal never takes the hub off the air. Only facts about the certificate are
 * ever logged (subject, expiry, pin), never key material.
 */

import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server as TlsServer } from "node:tls";
import { createSecureContext } from "node:tls";
import type { TlsConfig } from "../config/config.js";
import { HubError } from "../errors/hub-error.js";
import { pinOf } from "../util/certificate-pin.js";

export interface TlsFiles {
  cert: string;
  key: string;
}

/** What the log says about the certificate being served. */
export interface CertificateFacts {
  file: string;
  subject: string;
  issuer: string;
  notAfter: string;
  /** The pin phones and `droidhub sim --pin` take for this hub (public: a hash of the public key). */
  pin: string;
  expired: boolean;
}

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  facts: CertificateFacts;
}

/** The configured files, or undefined when the hub serves plain HTTP. */
export function tlsFiles(config: TlsConfig): TlsFiles | undefined {
  return config.cert && config.key ? { cert: config.cert, key: config.key } : undefined;
}

/** Reads and checks the pair; throws CONFIG_INVALID naming the file and what is wrong with it. */
export function loadTls(files: TlsFiles, now = Date.now()): TlsMaterial {
  const cert = readPem(files.cert, "tls.cert", "certificate");
  const key = readPem(files.key, "tls.key", "private key");
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(cert);
  } catch (error) {
    throw invalid("tls.cert", `${files.cert} holds no PEM certificate (${reason(error)})`);
  }
  try {
    // Parses the key and checks that it belongs to the certificate, as the server will.
    createSecureContext({ cert, key });
  } catch (error) {
    const why = reason(error);
    throw invalid(
      "tls.key",
      /key values mismatch/i.test(why)
        ? `the private key ${files.key} does not belong to the certificate ${files.cert}`
        : `the private key ${files.key} cannot be used with ${files.cert} (${why})`,
    );
  }
  const notAfter = new Date(leaf.validTo);
  return {
    cert,
    key,
    facts: {
      file: files.cert,
      subject: oneLine(leaf.subject),
      issuer: oneLine(leaf.issuer),
      notAfter: notAfter.toISOString(),
      pin: pinOf(leaf),
      expired: notAfter.getTime() < now,
    },
  };
}

/**
 * https.createServer options for the pair, with the HTTP edge's own options: fastify passes its
 * `http` options only to a plain HTTP server. The TLS handshake gets the header timeout too —
 * Node's default (120 s) would let a socket that never finishes its handshake outlive a slowloris.
 */
export function httpsOptions<T extends { headersTimeout?: number | undefined }>(material: TlsMaterial, http: T) {
  return { ...http, cert: material.cert, key: material.key, handshakeTimeout: http.headersTimeout ?? 120_000 };
}

export type ReloadOutcome = { ok: true; facts: CertificateFacts } | { ok: false; error: HubError };

/** Reads the files again and serves them to new connections; open connections keep their session. */
export function reloadTls(server: TlsServer, files: TlsFiles): ReloadOutcome {
  let material: TlsMaterial;
  try {
    material = loadTls(files);
  } catch (error) {
    return { ok: false, error: error instanceof HubError ? error : invalid("tls.cert", reason(error)) };
  }
  server.setSecureContext({ cert: material.cert, key: material.key });
  return { ok: true, facts: material.facts };
}

function readPem(file: string, field: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? reason(error);
    throw invalid(field, `cannot read the TLS ${what} file ${file} (${code})`);
  }
}

function invalid(field: string, message: string): HubError {
  return new HubError("CONFIG_INVALID", message, { details: { field } });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** X509Certificate writes one attribute per line. */
function oneLine(name: string): string {
  return name.split("\n").filter(Boolean).join(", ");
}
