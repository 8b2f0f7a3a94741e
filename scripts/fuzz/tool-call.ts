/**
 * Target `tool-call`: what a model answers, read the way the agents read it. Native tool calls go
 * through checkToolAnswer with the step agent's tools (then actionFromToolCall); JSON actions through
 * checkAnswer with the step agent's action schema; action chains through checkAnswer with the chain
 * agent's schema. Answers are valid calls, calls with wrong argument types or extra keys, JSON in
 * prose, fences and <think> blocks, JSON with comments and trailing commas, quoted or cut-off JSON.
 * The readers return a typed refusal rather than throw; its kind is the outcome.
 */
import fc from "fast-check";
import { actionChainSchema } from "../../hub/agent/chain/schema.js";
import {
  actionFromToolCall,
  actionSchema,
  DIRECTIONS,
  describeAction,
  KEY_NAMES,
  nativeTools,
  TOOL_ORDER,
  TOOLS,
  type ToolName,
} from "../../hub/agent/step/tools.js";
import { checkAnswer } from "../../hub/llm/answer.js";
import { checkToolAnswer, type ToolAnswer } from "../../hub/llm/tool-rounds.js";
import {
  arr,
  bool,
  deepNesting,
  edited,
  type Json,
  jsonValue,
  num,
  numberText,
  obj,
  oddString,
  protoKey,
  raw,
  str,
  toText,
} from "./json-text.js";
import { clip, type SyncTarget } from "./target.js";

const coordinate = fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.double({ min: 0, max: 2_000, noNaN: true }));

/** A value each argument name accepts. */
const GOOD: Record<string, fc.Arbitrary<Json>> = {
  index: fc.integer({ min: 1, max: 60 }).map(num),
  x: coordinate.map(num),
  y: coordinate.map(num),
  from_x: coordinate.map(num),
  from_y: coordinate.map(num),
  to_x: coordinate.map(num),
  to_y: coordinate.map(num),
  direction: fc.constantFrom(...DIRECTIONS).map(str),
  text: oddString.map(str),
  clear: fc.boolean().map(bool),
  submit: fc.boolean().map(bool),
  key: fc.constantFrom(...KEY_NAMES).map(str),
  package: fc.constantFrom("com.example.app", "org.mozilla.firefox").map(str),
  url: fc.constantFrom("https://example.com/", "http://a.b/c?d=e").map(str),
  seconds: fc.integer({ min: 0, max: 10 }).map(num),
  note: fc.string({ minLength: 1, maxLength: 40 }).map(str),
  question: oddString.map(str),
  status: fc.constantFrom("pass", "fail").map(str),
  reason: fc.string({ minLength: 1, maxLength: 40 }).map(str),
  thought: oddString.map(str),
  subgoal: fc.oneof(fc.integer({ min: 1, max: 9 }).map(num), fc.constant(raw("null"))),
};

/** Anything else: wrong types, nulls, huge numbers, nesting. */
const badValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 80, arbitrary: jsonValue(["index", "x", "text"], 2) },
  { weight: 20, arbitrary: numberText.map(raw) },
  // Up to 150 kB each: one bad value in twenty is enough to reach every recursion on the way.
  { weight: 5, arbitrary: deepNesting },
);

function argumentEntries(name: ToolName): fc.Arbitrary<[string, Json][]> {
  const keys = ["thought", ...Object.keys(TOOLS[name].args.shape), "subgoal"];
  const perKey = keys.map((key) =>
    fc.oneof(
      // A tool argument added later without a generator of its own gets odd strings.
      { weight: 16, arbitrary: (GOOD[key] ?? oddString.map(str)).map((v) => [[key, v]] as [string, Json][]) },
      { weight: 1, arbitrary: badValue.map((v) => [[key, v]] as [string, Json][]) },
      { weight: 2, arbitrary: fc.constant([] as [string, Json][]) },
    ),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant([] as [string, Json][]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.oneof(protoKey, fc.string({ maxLength: 8 })), badValue), { maxLength: 2 }),
    },
  );
  return fc.tuple(fc.tuple(...perKey), extra).map(([parts, more]) => [...parts.flat(), ...more]);
}

const toolName = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...TOOL_ORDER) },
  { weight: 1, arbitrary: fc.oneof(oddString, protoKey, fc.constant("TAP_ELEMENT")) },
);

/** A tool name and its arguments object (argument errors included). */
const toolCall: fc.Arbitrary<{ name: string; args: Json }> = toolName.chain((name) =>
  (TOOL_ORDER as readonly string[]).includes(name)
    ? argumentEntries(name as ToolName).map((entries) => ({ name, args: obj(entries) }))
    : fc.constant({ name, args: obj([]) }),
);

/** Ways models wrap JSON: prose, fences, thinking, comments, trailing commas, a quoted string. */
function decorated(json: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      json,
      fc.constantFrom("plain", "fence", "prose", "think", "comments", "trailing-comma", "quoted", "two", "bom"),
      oddString,
    )
    .map(([text, style, prose]) => {
      switch (style) {
        case "fence":
          return `Here you go:\n\`\`\`json\n${text}\n\`\`\``;
        case "prose":
          return `${prose} I will do this: ${text} ${prose}`;
        case "think":
          return `<think>maybe {"tool": "tap"} or [1, 2]? ${prose}</think>\n${text}`;
        case "comments":
          return text.replace(/,"/g, ', // next\n"').replace(/^\{/, "{ /* answer */ ");
        case "trailing-comma":
          return text.replace(/\}$/, ",}").replace(/\]/g, ",]");
        case "quoted":
          return JSON.stringify(text);
        case "two":
          return `${text}\n${text}`;
        case "bom":
          return `\uFEFF${text}`;
        default:
          return text;
      }
    });
}

export type ModelAnswer =
  | { mode: "native"; answer: ToolAnswer }
  | { mode: "json-action"; text: string }
  | { mode: "chain"; text: string };

const nativeCall = toolCall.chain(({ name, args }) =>
  fc.record({ name: fc.constant(name), arguments: edited(fc.constant(toText(args)), 6) }),
);

/** Native tool calls, or (small models) the call written as JSON text instead. */
const native: fc.Arbitrary<ModelAnswer> = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc.record({ calls: fc.array(nativeCall, { minLength: 1, maxLength: 2 }), text: oddString }),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(toolCall, fc.boolean(), fc.boolean())
        .chain(([call, named, stringArgs]) => {
          const args: Json = stringArgs ? str(toText(call.args)) : call.args;
          const entries: [string, Json][] = named
            ? [
                ["name", str(call.name)],
                ["arguments", args],
              ]
            : [
                ["tool", str(call.name)],
                ["args", args],
              ];
          return edited(decorated(fc.constant(toText(obj(entries)))), 6);
        })
        .map((text): ToolAnswer => ({ calls: [], text })),
    },
    { weight: 1, arbitrary: oddString.map((text): ToolAnswer => ({ calls: [], text })) },
  )
  .map((answer): ModelAnswer => ({ mode: "native", answer }));

const jsonAction: fc.Arbitrary<ModelAnswer> = toolCall
  .chain(({ name, args }) => {
    const entries = args.kind === "object" ? args.entries : [];
    const thought = entries.find(([k]) => k === "thought")?.[1] ?? str("");
    const rest = entries.filter(([k]) => k !== "thought" && k !== "subgoal");
    return edited(
      decorated(
        fc.constant(
          toText(
            obj([
              ["thought", thought],
              ["tool", str(name)],
              ["args", obj(rest)],
            ]),
          ),
        ),
      ),
      6,
    );
  })
  .map((text): ModelAnswer => ({ mode: "json-action", text }));

const chainStep = fc
  .record(
    {
      step_num: fc.oneof(fc.integer({ min: 1, max: 30 }).map(num), numberText.map(raw)),
      action: fc.oneof(
        fc.constantFrom("CLICK", "INPUT", "SCROLL", "NAVIGATE", "WAIT", "BACK", "KEY", "LONG_PRESS").map(str),
        oddString.map(str),
      ),
      label: oddString.map(str),
      element_id: fc.oneof(fc.integer({ min: 1, max: 60 }).map(num), fc.constant(raw("null"))),
      x: fc.oneof(numberText.map(raw), fc.constant(raw("null"))),
      y: fc.oneof(numberText.map(raw), fc.constant(raw("null"))),
      value: fc.oneof(oddString.map(str), fc.constant(raw("null"))),
      direction: fc.constantFrom("up", "down", "sideways").map(str),
    },
    { requiredKeys: ["step_num", "action", "label"] },
  )
  .map((fields) => obj(Object.entries(fields) as [string, Json][]));

const chain: fc.Arbitrary<ModelAnswer> = fc
  .record({
    task_summary: oddString.map(str),
    confidence: fc.constantFrom("high", "medium", "low", "certain").map(str),
    total_steps: fc.integer({ min: 0, max: 40 }).map(num),
    steps: fc.oneof(
      { weight: 10, arbitrary: fc.array(chainStep, { maxLength: 6 }).map(arr) },
      { weight: 1, arbitrary: fc.array(chainStep, { minLength: 31, maxLength: 35 }).map(arr) },
    ),
  })
  .chain((fields) => edited(decorated(fc.constant(toText(obj(Object.entries(fields) as [string, Json][])))), 6))
  .map((text): ModelAnswer => ({ mode: "chain", text }));

export const modelAnswer: fc.Arbitrary<ModelAnswer> = fc.oneof(
  { weight: 5, arbitrary: native },
  { weight: 4, arbitrary: jsonAction },
  { weight: 2, arbitrary: chain },
);

const TOOLS_OFFERED = nativeTools(TOOL_ORDER);
const ACTION_SCHEMA = actionSchema(TOOL_ORDER);

/** The refusal's kind, from its documented wording (json-extract.ts, tool-rounds.ts, answer.ts). */
function refusal(error: string): string {
  if (/^no tool was called/.test(error)) return "refused: no tool call";
  if (/is not one of the offered tools/.test(error)) return "refused: unknown tool";
  const detail = error.replace(/^the arguments of \S+ do not fit: /, "");
  if (/^the JSON does not match the schema/.test(detail)) return "refused: schema";
  if (/cut off/.test(detail)) return "refused: truncated JSON";
  if (/^invalid JSON/.test(detail)) return "refused: invalid JSON";
  if (/empty/.test(detail)) return "refused: empty";
  return "refused: no JSON";
}

export function readModelAnswer(input: ModelAnswer): string {
  if (input.mode === "native") {
    const check = checkToolAnswer(input.answer, TOOLS_OFFERED);
    if (!check.ok) return refusal(check.error);
    describeAction(actionFromToolCall(check.value));
    return "decoded";
  }
  const check =
    input.mode === "chain" ? checkAnswer(input.text, actionChainSchema) : checkAnswer(input.text, ACTION_SCHEMA);
  return check.ok ? "decoded" : refusal(check.error);
}

export const toolCallTarget: SyncTarget<ModelAnswer> = {
  kind: "sync",
  name: "tool-call",
  description: "model answers → checkToolAnswer / checkAnswer (step tools, action schema, chain schema)",
  arbitrary: modelAnswer,
  show: (input) =>
    input.mode === "native"
      ? `native: ${clip(JSON.stringify(input.answer), 600)}`
      : `${input.mode}: ${clip(input.text)}`,
  run: readModelAnswer,
};
