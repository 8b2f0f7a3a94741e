/**
 * A run's pictures, as the report reads them from its events: each step's frame (`step_frame`, the
 * screen it acted on with what it did drawn on it) or why it has none (`frame_missing`), keyed like
 * the step itself (group, step number, attempt; step mode: group "step", attempt 1). The dashboard's
 * timeline and replay player pair them the same way (hub/web/pages/frames.js).
 */

import { STEP_MODE_GROUP } from "../agent/step-frames.js";
import { defined } from "../errors/invariant.js";
import type { EventRow, RunRow } from "./ports.js";

export interface StoredFrame {
  hash: string;
  width?: number;
  height?: number;
  /** What the step did, in words (absent in runs recorded before it). */
  did?: string;
}

export function frameKey(group: unknown, stepNum: unknown, attempt: unknown): string {
  return `${String(group)}\u0000${String(stepNum)}\u0000${String(attempt)}`;
}

/** The key of a step event (step_finished, step_started, step_log), if it is one. */
export function stepKeyOf(event: EventRow): string | undefined {
  const b = event.body as Record<string, unknown>;
  if (event.type === "step_finished" || event.type === "step_started") {
    return frameKey(b["group"], (b["step"] as { step_num?: unknown } | undefined)?.step_num, b["attempt"]);
  }
  if (event.type === "step_log") return frameKey(STEP_MODE_GROUP, (b["log"] as { step?: unknown })?.step, 1);
  return undefined;
}

export class RunFrames {
  readonly frames = new Map<string, StoredFrame>();
  readonly missing = new Map<string, string>();
  /** Keys a step row shows (its frame goes there, not in a row of its own). */
  readonly steps = new Set<string>();

  constructor(events: readonly EventRow[]) {
    for (const event of events) {
      const b = event.body as Record<string, unknown>;
      if (event.type === "step_frame" || event.type === "frame_missing") {
        const key = frameKey(b["group"], b["step_num"], b["attempt"]);
        const image = b["image"] as StoredFrame | undefined;
        if (event.type === "frame_missing") this.missing.set(key, String(b["reason"] ?? ""));
        else if (image?.hash)
          this.frames.set(key, { ...image, ...(typeof b["did"] === "string" ? { did: b["did"] } : {}) });
        continue;
      }
      if (event.type === "step_finished" || event.type === "step_log")
        this.steps.add(defined(stepKeyOf(event), "step key"));
    }
  }
}

/**
 * Why a run's report shows no picture at all, or undefined when it shows one. Only the run's own
 * record answers: the reasons its steps gave, that it ended before a step, or that its images are
 * gone from the store.
 */
export function noPicturesWhy(
  run: RunRow,
  events: readonly EventRow[],
  frames: RunFrames,
  embedded: number,
): string | undefined {
  if (embedded > 0) return undefined;
  if (frames.frames.size > 0) return "the screenshot store no longer holds its pictures";
  const reasons = [...new Set(frames.missing.values())];
  if (reasons.length > 0) return reasons.join("; ");
  const stepped = events.some((e) => e.type === "step_started" || e.type === "step_log" || e.type === "step_finished");
  if (!stepped && run.status === "running") return "no step has run yet";
  if (!stepped) return `the run ended before its first step${run.reason ? ` (${run.reason})` : ""}`;
  return "it was recorded before hubs kept a picture of each step";
}
