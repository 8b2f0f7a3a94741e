/**
 * The shape of a virtual app. Apps are data: immutable screen definitions shared by every virtual
 * device in the process. A device only keeps which screen it is on, its field values and offsets.
 *
 * Coordinates are in a 1080 × 2400 reference screen; devices with another size scale them.
 */

/** [left, top, right, bottom] in reference pixels. */
export type Rect = readonly [left: number, top: number, right: number, bottom: number];

export type Vars = Readonly<Record<string, string>>;

/** What a tap (or a submit, or a key) does. `arg` and `set` values may hold `{name}` templates. */
export type Action =
  | { readonly kind: "push"; readonly screen: string; readonly arg?: string; readonly set?: Vars }
  | {
      readonly kind: "replace";
      readonly screen: string;
      readonly arg?: string;
      readonly set?: Vars;
      /** Forget every field of the app first (sign out). */
      readonly clear?: boolean;
    }
  | { readonly kind: "back" }
  | { readonly kind: "launch"; readonly app: string }
  | { readonly kind: "submit" }
  | { readonly kind: "toggle"; readonly key: string }
  | { readonly kind: "type"; readonly text: string }
  | { readonly kind: "key"; readonly key: "enter" | "delete" }
  | { readonly kind: "dismiss" }
  | { readonly kind: "none" };

export interface NodeSpec {
  /** Fully qualified Android class name. */
  readonly cls: string;
  /** Entry name ("email" → "<pkg>:id/email") or a full id containing ":" ("android:id/content"). */
  readonly id?: string;
  /** Text; `{name}` is replaced by the screen's params or the device's field values. */
  readonly text?: string;
  readonly desc?: string;
  readonly hint?: string;
  readonly bounds: Rect;
  readonly clickable?: boolean;
  readonly longClickable?: boolean;
  readonly focusable?: boolean;
  /** Editable field: the name of the field value it shows and edits. */
  readonly field?: string;
  readonly password?: boolean;
  /** Checkable: the field value that holds "1" when checked. */
  readonly checkedVar?: string;
  readonly selected?: boolean;
  readonly enabled?: boolean;
  /** The screen's primary button: the "moving button" knob shifts it. */
  readonly primary?: boolean;
  readonly onTap?: Action;
  readonly onLongPress?: Action;
  /** A vertically scrolling list; its rows are generated from the device's scroll offset. */
  readonly list?: ListSpec;
  readonly children?: readonly NodeSpec[];
}

export interface RowSpec {
  readonly title: string;
  readonly summary?: string;
  /** A row with a switch bound to this field value; tapping the row toggles it. */
  readonly toggle?: string;
  readonly onTap?: Action;
}

export interface ListSpec {
  readonly rowHeight: number;
  readonly rows: readonly RowSpec[];
}

export interface SubmitContext {
  /** A field value ("" when unset). */
  get(name: string): string;
  /** The argument the current screen was opened with (a URL in the browser). */
  readonly arg: string;
}

export interface ScreenSpec {
  readonly id: string;
  /** Activity class name, e.g. ".LoginActivity". */
  readonly activity: string;
  /** A dialog drawn over the screen below it (same activity, own window, blocks touches below). */
  readonly modal?: boolean;
  readonly root: NodeSpec;
  /** Template values derived from the screen's argument (page title for a URL). */
  readonly params?: (arg: string) => Vars;
  /** Field values set whenever the screen comes to the top (the address bar shows the page URL). */
  readonly onEnter?: (arg: string) => Vars;
  /** What Enter (or a submit button) does. */
  readonly onSubmit?: (ctx: SubmitContext) => Action;
}

export interface AppSpec {
  /** Short id used by the CLI and tests: "login". */
  readonly id: string;
  readonly pkg: string;
  readonly label: string;
  readonly version: string;
  readonly system: boolean;
  /** Icon colour on the launcher. */
  readonly color: string;
  readonly start: string;
  readonly screens: Readonly<Record<string, ScreenSpec>>;
}
