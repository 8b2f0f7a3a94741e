import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import type { VirtualDevice } from "../../../hub/sim/device/index.js";

let nextId = 1;

/** Runs one request body on a device with a fresh request id. */
export function run(device: VirtualDevice, body: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
  return device.execute({ id: nextId++, ...body });
}

export async function ui(device: VirtualDevice): Promise<droidhub.v1.IUiTree> {
  const result = await run(device, { getUi: { allWindows: true } });
  if (result.ok !== true || !result.ui) throw new Error(`getUi failed: ${result.error?.message}`);
  return result.ui;
}

/** Index of the first node whose resource id ends with ":id/<name>" (or equals it), else throws. */
export function indexOf(tree: droidhub.v1.IUiTree, name: string): number {
  const i = (tree.nodes ?? []).findIndex((n) => n.resourceId === name || (n.resourceId ?? "").endsWith(`:id/${name}`));
  if (i < 0) throw new Error(`no node ${name}`);
  return i;
}

export function findText(tree: droidhub.v1.IUiTree, text: string): droidhub.v1.IUiNode | undefined {
  return (tree.nodes ?? []).find((n) => n.text === text);
}

export function centre(node: { bounds?: droidhub.v1.IBounds | null | undefined }): { x: number; y: number } {
  const b = node.bounds!;
  return { x: Math.floor(((b.left ?? 0) + (b.right ?? 0)) / 2), y: Math.floor(((b.top ?? 0) + (b.bottom ?? 0)) / 2) };
}

/** Taps the centre of a node found by resource id name or by text. */
export async function tapOn(device: VirtualDevice, what: { id?: string; text?: string }): Promise<droidhub.v1.IResult> {
  const tree = await ui(device);
  const node = what.id !== undefined ? tree.nodes![indexOf(tree, what.id)] : findText(tree, what.text ?? "");
  if (node === undefined) throw new Error(`no node ${JSON.stringify(what)}`);
  return run(device, { tap: centre(node) });
}
