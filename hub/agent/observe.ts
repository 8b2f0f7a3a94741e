/**
 * One look at the phone: the raw tree, the compact view the model reasons over, and its rendering.
 */
import type { DeviceSession } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";
import {
  type CompactSnapshot,
  compact,
  parseSnapshot,
  renderElements,
  TRUNCATED_TREE_NOTE,
} from "../perception/index.js";
import type { droidhub } from "../protocol/generated/droidhub.js";

export interface Observation {
  tree: droidhub.v1.IUiTree;
  view: CompactSnapshot;
  /** The element list in the terse line form, as prompts show it. */
  text: string;
  tokens: number;
}

export const UI_TOKEN_BUDGET = 3_000;

export async function observe(session: DeviceSession, signal?: AbortSignal): Promise<Observation> {
  const { result } = await session.call({ getUi: { allWindows: true } }, signal ? { signal } : {});
  if (!result.ui) throw new HubError("PROTOCOL_ERROR", "getUi answered without a tree");
  const view = compact(parseSnapshot(result.ui));
  const rendered = renderElements(view.elements, "text", { maxTokens: UI_TOKEN_BUDGET });
  return { tree: result.ui, view, text: rendered.text, tokens: rendered.tokens };
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
