/**
 * Vision fallback contract. When the tree is empty, opaque (games, canvases, NAF WebViews) or cut
 * short by the phone, a vision model looks at the screenshot and returns boxes; they become
 * *virtual* elements in the same element format, so set-of-marks prompts and tap-by-element keep
 * working. The model client lives with the agent; this file only fixes the interface.
 */
import { HubError } from "../errors/hub-error.js";
import type { CompactSnapshot } from "./compact.js";
import type { UiElement } from "./element.js";
import { fingerprintOf } from "./fingerprint.js";
import { center, intersect, isEmpty, screenRect } from "./geometry.js";
import type { ScreenSize } from "./snapshot.js";
import { cleanText, truncate } from "./text.js";

/** One thing a vision model found, in device pixels. */
export interface VisionBox {
  label: string;
  bounds: readonly [number, number, number, number];
  /** Short tag (Button, EditText, Image, Text…); default "Item". */
  tag?: string;
  clickable?: boolean;
  editable?: boolean;
  /** 0..1; boxes under `minConfidence` are dropped. */
  confidence?: number;
}

export interface VisionRequest {
  /** The screenshot, device resolution or scaled; boxes are always returned in device pixels. */
  image: Buffer;
  screen: ScreenSize;
  /** Why the tree was not enough (from CompactSnapshot.visionReasons). */
  reasons: readonly string[];
  signal?: AbortSignal;
}

export interface VisionDetector {
  detect(request: VisionRequest): Promise<VisionBox[]>;
}

export interface VisionOptions {
  minConfidence?: number;
  maxLabel?: number;
  packageName?: string;
}

/** Turns boxes into elements numbered from `firstId`, clamped to the screen, in reading order. */
export function visionElements(
  boxes: readonly VisionBox[],
  screen: ScreenSize,
  firstId: number,
  options: VisionOptions = {},
): UiElement[] {
  const minConfidence = options.minConfidence ?? 0;
  const s = screenRect(screen);
  const kept = boxes
    .filter((b) => (b.confidence ?? 1) >= minConfidence && b.bounds.every((v) => Number.isFinite(v)))
    .map((b) => ({ box: b, rect: intersect([b.bounds[0], b.bounds[1], b.bounds[2], b.bounds[3]], s) }))
    .filter((x) => !isEmpty(x.rect))
    .sort((x, y) => x.rect[1] - y.rect[1] || x.rect[0] - y.rect[0]);
  return kept.map(({ box, rect }, i) => {
    const label = truncate(cleanText(box.label), options.maxLabel ?? 80);
    const tag = box.tag || "Item";
    const c = center(rect);
    const meta = {
      fingerprint: "",
      packageName: options.packageName ?? "",
      className: `vision:${tag}`,
      ancestry: [],
      key: truncate(label, 40),
      node: -1,
      interactive: box.clickable !== false || box.editable === true,
    };
    meta.fingerprint = fingerprintOf({ ...meta, resourceId: "" });
    return {
      id: firstId + i,
      tag,
      label,
      cx: c.x,
      cy: c.y,
      bounds: [rect[0], rect[1], rect[2], rect[3]],
      resourceId: "",
      clickable: box.clickable !== false,
      editable: box.editable === true,
      scrollable: false,
      checkable: false,
      checked: false,
      focused: false,
      virtual: true,
      meta,
    };
  });
}

/**
 * The tree's elements, plus virtual ones from `detector` when the snapshot needs vision. Without a
 * detector or a screenshot the tree's elements are returned unchanged.
 */
export async function withVisionFallback(
  snapshot: CompactSnapshot,
  screenshot: Buffer | undefined,
  detector: VisionDetector | undefined,
  options: VisionOptions & { signal?: AbortSignal } = {},
): Promise<UiElement[]> {
  if (!snapshot.needsVision || !detector || !screenshot) return snapshot.elements;
  let boxes: VisionBox[];
  try {
    boxes = await detector.detect({
      image: screenshot,
      screen: snapshot.screen,
      reasons: snapshot.visionReasons,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof HubError) throw cause;
    throw new HubError("INTERNAL", `vision detector failed: ${(cause as Error).message}`, { cause });
  }
  if (!Array.isArray(boxes)) throw new HubError("INTERNAL", "vision detector returned no list");
  const virtual = visionElements(boxes, snapshot.screen, snapshot.elements.length + 1, {
    ...options,
    packageName: options.packageName ?? snapshot.package,
  });
  return [...snapshot.elements, ...virtual];
}
