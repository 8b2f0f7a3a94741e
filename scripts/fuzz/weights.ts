/**
 * Each target's share of a run, by name (kept apart from the targets so a test of one target need not
 * load the others). The gateway is slow per input (a socket each), so it gets one share in a hundred.
 */
export const WEIGHTS = {
  envelope: 22,
  "portal-frame": 22,
  "portal-json": 15,
  "uiautomator-xml": 20,
  "tool-call": 20,
  gateway: 1,
} as const;

export type TargetName = keyof typeof WEIGHTS;

/** `total` runs shared by weight (largest remainders), at least one each, summing to `total` exactly. */
export function splitRuns(
  total: number,
  names: readonly TargetName[] = Object.keys(WEIGHTS) as TargetName[],
): Map<TargetName, number> {
  const weight = names.reduce((sum, name) => sum + WEIGHTS[name], 0);
  const shares = names.map((name) => {
    const exact = (total * WEIGHTS[name]) / weight;
    return { name, runs: Math.max(1, Math.floor(exact)), rest: exact - Math.floor(exact) };
  });
  let left = total - shares.reduce((sum, s) => sum + s.runs, 0);
  for (const share of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    share.runs++;
    left--;
  }
  return new Map(shares.map((s) => [s.name, s.runs]));
}
