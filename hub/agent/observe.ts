/**
 * One look at the phone: the raw tree, the compact view the model reasons over, its rendering, and
 * where secrets show on it (painted over on every frame of this screen, see frames.ts).
 */
import { Phone, type UiTree } from "../devices/phone.js";
import type { DeviceSession } from "../devices/types.js";
import {
  type CompactSnapshot,
  compact,
  parseSnapshot,
  type Rect,
  renderElements,
  TRUNCATED_TREE_NOTE,
} from "../perception/index.js";
import { SecretMask } from "./secret-mask.js";
import { SecretVault } from "./secrets.js";

export interface Observation {
  tree: UiTree;
  view: CompactSnapshot;
  /** The element list in the terse line form, as prompts show it. */
  text: string;
  tokens: number;
  /** Where secrets show on this screen, in device pixels (SecretMask.rectsOf). */
  secrets: Rect[];
}

export const UI_TOKEN_BUDGET = 3_000;

/** `mask` is the run's; without one, only what the tree itself marks secret (password fields) is known. */
export async function observe(session: DeviceSession, signal?: AbortSignal, mask?: SecretMask): Promise<Observation> {
  const { tree } = await new Phone(session).getUi(signal ? { signal } : {});
  const snapshot = parseSnapshot(tree);
  const view = compact(snapshot);
  const rendered = renderElements(view.elements, "text", { maxTokens: UI_TOKEN_BUDGET });
  const secrets = (mask ?? new SecretMask(new SecretVault())).rectsOf(snapshot, view);
  return { tree, view, text: rendered.text, tokens: rendered.tokens, secrets };
}

export function describeScreen(obs: Observation): string {
  const head = `package: ${obs.view.package}${obs.view.activity ? ` / ${obs.view.activity}` : ""}`;
  const extra: string[] = [];
  if (obs.view.keyboardShown) extra.push("keyboard shown");
  if (obs.view.dialogs.length > 0)
    extra.push(`dialogs: ${obs.view.dialogs.map((d) => d.title || "untitled").join(", ")}`);
  if (obs.view.truncated) extra.push(TRUNCATED_TREE_NOTE);
  return [head, ...extra, 'elements (id tag "label" (cx,cy) flags):', obs.text].join("\n");
}
