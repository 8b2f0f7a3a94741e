/**
 * One look at the phone for the step agent: tree → compact elements (plus virtual ones from the vision
 * fallback on an empty or opaque tree) → the element list text → the set-of-marks screenshot at half
 * size. The screenshot goes through the frame pipeline first (secrets painted over) and everything
 * after — the vision detector, the annotated image, the verifier's frames — uses only that. The
 * annotated bytes are kept as they are: the StepLog stores exactly what the model saw.
 */
import { Phone } from "../../devices/phone.js";
import type { DeviceSession } from "../../devices/types.js";
import {
  type AnnotatedImage,
  annotateScreenshot,
  type CompactSnapshot,
  compact,
  parseSnapshot,
  type Rect,
  renderElements,
  TRUNCATED_TREE_NOTE,
  type UiElement,
  type VisionDetector,
  withVisionFallback,
} from "../../perception/index.js";
import { type Shot, shotOf } from "../frames.js";
import { SecretMask } from "../secret-mask.js";
import { SecretVault } from "../secrets.js";

export interface Perception {
  view: CompactSnapshot;
  /** Tree elements plus virtual (vision) elements when the tree could not describe the screen. */
  elements: UiElement[];
  /** Element lines as the prompt shows them. */
  text: string;
  tokens: number;
  /** The screenshot, secrets painted over (for the verifier's A+B frame); undefined when the phone gave none. */
  screenshot: Buffer | undefined;
  /** The same, or why there is none (what the step's frame reports). */
  shot: Shot;
  /** Where secrets show on this screen, in device pixels. */
  secrets: Rect[];
  /** The set-of-marks image; undefined without a screenshot. */
  annotated: AnnotatedImage | undefined;
  visionUsed: boolean;
  ms: number;
}

export interface PerceiveOptions {
  vision?: VisionDetector | undefined;
  /** Token ceiling for the element list. */
  elementTokens: number;
  /** The run's secret mask; without one, only what the tree marks secret (password fields) is painted. */
  mask?: SecretMask | undefined;
  /** Annotated image scale (default 0.5). */
  scale?: number;
  signal?: AbortSignal | undefined;
}

export async function perceive(session: DeviceSession, options: PerceiveOptions): Promise<Perception> {
  const started = performance.now();
  const callOptions = options.signal ? { signal: options.signal } : {};
  // Both at once; the screenshot is masked once the tree says where the secrets are.
  const phone = new Phone(session);
  const shotCall = phone.screenshot({}, callOptions);
  shotCall.catch(() => undefined); // read by shotOf below; a failed getUi must not leave it unhandled
  const { tree } = await phone.getUi(callOptions);
  const snapshot = parseSnapshot(tree);
  const view = compact(snapshot);
  const secrets = (options.mask ?? new SecretMask(new SecretVault())).rectsOf(snapshot, view);
  const shot = await shotOf(session, shotCall, { secrets, view }, options.signal);
  const screenshot = shot.image;
  const elements = await withVisionFallback(view, screenshot, options.vision, {
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const rendered = renderElements(elements, "text", { maxTokens: options.elementTokens });
  const annotated = screenshot
    ? await annotateScreenshot(screenshot, elements, { scale: options.scale ?? 0.5, device: view.screen })
    : undefined;
  return {
    view,
    elements,
    text: rendered.text || "(no elements)",
    tokens: rendered.tokens,
    screenshot,
    shot,
    secrets,
    annotated,
    visionUsed: elements.some((e) => e.virtual === true),
    ms: Math.round(performance.now() - started),
  };
}

export function screenHeader(p: Perception): string {
  const parts = [`package: ${p.view.package || "unknown"}${p.view.activity ? ` / ${p.view.activity}` : ""}`];
  if (p.view.keyboardShown) parts.push("keyboard shown");
  if (p.view.dialogs.length > 0) parts.push(`dialogs: ${p.view.dialogs.map((d) => d.title || "untitled").join(", ")}`);
  if (p.view.truncated) parts.push(TRUNCATED_TREE_NOTE);
  if (p.visionUsed)
    parts.push(`elements marked "vision" were found on the screenshot (${p.view.visionReasons.join(", ")})`);
  return parts.join("; ");
}

/** A fingerprint of the screen for oscillation checks: package, activity and the element keys. */
export function screenKey(p: Perception): string {
  return [p.view.package, p.view.activity, ...p.elements.map((e) => `${e.tag}:${e.meta.key}`)].join("|");
}
