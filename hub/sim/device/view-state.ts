/** A virtual device's view state and the tables built from it (tree.ts builds them, tree-writer.ts writes the nodes). */
import type { droidhub } from "../../protocol/generated/droidhub.js";
import type { Action, AppSpec, ScreenSpec } from "../apps/types.js";

/** One entry of a device's back stack. Immutable: a scroll replaces the frame. */
export interface Frame {
  readonly app: AppSpec;
  readonly screen: ScreenSpec;
  readonly arg: string;
  /** List scroll offset in reference pixels. */
  readonly scroll: number;
}

/** Everything the screen shows, derived from a device's state. */
export interface ViewState {
  readonly width: number;
  readonly height: number;
  /** Topmost full-screen frame (gives the foreground activity). */
  readonly base: Frame;
  /** A modal dialog frame drawn over `base`. */
  readonly dialog: Frame | undefined;
  readonly vars: ReadonlyMap<string, string> | undefined;
  readonly focus: string | undefined;
  readonly keyboard: boolean;
  readonly popup: boolean;
  readonly moved: boolean;
  /** "HH:MM" shown in the status bar. */
  readonly clock: string;
}

export const WINDOW = { status: 1, app: 2, dialog: 3, popup: 4, ime: 5 } as const;

/** What a node does when touched, next to the protobuf node at the same index. */
export interface NodeRef {
  readonly window: number;
  readonly action: Action | undefined;
  readonly longAction: Action | undefined;
  readonly field: string | undefined;
  readonly list: boolean;
}

export interface TreeView {
  readonly ui: droidhub.v1.IUiTree;
  readonly refs: readonly (NodeRef | undefined)[];
}

export interface Layer {
  readonly id: number;
  readonly bounds: droidhub.v1.IBounds;
  /** Swallows every touch that is not on it or above it (dialogs, popups). */
  readonly modal: boolean;
  readonly start: number;
  readonly end: number;
}
