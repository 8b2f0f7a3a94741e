/** Every fuzz target (their shares of a run are in weights.ts). */
import { envelopeTarget } from "./envelope.js";
import { gatewayTarget } from "./gateway.js";
import { mobilerunFrameTarget } from "./mobilerun-frame.js";
import { mobilerunJsonTarget } from "./mobilerun-json.js";
import type { FuzzTarget } from "./target.js";
import { toolCallTarget } from "./tool-call.js";
import { xmlTarget } from "./uiautomator-xml.js";

export const TARGETS: readonly FuzzTarget[] = [
  envelopeTarget,
  mobilerunFrameTarget,
  mobilerunJsonTarget,
  xmlTarget,
  toolCallTarget,
  gatewayTarget,
];

export function findTarget(name: string): FuzzTarget {
  const target = TARGETS.find((t) => t.name === name);
  if (!target) throw new Error(`unknown target ${name}; targets: ${TARGETS.map((t) => t.name).join(", ")}`);
  return target;
}
