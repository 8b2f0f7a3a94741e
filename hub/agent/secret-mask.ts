/**
 * Where secrets show on a screen, so that no secret leaves the hub as pixels. The vault keeps secret
 * values out of text; this keeps them out of images: every screenshot a run takes is painted over
 * (frames.ts) at the places this class names, before anything — the model, the verifier, the vision
 * detector, the step record, the report — sees it.
 *
 * Painted over, on every screen:
 * - fields the tree marks as password fields;
 * - any node whose text or description shows a secret value;
 * - a field a secret was typed into, for the rest of the run, wherever it is while it is on screen
 *   (found again by fingerprint, so a scrolled form is followed); a field the tree did not describe
 *   (a vision element) by its bounds while its app is in front;
 * - what a person typed during a takeover (an OTP, a password), like a secret value: the hub never
 *   knows which of their words are secret, so all of them are.
 */
import { Phone, type UiTree } from "../devices/phone.js";
import type { DeviceSession, ScreenMask, ScreenRect } from "../devices/types.js";
import {
  type CompactSnapshot,
  compact,
  maskRegions,
  parseSnapshot,
  type Rect,
  type ScreenSize,
  type UiElement,
  type UiSnapshot,
} from "../perception/index.js";
import { SecretVault } from "./secrets.js";

interface TypedVirtualField {
  package: string;
  bounds: Rect;
}

export class SecretMask {
  readonly #vault: SecretVault;
  /** Fingerprints of tree fields a secret was typed into. */
  readonly #typed = new Set<string>();
  readonly #virtual: TypedVirtualField[] = [];
  /** What people typed during takeovers, checked as secret values are (SecretVault.shows). */
  #typedByHuman: SecretVault | undefined;
  readonly #humanValues: string[] = [];
  /** A person typed since the last read: the focused field took it (a live view types key by key). */
  #humanTypedPending = false;
  /** The places painted on the latest screen read, for a screenshot taken between two reads. */
  #latest: { rects: Rect[]; screen: ScreenSize } | undefined;

  constructor(vault: SecretVault) {
    this.#vault = vault;
  }

  /**
   * `text` was typed into `target` (or, without one, the focused field) on the screen `view`: when
   * it put a secret on the phone, that field is painted over from now on.
   */
  typed(text: string, target: UiElement | undefined, view: { elements: readonly UiElement[]; package: string }): void {
    if (!SecretVault.hasPlaceholder(text)) return;
    const field = target ?? view.elements.find((e) => e.editable && e.focused);
    if (!field) return;
    if (field.virtual || field.meta.node < 0) this.#virtual.push({ package: view.package, bounds: field.bounds });
    else this.#typed.add(field.meta.fingerprint);
  }

  /** The places to paint on this screen, in device pixels. */
  rectsOf(snapshot: UiSnapshot, view: CompactSnapshot): Rect[] {
    const rects: Rect[] = [];
    for (const n of snapshot.nodes) {
      if (!n.visible) continue;
      if (n.password || this.shows(n.text) || this.shows(n.contentDesc)) rects.push(n.bounds);
    }
    if (this.#humanTypedPending) {
      const focused = view.elements.find((e) => e.editable && e.focused);
      if (focused) {
        this.#typed.add(focused.meta.fingerprint);
        this.#humanTypedPending = false;
      }
    }
    for (const e of view.elements) {
      // A field showing a secret stays painted even after its text changes: it held one once.
      if (e.editable && this.shows(`${e.label}\n${e.value ?? ""}`)) this.#typed.add(e.meta.fingerprint);
      if (this.#typed.has(e.meta.fingerprint)) rects.push(e.bounds);
    }
    for (const field of this.#virtual) if (field.package === view.package) rects.push(field.bounds);
    this.#latest = { rects, screen: view.screen };
    return rects;
  }

  /** Whether rectsOf can name a place beyond the screen's password fields: anything secret to look for. */
  get hidesMore(): boolean {
    return (
      this.#vault.size > 0 ||
      this.#typed.size > 0 ||
      this.#virtual.length > 0 ||
      this.#humanValues.length > 0 ||
      this.#humanTypedPending
    );
  }

  /** Whether `text` shows a secret value or something a person typed during a takeover. */
  shows(text: string): boolean {
    return this.#vault.shows(text) || (this.#typedByHuman?.shows(text) ?? false);
  }

  /**
   * A person typed `value` on the phone (takeover): the field it went into, and the value wherever it
   * shows, are painted over from now on. A value under 4 characters (a key of a live view's keyboard)
   * is not matched on its own — it would paint every "4" on screen; its field is.
   */
  hide(value: string): void {
    this.#humanTypedPending = true;
    if (value.trim().length < 4 || this.#humanValues.includes(value)) return;
    this.#humanValues.push(value);
    this.#typedByHuman = new SecretVault(Object.fromEntries(this.#humanValues.map((v, i) => [`typed_${i + 1}`, v])));
  }

  /** `value` with every secret value replaced by its placeholder (the vault's redact). */
  redact<T>(value: T): T {
    return this.#vault.redact(value);
  }

  /** `image` of a screen with `rects` painted over (see rectsOf). */
  paint(image: Buffer, rects: readonly Rect[], screen: ScreenSize): Promise<Buffer> {
    return maskRegions(image, rects, screen);
  }

  /**
   * The mask for screenshots taken outside the agent (the API's) while the run holds the phone: the
   * screen is read again, and what the latest read showed is painted too, in case it changed between.
   */
  forDevice(session: DeviceSession): ScreenMask {
    return new DeviceScreenMask(this, session);
  }

  /** What the latest read of the screen showed (rectsOf), for a look whose own read came too late. */
  get latest(): { rects: Rect[]; screen: ScreenSize } | undefined {
    return this.#latest;
  }
}

/** SecretMask.forDevice: a class, not four closures a run (every fleet task makes one). */
class DeviceScreenMask implements ScreenMask {
  readonly #mask: SecretMask;
  readonly #session: DeviceSession;

  constructor(mask: SecretMask, session: DeviceSession) {
    this.#mask = mask;
    this.#session = session;
  }

  async apply(image: Buffer): Promise<Buffer> {
    const { tree } = await new Phone(this.#session).readUi();
    const latest = this.#mask.latest;
    const rects = [...(latest?.rects ?? [])];
    let screen = latest?.screen;
    if (tree) {
      const snapshot = parseSnapshot(tree);
      const view = compact(snapshot);
      rects.push(...this.#mask.rectsOf(snapshot, view));
      screen = view.screen;
    }
    return screen ? this.#mask.paint(image, rects, screen) : image;
  }

  redact<T>(value: T): T {
    return this.#mask.redact(value);
  }

  secretsOn(tree: UiTree): ScreenRect[] {
    const snapshot = parseSnapshot(tree);
    return this.#mask.rectsOf(snapshot, compact(snapshot));
  }

  hide(value: string): void {
    this.#mask.hide(value);
  }

  hidesMore(): boolean {
    return this.#mask.hidesMore;
  }
}
