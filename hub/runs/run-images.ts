/**
 * The images a run's log carries: the phone's screen captured for a human's action, and the step
 * log's screenshots moved to the content-addressed store (the event keeps their hash).
 */

import type { AgentEvent } from "../agent/events.js";
import { Phone } from "../devices/phone.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { ScreenshotStore, StoredFormat, StoredImage } from "./ports.js";

/** The phone's screen for the log of a human's action: a small JPEG, masked like the API's screenshots. */
export async function captureForHuman(
  registry: DeviceRegistry,
  deviceId: string,
): Promise<{ data: Uint8Array; format: "jpeg"; width: number; height: number }> {
  const { image } = await new Phone(registry.requireSession(deviceId)).screenshot(
    { format: "jpeg", quality: 70, maxSide: 960 },
    { timeoutMs: 10_000 },
  );
  const bytes = image?.data;
  if (!bytes?.length) throw new HubError("NOT_SUPPORTED", "the phone sent no screenshot");
  const data = await registry.maskScreenshot(deviceId, Buffer.from(bytes));
  return { data, format: "jpeg", width: image?.width ?? 0, height: image?.height ?? 0 };
}

/**
 * The event as the store keeps it: its screenshots go to the content-addressed store and the event
 * keeps their hash. Each pending save is pushed on `saves`.
 */
export function withStoredImages(screenshots: ScreenshotStore, event: AgentEvent, saves: Promise<void>[]): unknown {
  const image = event.type === "step_frame" || event.type === "human_action" ? event.image : undefined;
  if (image) {
    const { data, format, width, height } = image;
    return { ...event, image: { ...storeImage(screenshots, data, format, saves), width, height } };
  }
  if (event.type !== "step_log" || !event.log.screenshot) return event;
  const { data, format, width, height } = event.log.screenshot;
  const stored = storeImage(screenshots, data, format as StoredFormat, saves);
  return { ...event, log: { ...event.log, screenshot: { ...stored, width, height } } };
}

function storeImage(
  screenshots: ScreenshotStore,
  data: Uint8Array,
  format: StoredFormat,
  saves: Promise<void>[],
): StoredImage {
  const { image, saved } = screenshots.put(data, format);
  saves.push(saved);
  return image;
}
