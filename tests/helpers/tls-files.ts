/**
 * Real certificates for TLS tests, made with the openssl command line in a temp dir: a private CA
 * and leaves it signs, and self-signed leaves, each for localhost, 127.0.0.1 and ::1, P-256 keys.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface CertFiles {
  cert: string;
  key: string;
  /** sha256/… of the certificate's public key, computed by openssl (as docs/enrollment-link.md shows). */
  pin: string;
}

/** The names a test certificate is for, unless a test names others. */
export const LOOPBACK_NAMES = "DNS:localhost,IP:127.0.0.1,IP:::1";

export class TestCertificates {
  readonly dir = mkdtempSync(path.join(tmpdir(), "droidhub-tls-"));
  #ca: CertFiles | undefined;
  #count = 0;

  /** The private CA (made on first use). */
  get ca(): CertFiles {
    if (!this.#ca) {
      const base = this.#name("ca");
      openssl(["req", "-x509", ...newKey(base), "-subj", "/CN=droidhub test CA", "-days", "2", "-out", `${base}.crt`]);
      this.#ca = files(base);
    }
    return this.#ca;
  }

  /** A leaf signed by the CA, with a key of its own, for `names` (subjectAltName syntax). */
  signed(names = LOOPBACK_NAMES): CertFiles {
    const ca = this.ca;
    const base = this.#name("leaf");
    openssl(["req", ...newKey(base), "-subj", "/CN=droidhub test hub", "-out", `${base}.csr`]);
    writeFileSync(`${base}.ext`, `subjectAltName=${names}\nbasicConstraints=CA:FALSE\n`);
    openssl([
      "x509",
      "-req",
      "-in",
      `${base}.csr`,
      "-CA",
      ca.cert,
      "-CAkey",
      ca.key,
      "-CAcreateserial",
      "-days",
      "2",
      "-extfile",
      `${base}.ext`,
      "-out",
      `${base}.crt`,
    ]);
    return files(base);
  }

  /** A self-signed leaf, as a hub without a CA would make for itself. */
  selfSigned(names = LOOPBACK_NAMES): CertFiles {
    const base = this.#name("self");
    const subject = ["-subj", "/CN=droidhub self-signed", "-addext", `subjectAltName=${names}`];
    openssl(["req", "-x509", ...newKey(base), ...subject, "-days", "2", "-out", `${base}.crt`]);
    return files(base);
  }

  /** A leaf and the CA in one file, as a fullchain.pem holds them. */
  fullChain(leaf: CertFiles): string {
    const file = path.join(this.dir, `chain-${++this.#count}.pem`);
    writeFileSync(file, readFileSync(leaf.cert, "utf8") + readFileSync(this.ca.cert, "utf8"));
    return file;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  #name(kind: string): string {
    return path.join(this.dir, `${kind}-${++this.#count}`);
  }
}

function newKey(base: string): string[] {
  return ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", `${base}.key`];
}

function files(base: string): CertFiles {
  const publicKey = openssl(["x509", "-in", `${base}.crt`, "-pubkey", "-noout"]);
  const der = openssl(["pkey", "-pubin", "-outform", "der"], publicKey);
  const digest = openssl(["dgst", "-sha256", "-binary"], der);
  return { cert: `${base}.crt`, key: `${base}.key`, pin: `sha256/${digest.toString("base64")}` };
}

function openssl(args: string[], input?: Buffer): Buffer {
  return execFileSync("openssl", args, { input: input ?? Buffer.alloc(0), stdio: ["pipe", "pipe", "pipe"] });
}
