/**
 * What GET /api/devices/:id/ui answers: the compact element list (the same the agent sees) with the
 * screen facts, and the raw tree only when asked for.
 */
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
