/**
 * One tool call → device requests. Element indexes resolve against the elements the model was shown;
 * pixel coordinates are annotated-image pixels and map back with imageToDevice. Secrets are substituted
 * here, at the last moment, and nowhere earlier. A call that cannot be carried out (unknown element,
 * no image) is an action result the model reads, not an exception.
 */
import { Phone } from "../../devices/phone.js";
import type { DeviceSession } from "../../devices/types.js";
import { type HubErrorCode, isHubError } from "../../errors/hub-error.js";
import { type ImageMapping, imageToDevice, type UiElement } from "../../perception/index.js";
import { askHuman } from "../human.js";
import type { SecretMask } from "../secret-mask.js";
import type { SecretVault } from "../secrets.js";
import type { StepAction } from "./tools.js";

export interface ExecuteContext {
  session: DeviceSession;
  elements: readonly UiElement[];
  mapping: ImageMapping | undefined;
  /**
   * The tree cannot describe this screen (empty, opaque, truncated, canvas-like): a pixel tap needs no
   * element under it. Otherwise it must land inside a listed element.
   */
  visionFallback: boolean;
  vault: SecretVault;
  /** Told which field a secret went into, so its pixels are painted over from then on. */
  mask: SecretMask;
  /** The screen the action is for (its package, for fields the tree did not describe). */
  package: string;
  sleep: (ms: number) => Promise<void>;
  signal?: AbortSignal | undefined;
}

export interface ActionOutcome {
  ok: boolean;
  /** What happened, in words the model reads next turn (placeholders, never secret values). */
  result: string;
  /** Why the action was refused, when the hub refused it (the model reads it in `result` too). */
  error?: HubErrorCode;
}

/** How many of the nearest elements a refused pixel tap names. */
const NEAREST = 3;

function distanceTo(e: UiElement, p: { x: number; y: number }): number {
  const dx = Math.max(e.bounds[0] - p.x, 0, p.x - e.bounds[2]);
  const dy = Math.max(e.bounds[1] - p.y, 0, p.y - e.bounds[3]);
  return Math.hypot(dx, dy);
}

function inside(e: UiElement, p: { x: number; y: number }): boolean {
  return p.x >= e.bounds[0] && p.x < e.bounds[2] && p.y >= e.bounds[1] && p.y < e.bounds[3];
}

/**
 * A pixel tap needs a reason: the screen is in vision fallback, or the point is inside a listed
 * element. Anything else is a guess the element list already answers better — refused, naming the
 * elements nearest the point so the model can pick one by id.
 */
function pixelTapRefusal(
  image: { x: number; y: number },
  device: { x: number; y: number },
  ctx: ExecuteContext,
): ActionOutcome | undefined {
  if (ctx.visionFallback || ctx.elements.some((e) => inside(e, device))) return undefined;
  const nearest = [...ctx.elements]
    .sort((a, b) => distanceTo(a, device) - distanceTo(b, device))
    .slice(0, NEAREST)
    .map((e) => `${e.id} ${label(e)} (${e.cx},${e.cy})`);
  return {
    ok: false,
    error: "TAP_OUTSIDE_ELEMENTS",
    result: `TAP_OUTSIDE_ELEMENTS: image (${image.x},${image.y}) = device (${device.x},${device.y}) is inside no listed element, so nothing was tapped. Nearest: ${nearest.join("; ")}. Use tap_element with one of these ids.`,
  };
}

function label(e: UiElement): string {
  return `${e.tag} "${e.label}"`;
}

type Options = { signal?: AbortSignal };
type Find = (index: number) => UiElement | undefined;
type Missing = (index: number) => ActionOutcome;
type PointerAction = Extract<StepAction, { tool: "tap_element" | "tap" | "long_press" | "swipe" }>;

/** Touches: on an element's center, or at a point of the screenshot the model saw. */
async function pointer(
  action: PointerAction,
  ctx: ExecuteContext,
  phone: Phone,
  options: Options,
  element: Find,
  missing: Missing,
): Promise<ActionOutcome> {
  switch (action.tool) {
    case "tap_element": {
      const e = element(action.args.index);
      if (!e) return missing(action.args.index);
      await phone.tap({ x: e.cx, y: e.cy }, options);
      return { ok: true, result: `tapped ${action.args.index} ${label(e)} at device (${e.cx},${e.cy})` };
    }
    case "tap": {
      if (!ctx.mapping) return { ok: false, result: "no screenshot this step: tap an element id instead" };
      const p = imageToDevice(action.args, ctx.mapping);
      const refused = pixelTapRefusal(action.args, p, ctx);
      if (refused) return refused;
      await phone.tap(p, options);
      return { ok: true, result: `tapped image (${action.args.x},${action.args.y}) = device (${p.x},${p.y})` };
    }
    case "long_press": {
      const e = element(action.args.index);
      if (!e) return missing(action.args.index);
      await phone.longPress({ x: e.cx, y: e.cy }, undefined, options);
      return { ok: true, result: `long-pressed ${action.args.index} ${label(e)}` };
    }
    case "swipe": {
      if (!ctx.mapping) return { ok: false, result: "no screenshot this step: use scroll instead" };
      const from = imageToDevice({ x: action.args.from_x, y: action.args.from_y }, ctx.mapping);
      const to = imageToDevice({ x: action.args.to_x, y: action.args.to_y }, ctx.mapping);
      await phone.swipe(from, to, 0, options);
      return { ok: true, result: `swiped device (${from.x},${from.y}) → (${to.x},${to.y})` };
    }
  }
}

/** Types into the focused field, or into an element tapped first; secret placeholders are filled from the vault. */
async function typeText(
  action: Extract<StepAction, { tool: "input_text" }>,
  ctx: ExecuteContext,
  phone: Phone,
  options: Options,
  element: Find,
  missing: Missing,
): Promise<ActionOutcome> {
  const target = action.args.index ? element(action.args.index) : undefined;
  if (action.args.index && !target) return missing(action.args.index);
  let text: string;
  try {
    text = ctx.vault.substitute(action.args.text);
  } catch (error) {
    return { ok: false, result: (error as Error).message };
  }
  if (target) await phone.tap({ x: target.cx, y: target.cy }, options);
  const submit = action.args.submit ?? false;
  await phone.type(text, { clear: action.args.clear ?? true, submit }, options);
  ctx.mask.typed(action.args.text, target, { elements: ctx.elements, package: ctx.package });
  // The result quotes the model's own text: placeholders stay placeholders.
  return {
    ok: true,
    result: `typed ${JSON.stringify(action.args.text)}${target ? ` into ${label(target)}` : ""}${submit ? " and pressed enter" : ""}`,
  };
}

export async function executeAction(action: StepAction, ctx: ExecuteContext): Promise<ActionOutcome> {
  const options = ctx.signal ? { signal: ctx.signal } : {};
  const phone = new Phone(ctx.session);
  const element = (index: number): UiElement | undefined => ctx.elements.find((e) => e.id === index);
  const missing = (index: number): ActionOutcome => ({
    ok: false,
    result: `no element ${index} on this screen; use an id from [Current State]`,
  });
  try {
    switch (action.tool) {
      case "tap_element":
      case "tap":
      case "long_press":
      case "swipe":
        return pointer(action, ctx, phone, options, element, missing);
      case "scroll": {
        const target = action.args.index ? element(action.args.index) : undefined;
        if (action.args.index && !target) return missing(action.args.index);
        await phone.scroll(action.args.direction, target ? { node: target.meta.node } : {}, options);
        return { ok: true, result: `scrolled ${action.args.direction}${target ? ` in ${label(target)}` : ""}` };
      }
      case "input_text":
        return typeText(action, ctx, phone, options, element, missing);
      case "press_key":
        await phone.pressKey(action.args.key, options);
        return { ok: true, result: `pressed ${action.args.key}` };
      case "start_app":
        await phone.launch(action.args.package, undefined, options);
        return { ok: true, result: `started ${action.args.package}` };
      case "open_url":
        await phone.openUrl(action.args.url, options);
        return { ok: true, result: `opened ${action.args.url}` };
      case "wait":
        await ctx.sleep(Math.min(10, action.args.seconds) * 1000);
        return { ok: true, result: `waited ${action.args.seconds}s` };
      case "remember":
        return { ok: true, result: "noted" };
      case "ask_human": {
        const answer = await askHuman(ctx.session, action.args.question, ctx.signal);
        return { ok: true, result: answer ? `the human answered: ${answer}` : "the human handed the phone back" };
      }
      case "mark_done":
        return { ok: true, result: `claimed ${action.args.status}` };
    }
  } catch (error) {
    // Device refusals (unknown app, unsupported key) are facts for the model; aborts and lost phones are not.
    // STALE_ACTION: a human took the phone after the model chose this; it sees the new screen next turn.
    if (isHubError(error) && ["DEVICE_ERROR", "INVALID_BODY", "NOT_SUPPORTED", "STALE_ACTION"].includes(error.code)) {
      return { ok: false, result: `the phone refused: ${error.message}` };
    }
    throw error;
  }
}
