/**
 * Screenshots as files named by the SHA-256 of their bytes (runs/ports.ts ScreenshotStore): identical
 * frames are stored once, and a step's record keeps only the hash.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ScreenshotStore, StoredFormat, StoredImage } from "../runs/ports.js";

export type { StoredFormat, StoredImage } from "../runs/ports.js";

const EXTENSIONS: Record<StoredFormat, string> = { jpeg: "jpg", webp: "webp", png: "png" };

const HASH = /^[a-f0-9]{64}$/;
const SAVED = Promise.resolve();

export class FileScreenshotStore implements ScreenshotStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Written before this returns (a local file is durable enough once written): `saved` is settled. */
  put(bytes: Uint8Array, format: StoredFormat): { image: StoredImage; saved: Promise<void> } {
    const hash = createHash("sha256").update(bytes).digest("hex");
    const file = path.join(this.#dir, `${hash}.${EXTENSIONS[format]}`);
    if (!existsSync(file)) {
      mkdirSync(this.#dir, { recursive: true });
      writeFileSync(file, bytes);
    }
    return { image: { hash, format }, saved: SAVED };
  }

  async get(hash: string): Promise<{ bytes: Buffer; format: StoredFormat } | undefined> {
    if (!HASH.test(hash)) return undefined;
    for (const format of Object.keys(EXTENSIONS) as StoredFormat[]) {
      const file = path.join(this.#dir, `${hash}.${EXTENSIONS[format]}`);
      if (existsSync(file)) return { bytes: readFileSync(file), format };
    }
    return undefined;
  }
}
