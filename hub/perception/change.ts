/**
 * Change level between two compacted snapshots, and the same change in words for the verifier.
 *   0 nothing relevant changed
 *   1 same screen, content changed (text, value, checked, focus, scroll position)
 *   2 structure changed (interactive elements added/removed, dialog or keyboard appeared/closed)
 *   3 new screen (package, activity or main window changed)
 * Status-bar content (clock, battery) never counts.
 */
import type { CompactSnapshot } from "./compact.js";
import type { UiElement } from "./element.js";
import { truncate } from "./text.js";

export type ChangeLevel = 0 | 1 | 2 | 3;

export interface ElementChange {
  before: UiElement;
  after: UiElement;
  what: string[];
}

export interface ChangeReport {
  level: ChangeLevel;
  summary: string;
  added: UiElement[];
  removed: UiElement[];
  changed: ElementChange[];
}

const STATUS_BAR_PACKAGE = "com.android.systemui";
const MAX_PHRASES = 6;

function name(e: UiElement): string {
  const label = truncate(e.label || e.resourceId.split("/").pop() || e.tag, 40);
  switch (e.tag) {
    case "EditText":
      return `field '${label}'`;
    case "Switch":
      return `switch '${label}'`;
    case "CheckBox":
    case "Radio":
      return `option '${label}'`;
    case "Text":
      return `text '${label}'`;
    case "Keyboard":
      return "keyboard";
    case "List":
    case "Scroll":
      return `list '${label}'`;
    default:
      return `${e.tag === "Item" ? "item" : e.tag.toLowerCase()} '${label}'`;
  }
}

/** Pairs elements by fingerprint; repeated fingerprints (list rows) pair nearest-first. */
type Pairing = ReturnType<typeof pair>;

function pair(a: readonly UiElement[], b: readonly UiElement[]) {
  const pool = new Map<string, UiElement[]>();
  for (const e of a) {
    const list = pool.get(e.meta.fingerprint);
    if (list) list.push(e);
    else pool.set(e.meta.fingerprint, [e]);
  }
  const pairs: Array<[UiElement, UiElement]> = [];
  const added: UiElement[] = [];
  for (const e of b) {
    const list = pool.get(e.meta.fingerprint);
    if (!list || list.length === 0) {
      added.push(e);
      continue;
    }
    // The nearest candidate (the first of equals), taken out of the list.
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    list.forEach((c, i) => {
      const d = Math.abs(c.cx - e.cx) + Math.abs(c.cy - e.cy);
      if (d < bestDistance) {
        best = i;
        bestDistance = d;
      }
    });
    const [match] = list.splice(best, 1);
    if (match !== undefined) pairs.push([match, e]);
  }
  const removed = [...pool.values()].flat();
  return { pairs, added, removed };
}

function compare(before: UiElement, after: UiElement): string[] {
  const what: string[] = [];
  if ((before.value ?? "") !== (after.value ?? "")) {
    if (!after.value) what.push(`${name(after)} cleared`);
    else if (after.password || !before.value) what.push(`${name(after)} now has text`);
    else what.push(`${name(after)} now reads '${truncate(after.value, 40)}'`);
  }
  if (before.label !== after.label && before.tag !== "EditText") {
    what.push(`${name(before)} now reads '${truncate(after.label, 40)}'`);
  }
  if (before.checked !== after.checked) what.push(`${name(after)} now ${after.checked ? "checked" : "unchecked"}`);
  if (!before.focused && after.focused) what.push(`focus moved to ${name(after)}`);
  if (Boolean(before.selected) !== Boolean(after.selected) && after.selected) what.push(`${name(after)} selected`);
  if (Boolean(before.disabled) !== Boolean(after.disabled)) {
    what.push(`${name(after)} now ${after.disabled ? "disabled" : "enabled"}`);
  }
  return what;
}

function relevant(e: UiElement): boolean {
  return e.meta.packageName !== STATUS_BAR_PACKAGE || e.meta.interactive;
}

function listNames(items: readonly UiElement[], max: number): string {
  const shown = items.slice(0, max).map(name).join(", ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/** What a comparison found so far: the highest level, and the phrases in the order found. */
class Findings {
  level: ChangeLevel = 0;
  readonly phrases: string[] = [];

  note(level: ChangeLevel, ...phrases: string[]): void {
    if (level > this.level) this.level = level;
    this.phrases.push(...phrases);
  }
}

/** Another app or another activity: level 3. */
function screenChanges(a: CompactSnapshot, b: CompactSnapshot, found: Findings): void {
  if (a.package !== b.package) {
    found.note(3, `app changed from ${a.package || "unknown"} to ${b.package || "unknown"}`);
  } else if (a.activity && b.activity && a.activity !== b.activity) {
    found.note(3, `screen changed to ${b.activity.split(".").pop()}`);
  }
}

/** Dialogs that opened or closed and the keyboard: level 2. */
function overlayChanges(a: CompactSnapshot, b: CompactSnapshot, found: Findings): void {
  const titles = (s: CompactSnapshot) => s.dialogs.map((d) => d.title || "untitled");
  const beforeDialogs = titles(a);
  const afterDialogs = titles(b);
  for (const t of afterDialogs) if (!beforeDialogs.includes(t)) found.note(2, `dialog '${truncate(t, 60)}' appeared`);
  for (const t of beforeDialogs) if (!afterDialogs.includes(t)) found.note(2, `dialog '${truncate(t, 60)}' closed`);
  if (a.keyboardShown !== b.keyboardShown) found.note(2, b.keyboardShown ? "keyboard appeared" : "keyboard closed");
}

/** Controls that came or went (level 2), changed elements, text and scrolling (level 1). */
function elementChanges(paired: Pairing, changed: readonly ElementChange[], found: Findings): void {
  const { pairs, added, removed } = paired;
  const addedInteractive = added.filter((e) => e.meta.interactive);
  const removedInteractive = removed.filter((e) => e.meta.interactive);
  if (addedInteractive.length > 0) found.note(2, `${listNames(addedInteractive, 3)} appeared`);
  if (removedInteractive.length > 0) found.note(2, `${listNames(removedInteractive, 3)} disappeared`);
  for (const c of changed) found.note(1, ...c.what);
  const addedText = added.filter((e) => !e.meta.interactive);
  const removedText = removed.filter((e) => !e.meta.interactive);
  if (addedText.length > 0 || removedText.length > 0) {
    found.note(1);
    if (addedText.length > 0) found.note(1, `new ${listNames(addedText, 2)}`);
    if (removedText.length > 0 && addedText.length === 0) found.note(1, `${listNames(removedText, 2)} gone`);
  }
  const moved = pairs.filter(([x, y]) => x.cy !== y.cy || x.cx !== y.cx).length;
  if (moved > 0 && moved >= pairs.length / 2) found.note(1, "content scrolled");
}

function summarize(found: readonly string[]): string {
  // The keyboard is both a state and an element; say each thing once.
  const phrases = [...new Set(found)];
  if (phrases.length === 0) return "nothing relevant changed";
  if (phrases.length > MAX_PHRASES) {
    return `${phrases.slice(0, MAX_PHRASES).join("; ")}; and ${phrases.length - MAX_PHRASES} more changes`;
  }
  return phrases.join("; ");
}

export function changeLevel(a: CompactSnapshot, b: CompactSnapshot): ChangeReport {
  const paired = pair(a.elements.filter(relevant), b.elements.filter(relevant));
  const changed: ElementChange[] = [];
  for (const [before, after] of paired.pairs) {
    const what = compare(before, after);
    if (what.length > 0) changed.push({ before, after, what });
  }
  const found = new Findings();
  screenChanges(a, b, found);
  overlayChanges(a, b, found);
  // Another screen explains everything on it: its elements are not listed one by one.
  if (found.level < 3) elementChanges(paired, changed, found);
  const { added, removed } = paired;
  return { level: found.level, summary: summarize(found.phrases), added, removed, changed };
}
