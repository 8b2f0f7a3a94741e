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
 *   (a vision element) by its bounds while its app is in front.
 */
import { Phone } from "../devices/phone.js";
import type { DeviceSession, ScreenMask } from "../devices/types.js";
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
      if (n.password || this.#vault.shows(n.text) || this.#vault.shows(n.contentDesc)) rects.push(n.bounds);
    }
    for (const e of view.elements) {
      // A field showing a secret stays painted even after its text changes: it held one once.
      if (e.editable && this.#vault.shows(`${e.label}\n${e.value ?? ""}`)) this.#typed.add(e.meta.fingerprint);
      if (this.#typed.has(e.meta.fingerprint)) rects.push(e.bounds);
    }
    for (const field of this.#virtual) if (field.package === view.package) rects.push(field.bounds);
    this.#latest = { rects, screen: view.screen };
    return rects;
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
    return {
      apply: async (image) => {
        const { tree } = await new Phone(session).readUi();
        const rects = [...(this.#latest?.rects ?? [])];
        let screen = this.#latest?.screen;
        if (tree) {
          const snapshot = parseSnapshot(tree);
          const view = compact(snapshot);
          rects.push(...this.rectsOf(snapshot, view));
          screen = view.screen;
        }
        return screen ? this.paint(image, rects, screen) : image;
      },
      redact: (value) => this.#vault.redact(value),
    };
  }
}
