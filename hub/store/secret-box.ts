/**
 * Task secrets at rest: AES-256-GCM with a key kept in the data dir (0600), so a copy of the
 * database alone reveals no password. Secrets live in the database only while their task may
 * still run; they are wiped when it ends.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export class SecretBox {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  /** The data dir's key, created on first use; ":memory:" gets a key that lives with the process. */
  static open(dataDir: string | ":memory:"): SecretBox {
    if (dataDir === ":memory:") return new SecretBox(randomBytes(32));
    const file = path.join(dataDir, "secrets.key");
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    }
    return new SecretBox(Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
  }

  seal(secrets: Readonly<Record<string, string>>): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(".");
  }

  open(sealed: string): Record<string, string> {
    const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64"));
    if (iv === undefined || tag === undefined || body === undefined) throw new Error("sealed secrets are malformed");
    const decipher = createDecipheriv("aes-256-gcm", this.#key, iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8")) as Record<
      string,
      string
    >;
  }
}
