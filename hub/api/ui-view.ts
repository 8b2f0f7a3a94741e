/**
 * What GET /api/devices/:id/ui answers: the compact element list (the same the agent sees) with the
 * screen facts, and the raw tree only when asked for.
 */
import { z } from "zod";
import { compact, parseSnapshot, renderElements, toJsonElement } from "../perception/index.js";
import type { droidhub } from "../protocol/generated/droidhub.js";

export function uiView(tree: droidhub.v1.IUiTree, includeRaw: boolean): Record<string, unknown> {
  const view = compact(parseSnapshot(tree));
  return {
    package: view.package,
    activity: view.activity,
    screen: { w: view.screen.w, h: view.screen.h },
    elements: view.elements.map(toJsonElement),
    tokens: renderElements(view.elements, "text").tokens,
    flags: view.flags,
    needsVision: view.needsVision,
    truncated: view.truncated,
    dialogs: view.dialogs,
    keyboardShown: view.keyboardShown,
    ...(includeRaw ? { tree } : {}),
  };
}

/** The answer's schema (elements as toJsonElement writes them; the raw tree as the phone sent it). */
export const uiAnswer = z.object({
  deviceId: z.string(),
  ms: z.number(),
  package: z.string(),
  activity: z.string(),
  screen: z.object({ w: z.number(), h: z.number() }),
  elements: z.array(
    z.looseObject({ id: z.number(), tag: z.string(), label: z.string(), cx: z.number(), cy: z.number() }),
  ),
  tokens: z.number(),
  flags: z.object({ webview: z.boolean(), opaqueWebView: z.boolean(), canvas: z.boolean() }),
  needsVision: z.boolean(),
  truncated: z.boolean(),
  dialogs: z.array(z.object({ title: z.string(), bounds: z.array(z.number()).describe("[left, top, right, bottom]") })),
  keyboardShown: z.boolean(),
  tree: z.record(z.string(), z.unknown()).optional().describe("With ?raw=1: the phone's own tree"),
});
