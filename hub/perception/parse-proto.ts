/** The droidhub wire tree (flat pre-order list with parent indexes) → UiSnapshot. */

import { HubError } from "../errors/hub-error.js";
import { itemAt } from "../errors/invariant.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { finishSnapshot } from "./finish.js";
import { emptyNode, type NodeDraft, type UiSnapshot } from "./snapshot.js";
import { cleanText } from "./text.js";

export type ProtoUiTree = droidhub.v1.IUiTree;

/**
 * Wire nodes → drafts. A wire list with a parent after its child is refused: parents must come first.
 * `trustVisible` false reads every node as visible (see parseProtoTree).
 */
export function draftsFromWire(list: readonly droidhub.v1.IUiNode[], trustVisible: boolean): NodeDraft[] {
  const nodes: NodeDraft[] = [];
  for (let i = 0; i < list.length; i++) {
    const src = itemAt(list, i, "node");
    const parent = src.parent ?? -1;
    if (parent >= i || parent < -1) {
      throw new HubError("PARSE_ERROR", `node ${i} has parent ${parent}; parents must come first`, {
        details: { format: "proto", node: i },
      });
    }
    const node = emptyNode(i, parent, parent === -1 ? 0 : itemAt(nodes, parent, "parent node").depth + 1);
    const b = src.bounds;
    node.bounds = b ? [b.left ?? 0, b.top ?? 0, b.right ?? 0, b.bottom ?? 0] : [0, 0, 0, 0];
    node.windowId = src.windowId ?? 0;
    node.packageName = src.packageName ?? "";
    node.className = src.className ?? "";
    node.text = cleanText(src.text);
    node.contentDesc = cleanText(src.contentDesc);
    node.hint = cleanText(src.hint);
    node.resourceId = src.resourceId ?? "";
    node.clickable = src.clickable === true;
    node.longClickable = src.longClickable === true;
    node.focusable = src.focusable === true;
    node.focused = src.focused === true;
    node.editable = src.editable === true;
    node.checkable = src.checkable === true;
    node.checked = src.checked === true;
    node.scrollable = src.scrollable === true;
    node.enabled = src.enabled !== false;
    node.selected = src.selected === true;
    node.password = src.password === true;
    node.visible = trustVisible ? src.visible === true : true;
    if (node.hint && node.hint === node.text) node.text = "";
    nodes.push(node);
  }
  return nodes;
}

export function parseProtoTree(tree: ProtoUiTree): UiSnapshot {
  const list = tree.nodes ?? [];
  // proto3 booleans have no presence: an older phone that never fills `visible` sends false for
  // every node. Trust the field only when some node sets it.
  const nodes = draftsFromWire(
    list,
    list.some((n) => n.visible === true),
  );
  const s = tree.screen;
  return finishSnapshot(nodes, {
    source: "proto",
    package: tree.foregroundPackage ?? "",
    activity: tree.foregroundActivity ?? "",
    rotation: s?.rotation ?? 0,
    keyboardShown: tree.keyboard?.shown === true,
    imePackage: tree.keyboard?.imePackage ?? "",
    truncated: tree.truncated === true,
    ...(s?.width && s.height ? { screen: { w: s.width, h: s.height } } : {}),
  });
}
