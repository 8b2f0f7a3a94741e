/** Derives the snapshot-level facts (screen, packages) every parser needs from its node list. */
import { itemAt } from "../errors/invariant.js";
import type { NodeDraft, ScreenSize, SnapshotSource, UiNodeData, UiSnapshot } from "./snapshot.js";

const OVERLAY_PACKAGES = /^com\.android\.systemui$|inputmethod|keyboard|honeyboard|swiftkey|\.ime$/i;

export interface SnapshotFacts {
  source: SnapshotSource;
  package?: string;
  activity?: string;
  screen?: ScreenSize;
  rotation?: number;
  keyboardShown?: boolean;
  imePackage?: string;
  truncated?: boolean;
}

function rootArea(n: UiNodeData): number {
  const w = n.bounds[2] - n.bounds[0];
  const h = n.bounds[3] - n.bounds[1];
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The foreground package owns the largest window root that is not an overlay (status bar, IME);
 * widgets of other packages inside a launcher window do not make them the foreground.
 */
function rankPackages(nodes: readonly UiNodeData[]): string[] {
  const counts = new Map<string, number>();
  for (const n of nodes) {
    if (!n.packageName) continue;
    counts.set(n.packageName, (counts.get(n.packageName) ?? 0) + 1);
  }
  const all = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  let best: UiNodeData | undefined;
  for (const n of nodes) {
    if (n.parent !== -1 || !n.packageName || OVERLAY_PACKAGES.test(n.packageName)) continue;
    if (!best || rootArea(n) > rootArea(best)) best = n;
  }
  const first = best?.packageName ?? all[0];
  return first === undefined ? [] : [first, ...all.filter((p) => p !== first)];
}

function extentOfRoots(nodes: readonly UiNodeData[]): ScreenSize {
  let w = 0;
  let h = 0;
  for (const n of nodes) {
    if (n.parent !== -1) continue;
    w = Math.max(w, n.bounds[2]);
    h = Math.max(h, n.bounds[3]);
  }
  if (w === 0 || h === 0) {
    for (const n of nodes) {
      w = Math.max(w, n.bounds[2]);
      h = Math.max(h, n.bounds[3]);
    }
  }
  return { w, h };
}

export function finishSnapshot(nodes: NodeDraft[], facts: SnapshotFacts): UiSnapshot {
  for (const n of nodes) if (n.parent >= 0) itemAt(nodes, n.parent, "parent node").childCount++;
  const ranked = rankPackages(nodes);
  const pkg = facts.package || ranked[0] || "";
  const packages = pkg && ranked[0] !== pkg ? [pkg, ...ranked.filter((p) => p !== pkg)] : ranked;
  const extent = extentOfRoots(nodes);
  // A declared size (Appium's window size, the phone's display) may leave out the navigation bar,
  // so the screen is whichever is larger: what was declared or what the windows cover.
  const screen = {
    w: Math.max(facts.screen?.w ?? 0, extent.w),
    h: Math.max(facts.screen?.h ?? 0, extent.h),
  };
  return {
    source: facts.source,
    nodes,
    package: pkg,
    packages,
    activity: facts.activity ?? "",
    screen,
    rotation: facts.rotation ?? 0,
    keyboardShown: facts.keyboardShown ?? false,
    imePackage: facts.imePackage ?? "",
    truncated: facts.truncated ?? false,
  };
}
