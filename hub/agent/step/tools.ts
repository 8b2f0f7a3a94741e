/**
 * The step agent's tools. One zod schema per tool is both the validator and what the model reads. Two
 * ways to answer, one action per turn, over the tools that fit the current context (no tap_element
 * without elements, no pixel tap without an image):
 * - native tool calls (`nativeTools`): each tool's schema plus `thought` and `subgoal` is sent as a
 *   function in the endpoint's `tools` parameter;
 * - the JSON action format `{thought, tool, args, subgoal}` (`actionSchema`, tools rendered into the
 *   prompt by their signature) for endpoints without tool calls.
 */
import { z } from "zod";
import { DIRECTION_NAMES, PACKAGE_NAME } from "../../devices/phone.js";
import type { ModelTool, ToolCall } from "../../llm/model.js";
import type { UiElement } from "../../perception/index.js";

export const KEY_NAMES = ["back", "home", "enter", "recents"] as const;
export const DIRECTIONS = DIRECTION_NAMES;

/** What decides which tools are offered this turn. */
export interface ToolContext {
  /** The screen has elements (from the tree or the vision fallback). */
  hasElements: boolean;
  /** The model sees the annotated screenshot, so pixel coordinates mean something. */
  hasImage: boolean;
}

interface ToolSpec<Name extends string, Args extends z.ZodObject> {
  name: Name;
  /** Argument signature as the prompt shows it. */
  signature: string;
  /** Worded on purpose: this is what steers the model's choice between tools. */
  description: string;
  args: Args;
  /** Offered only when this returns true. */
  available: (context: ToolContext) => boolean;
}

function tool<Name extends string, Args extends z.ZodObject>(spec: ToolSpec<Name, Args>): ToolSpec<Name, Args> {
  return spec;
}

const always = () => true;
const withElements = (c: ToolContext) => c.hasElements;
const withImage = (c: ToolContext) => c.hasImage;
const index = z.number().int().min(1);
const pixel = z.number().min(0);

export const TOOLS = {
  tap_element: tool({
    name: "tap_element",
    signature: '{"index": int}',
    description:
      "Tap the element with this id from [Current State]. PREFER tap_element over tap whenever an element index exists.",
    args: z.object({ index }),
    available: withElements,
  }),
  tap: tool({
    name: "tap",
    signature: '{"x": int, "y": int}',
    description:
      "Tap a point given in pixels of the ANNOTATED screenshot (not device pixels). Only for things that have no element id: a point inside no listed element is refused unless the element list cannot describe the screen.",
    args: z.object({ x: pixel, y: pixel }),
    available: withImage,
  }),
  long_press: tool({
    name: "long_press",
    signature: '{"index": int}',
    description: "Press and hold the element with this id (context menus, selection).",
    args: z.object({ index }),
    available: withElements,
  }),
  swipe: tool({
    name: "swipe",
    signature: '{"from_x": int, "from_y": int, "to_x": int, "to_y": int}',
    description: "Drag from one point to another, in annotated-screenshot pixels. Use scroll for lists.",
    args: z.object({ from_x: pixel, from_y: pixel, to_x: pixel, to_y: pixel }),
    available: withImage,
  }),
  scroll: tool({
    name: "scroll",
    signature: '{"direction": "up"|"down"|"left"|"right", "index"?: int}',
    description:
      "Scroll to bring content from that direction into view; give the index of a scrollable element to scroll inside it.",
    args: z.object({ direction: z.enum(DIRECTIONS), index: index.nullish() }),
    available: always,
  }),
  input_text: tool({
    name: "input_text",
    signature: '{"text": string, "index"?: int, "clear"?: bool, "submit"?: bool}',
    description:
      "Type text. With index it focuses that field first (no tap needed). clear (default true) empties the field first; submit presses enter after typing. Write secrets as their {{secret:NAME}} placeholder.",
    args: z.object({
      text: z.string(),
      index: index.nullish(),
      clear: z.boolean().nullish(),
      submit: z.boolean().nullish(),
    }),
    available: always,
  }),
  press_key: tool({
    name: "press_key",
    signature: '{"key": "back"|"home"|"enter"|"recents"}',
    description: "Press a system key.",
    args: z.object({ key: z.enum(KEY_NAMES) }),
    available: always,
  }),
  start_app: tool({
    name: "start_app",
    signature: '{"package": string}',
    description: "Start (or restart) an app by its package name.",
    args: z.object({ package: z.string().regex(PACKAGE_NAME) }),
    available: always,
  }),
  open_url: tool({
    name: "open_url",
    signature: '{"url": string}',
    description: "Open an http(s) URL in the default browser.",
    args: z.object({ url: z.string().regex(/^https?:\/\//i) }),
    available: always,
  }),
  wait: tool({
    name: "wait",
    signature: '{"seconds": number}',
    description: "Wait for loading or an animation (at most 10 seconds).",
    args: z.object({ seconds: z.number().min(0).max(10) }),
    available: always,
  }),
  remember: tool({
    name: "remember",
    signature: '{"note": string}',
    description: "Keep a short note (a value you will need later, a finding). Notes stay in [Agent Notes].",
    args: z.object({ note: z.string().min(1).max(500) }),
    available: always,
  }),
  ask_human: tool({
    name: "ask_human",
    signature: '{"question": string}',
    description:
      "Ask a human operator to step in (a CAPTCHA, an OTP, a confirmation only a person may give). The run waits; the human may act on the phone and answers in the result. Look at the screen again afterwards.",
    args: z.object({ question: z.string().min(1).max(500) }),
    available: always,
  }),
  mark_done: tool({
    name: "mark_done",
    signature: '{"status": "pass"|"fail", "reason": string}',
    description:
      'Claim the test is finished: "pass" when the expected result is visible on screen now, "fail" when the app cannot reach it. The claim is checked against the screen; say exactly what you see.',
    args: z.object({ status: z.enum(["pass", "fail"]), reason: z.string().min(1) }),
    available: always,
  }),
} as const;

export type ToolName = keyof typeof TOOLS;
export type ToolArgs<N extends ToolName> = z.infer<(typeof TOOLS)[N]["args"]>;

/** One model turn: a thought and exactly one tool call. */
export type StepAction = {
  [N in ToolName]: { thought: string; tool: N; args: ToolArgs<N>; subgoal?: number | null | undefined };
}[ToolName];

export const TOOL_ORDER = Object.keys(TOOLS) as ToolName[];

export function availableTools(context: ToolContext): ToolName[] {
  return TOOL_ORDER.filter((name) => TOOLS[name].available(context));
}

const schemaCache = new Map<string, z.ZodType<StepAction>>();

/**
 * The answer schema for this turn. Logically a discriminated union on `tool` over the offered tools;
 * built as one object `{thought, tool, args, subgoal}` whose `args` is a union of the tools' (closed)
 * argument objects, because strict structured outputs need an object at the root. A refinement then
 * checks the args against the chosen tool's own schema, so a mismatch goes to the repair round.
 */
export function actionSchema(tools: readonly ToolName[]): z.ZodType<StepAction> {
  const key = tools.join(",");
  const cached = schemaCache.get(key);
  if (cached) return cached;
  const [first, second, ...rest] = tools;
  if (!first || !second) throw new Error("the step agent needs at least two tools");
  const closed = (name: ToolName) => z.strictObject(TOOLS[name].args.shape);
  const schema = z
    .object({
      thought: z.string(),
      tool: z.enum([first, second, ...rest]),
      args: z.union([closed(first), closed(second), ...rest.map(closed)]),
      subgoal: z.number().int().min(1).nullish(),
    })
    .superRefine((value, ctx) => {
      const check = TOOLS[value.tool].args.safeParse(value.args);
      if (!check.success) {
        ctx.addIssue({
          code: "custom",
          path: ["args"],
          message: `args do not fit tool ${value.tool} ${TOOLS[value.tool].signature}: ${check.error.issues.map((i) => i.message).join("; ")}`,
        });
      }
    }) as unknown as z.ZodType<StepAction>;
  schemaCache.set(key, schema);
  return schema;
}

// Not described per tool: the system prompt says once what thought and subgoal hold (12 copies cost ~400 tokens).
const THOUGHT = z.string();
const SUBGOAL = z.number().int().min(1).nullish();

const nativeCache = new Map<ToolName, ModelTool>();

/** The tools as native function definitions: `thought` first (reason before acting), then the tool's args. */
export function nativeTools(tools: readonly ToolName[]): ModelTool[] {
  return tools.map((name) => {
    let tool = nativeCache.get(name);
    if (!tool) {
      const spec = TOOLS[name];
      tool = {
        name,
        description: spec.description,
        parameters: z.object({ thought: THOUGHT, ...spec.args.shape, subgoal: SUBGOAL }),
      };
      nativeCache.set(name, tool);
    }
    return tool;
  });
}

/** A validated native call back into the step action; the thought falls back to the text next to the call. */
export function actionFromToolCall(call: ToolCall): StepAction {
  const { thought, subgoal, ...args } = call.args;
  return {
    thought: typeof thought === "string" && thought.trim() !== "" ? thought : call.text,
    tool: call.name as ToolName,
    args,
    subgoal: typeof subgoal === "number" ? subgoal : undefined,
  } as StepAction;
}

/** The tool list as the JSON-format system prompt shows it. */
export function renderTools(tools: readonly ToolName[]): string {
  return tools.map((name) => `- ${name} ${TOOLS[name].signature}: ${TOOLS[name].description}`).join("\n");
}

/** A short, stable form of an action for histories, logs and the stuck detector. */
export function describeAction(action: Pick<StepAction, "tool" | "args">): string {
  return `${action.tool}(${JSON.stringify(action.args)})`;
}

/** An action as a later run can use it: element ids change between runs, labels much less. */
export function referenceLine(action: StepAction, elements: readonly UiElement[]): string {
  const index = "index" in action.args ? action.args.index : undefined;
  const e = index ? elements.find((x) => x.id === index) : undefined;
  return `${describeAction(action)}${e ? ` on ${e.tag} "${e.label}"` : ""}`;
}

/** What the stuck detector compares: the tool and its target by label, not by (shifting) index. */
export function actionSignature(action: StepAction, elements: readonly UiElement[]): string {
  const target = (index: number | null | undefined) => {
    const e = index ? elements.find((x) => x.id === index) : undefined;
    return e ? `${e.tag} "${e.label}"` : String(index ?? "");
  };
  switch (action.tool) {
    case "tap_element":
    case "long_press":
      return `${action.tool} ${target(action.args.index)}`;
    case "input_text":
      return `input_text ${target(action.args.index)} ${JSON.stringify(action.args.text)}`;
    default:
      return describeAction(action);
  }
}
