/**
 * Screenshots as files named by the SHA-256 of their bytes: identical frames are stored once, and a
 * step's record keeps only the hash.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const EXTENSIONS = { jpeg: "jpg", webp: "webp", png: "png" } as const;
export type StoredFormat = keyof typeof EXTENSIONS;

export interface StoredImage {
  hash: string;
  format: StoredFormat;
}

const HASH = /^[a-f0-9]{64}$/;

export class ScreenshotStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  put(bytes: Uint8Array, format: StoredFormat): StoredImage {
    const hash = createHash("sha256").update(bytes).digest("hex");
    const file = path.join(this.#dir, `${hash}.${EXTENSIONS[format]}`);
    if (!existsSync(file)) {
      mkdirSync(this.#dir, { recursive: true });
      writeFileSync(file, bytes);
    }
    return { hash, format };
  }

  /** The bytes and format of a stored image, or undefined for an unknown (or malformed) hash. */
  get(hash: string): { bytes: Buffer; format: StoredFormat } | undefined {
    if (!HASH.test(hash)) return undefined;
    for (const format of Object.keys(EXTENSIONS) as StoredFormat[]) {
      const file = path.join(this.#dir, `${hash}.${EXTENSIONS[format]}`);
      if (existsSync(file)) return { bytes: readFileSync(file), format };
    }
    return undefined;
  }
}
