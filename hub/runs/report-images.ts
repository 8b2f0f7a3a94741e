/**
 * The screenshots a report embeds, fetched before it renders: the renderer is synchronous, the
 * screenshot store is not. A screenshot is named in an event body by its content hash (a `hash`
 * field at any depth: step frames, step logs), so every such hash is looked up once.
 */

import type { EventRow, ScreenshotStore, StoredFormat } from "./ports.js";
import type { ImageLookup } from "./report.js";

const HASH = /^[a-f0-9]{64}$/;

export async function reportImages(events: readonly EventRow[], screenshots: ScreenshotStore): Promise<ImageLookup> {
  const hashes = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, field] of Object.entries(value)) {
        if (key === "hash" && typeof field === "string" && HASH.test(field)) hashes.add(field);
        else visit(field);
      }
    }
  };
  for (const event of events) visit(event.body);
  const images = new Map<string, { bytes: Buffer; format: StoredFormat }>();
  await Promise.all(
    [...hashes].map(async (hash) => {
      const image = await screenshots.get(hash);
      if (image) images.set(hash, image);
    }),
  );
  return (hash) => images.get(hash);
}
