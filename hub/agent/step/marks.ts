/**
 * What a step-mode action did, to draw on the screen it acted on (../step-frames.ts). Coordinates are
 * resolved exactly as execute.ts resolves them (element centers, annotated-image pixels mapped back
 * to the device), so the ring sits where the tap landed. Texts keep their placeholders.
 */
import { type ActionMark, type ImageMapping, imageToDevice, type UiElement } from "../../perception/index.js";
import type { ActionOutcome } from "./execute.js";
import type { StepAction } from "./tools.js";

export interface MarkContext {
  elements: readonly UiElement[];
  mapping: ImageMapping | undefined;
}

function named(e: UiElement): string {
  return e.label ? `${e.tag} “${e.label}”` : e.tag;
}

function none(caption: string): ActionMark {
  return { gesture: { kind: "none" }, caption };
}

/** The gesture and caption of `action`, carried out (or not) with `outcome`. */
export function actionMark(action: StepAction, ctx: MarkContext, outcome: ActionOutcome): ActionMark {
  const mark = gestureOf(action, ctx, outcome);
  // A refused pixel tap says so in its own mark; any other failure is named after the caption.
  if (outcome.ok || outcome.error === "TAP_OUTSIDE_ELEMENTS") return mark;
  return { gesture: { kind: "none" }, caption: `${mark.caption} — failed` };
}

function gestureOf(action: StepAction, ctx: MarkContext, outcome: ActionOutcome): ActionMark {
  const element = (index: number | null | undefined) => (index ? ctx.elements.find((e) => e.id === index) : undefined);
  switch (action.tool) {
    case "tap_element":
    case "long_press": {
      const long = action.tool === "long_press";
      const e = element(action.args.index);
      if (!e) return none(`${action.tool} ${action.args.index}: no such element`);
      return {
        gesture: { kind: "tap", x: e.cx, y: e.cy, long },
        caption: `${long ? "long press" : "tap"} ${named(e)}`,
      };
    }
    case "tap": {
      if (!ctx.mapping) return none("tap: no screenshot to point on");
      const p = imageToDevice(action.args, ctx.mapping);
      const refused = outcome.error === "TAP_OUTSIDE_ELEMENTS";
      const caption = refused ? `tap (${p.x}, ${p.y}) refused: inside no listed element` : `tap (${p.x}, ${p.y})`;
      return { gesture: { kind: "tap", ...p, refused }, caption };
    }
    case "swipe": {
      if (!ctx.mapping) return none("swipe: no screenshot to point on");
      const from = imageToDevice({ x: action.args.from_x, y: action.args.from_y }, ctx.mapping);
      const to = imageToDevice({ x: action.args.to_x, y: action.args.to_y }, ctx.mapping);
      return { gesture: { kind: "swipe", from, to }, caption: `swipe (${from.x}, ${from.y}) → (${to.x}, ${to.y})` };
    }
    case "scroll": {
      const target = element(action.args.index);
      return {
        gesture: { kind: "scroll", direction: action.args.direction, within: target?.bounds },
        caption: `scroll ${action.args.direction}${target ? ` in ${named(target)}` : ""}`,
      };
    }
    case "input_text": {
      const target = element(action.args.index);
      const field = target ?? ctx.elements.find((e) => e.editable && e.focused);
      const into = target ? ` into ${named(target)}` : "";
      return {
        gesture: { kind: "type", field: field?.bounds },
        caption: `type “${action.args.text}”${into}${action.args.submit ? " and press enter" : ""}`,
      };
    }
    case "press_key":
      return none(`press ${action.args.key}`);
    case "start_app":
      return none(`start ${action.args.package}`);
    case "open_url":
      return none(`open ${action.args.url}`);
    case "wait":
      return none(`wait ${action.args.seconds} s`);
    case "remember":
      return none("remember a note");
    case "mark_done":
      return none(`claim ${action.args.status}`);
    case "ask_human":
      return none("ask a human");
  }
}
