/**
 * The one snapshot model every source (proto tree, uiautomator/Appium XML, Mobilerun JSON) is parsed into.
 * Nodes are a flat pre-order list; `parent` indexes into it (-1 for a window root), so walking and
 * ancestry checks need no recursion.
 */

/** A rectangle in device pixels: left, top, right, bottom (right/bottom exclusive, as Android reports). */
export type Rect = readonly [number, number, number, number];

export type SnapshotSource =
  | "proto"
  | "uiautomator"
  | "appium"
  | "mobilerun-state"
  | "mobilerun-tree"
  | "mobilerun-elements";

export interface UiNodeData {
  /** Position in the flat pre-order list. */
  readonly index: number;
  readonly parent: number;
  readonly depth: number;
  readonly windowId: number;
  readonly packageName: string;
  readonly className: string;
  readonly text: string;
  readonly contentDesc: string;
  readonly hint: string;
  readonly resourceId: string;
  readonly bounds: Rect;
  readonly clickable: boolean;
  readonly longClickable: boolean;
  readonly focusable: boolean;
  readonly focused: boolean;
  readonly editable: boolean;
  readonly checkable: boolean;
  readonly checked: boolean;
  readonly scrollable: boolean;
  readonly enabled: boolean;
  readonly selected: boolean;
  readonly password: boolean;
  /** False only when the source said the node is not visible to the user. */
  readonly visible: boolean;
  /** uiautomator's NAF ("not accessibility friendly") marker: a clickable with no label of its own. */
  readonly naf: boolean;
  readonly childCount: number;
}

export interface ScreenSize {
  readonly w: number;
  readonly h: number;
}

export interface UiSnapshot {
  readonly source: SnapshotSource;
  readonly nodes: readonly UiNodeData[];
  /** Foreground (application) package: the package owning most area among application windows. */
  readonly package: string;
  /** Every package present in the snapshot, foreground first. */
  readonly packages: readonly string[];
  /** Activity when the source reports it (proto, Mobilerun state); "" otherwise. */
  readonly activity: string;
  readonly screen: ScreenSize;
  /** 0..3 as reported by the source; may disagree with the bounds, which are what we trust. */
  readonly rotation: number;
  readonly keyboardShown: boolean;
  /** Package of the input method when the source names it (proto); "" otherwise. */
  readonly imePackage: string;
  /** The phone cut the tree at its node or depth limit (proto): some nodes are missing. */
  readonly truncated: boolean;
}

/** Mutable shape used by the parsers while they fill the list. */
export type NodeDraft = { -readonly [K in keyof UiNodeData]: UiNodeData[K] };

export function emptyNode(index: number, parent: number, depth: number): NodeDraft {
  return {
    index,
    parent,
    depth,
    windowId: 0,
    packageName: "",
    className: "",
    text: "",
    contentDesc: "",
    hint: "",
    resourceId: "",
    bounds: [0, 0, 0, 0],
    clickable: false,
    longClickable: false,
    focusable: false,
    focused: false,
    editable: false,
    checkable: false,
    checked: false,
    scrollable: false,
    enabled: true,
    selected: false,
    password: false,
    visible: true,
    naf: false,
    childCount: 0,
  };
}
