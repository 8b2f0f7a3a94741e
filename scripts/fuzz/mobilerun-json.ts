/**
 * Mobilerun JSON accessibility trees, in the shapes droidrun-portal sends (the `state` answer with
 * a11y_tree / phone_state / device_context, the filtered a11y_tree array, the older elements list,
 * wrapped in {status, data: "<json>"} or {result}), with wrong types, odd bounds, huge numbers,
 * prototype keys and nesting past any stack. Also target `portal-json`: such a dump → parseSnapshot →
 * compact → renderElements, the path of `droidhub ui FILE` and of Mobilerun dumps in the evaluation.
 */
import fc from "fast-check";
import { compact, parseSnapshot, renderElements } from "../../hub/perception/index.js";
import {
  arr,
  bool,
  deepNesting,
  edited,
  hugeString,
  type Json,
  jsonValue,
  keyFrom,
  num,
  numberText,
  obj,
  oddString,
  raw,
  str,
  toText,
} from "./json-text.js";
import { clip, type SyncTarget } from "./target.js";

const CLASSES = [
  "android.widget.Button",
  "android.widget.EditText",
  "android.widget.TextView",
  "android.widget.FrameLayout",
  "android.webkit.WebView",
  "android.widget.ScrollView",
  "android.app.Dialog",
];

const NODE_KEYS = [
  "className",
  "class",
  "text",
  "contentDescription",
  "hint",
  "resourceId",
  "viewIdResourceName",
  "packageName",
  "boundsInScreen",
  "bounds",
  "isClickable",
  "isEditable",
  "isScrollable",
  "isCheckable",
  "isVisibleToUser",
  "isEnabled",
  "windowId",
  "type",
  "children",
];

const coordinate: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -100, max: 3_000 }).map(num) },
  { weight: 2, arbitrary: numberText.map(raw) },
  { weight: 1, arbitrary: fc.constantFrom(str("12"), raw("null"), raw("true"), arr([]), obj([])) },
);

/** Bounds as an object, as "l, t, r, b" text (sometimes not), or something else entirely. */
const boundsValue: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(coordinate, coordinate, coordinate, coordinate).map(([l, t, r, b]) =>
      obj([
        ["left", l],
        ["top", t],
        ["right", r],
        ["bottom", b],
      ]),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(numberText, numberText, numberText, numberText)
      .map(([l, t, r, b]) => str(`${l}, ${t}, ${r}, ${b}`)),
  },
  { weight: 1, arbitrary: fc.constantFrom(str("[-5,3][2,1]"), str("1,2,3"), str(""), str("a, b, c, d"), raw("null")) },
);

const flagValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.boolean().map(bool) },
  { weight: 1, arbitrary: fc.constantFrom(str("true"), num(1), raw("null")) },
);

const stringValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 8, arbitrary: oddString.map(str) },
  { weight: 1, arbitrary: fc.constantFrom(num(7), raw("null"), arr([]), obj([])) },
);

const oddField = fc.tuple(keyFrom(NODE_KEYS), jsonValue(NODE_KEYS, 2));

/** One node's own fields: a random subset of what the Mobilerun writes, sometimes odd keys and values. */
const nodeFields: fc.Arbitrary<[string, Json][]> = fc
  .tuple(
    fc.record(
      {
        className: fc.oneof(fc.constantFrom(...CLASSES).map(str), stringValue),
        text: stringValue,
        contentDescription: stringValue,
        hint: stringValue,
        resourceId: fc.oneof(fc.constantFrom("com.example.app:id/login", "view_125265142").map(str), stringValue),
        packageName: fc.oneof(fc.constantFrom("com.example.app", "com.android.systemui").map(str), stringValue),
        boundsInScreen: boundsValue,
        bounds: boundsValue,
        isClickable: flagValue,
        isEditable: flagValue,
        isScrollable: flagValue,
        isCheckable: flagValue,
        isVisibleToUser: flagValue,
        isEnabled: flagValue,
        windowId: coordinate,
        type: fc.constantFrom("clickable", "input", "text", "scrollable").map(str),
      },
      { requiredKeys: [] },
    ),
    fc.array(oddField, { maxLength: 2 }),
  )
  .map(([fields, odd]) => [...(Object.entries(fields) as [string, Json][]), ...odd]);

/** A node tree; `children` is sometimes not an array, and some children are not objects. */
export const mobilerunNode: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc
    .tuple(
      nodeFields,
      fc.oneof(
        { maxDepth: 4, depthIdentifier: "portal-node" },
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.array(tie("node"), { maxLength: 4 }).map(arr) },
        { weight: 1, arbitrary: fc.constantFrom(raw("null"), str("children"), num(3), arr([raw("1"), raw("null")])) },
      ),
    )
    .map(([fields, children]) => obj(children === undefined ? fields : [...fields, ["children", children]])),
})).node;

/** Many nodes without generating each: a wide flat list or a long chain of single children. */
const hugeTree: fc.Arbitrary<Json> = fc
  .tuple(nodeFields, fc.integer({ min: 200, max: 5_000 }), fc.boolean())
  .map(([fields, n, chain]) => {
    const one = toText(obj(fields));
    // At most a megabyte or so, whatever the node's own size.
    const count = Math.max(1, Math.min(n, Math.floor(1_000_000 / one.length)));
    if (!chain) return raw(`[${Array.from({ length: count }, () => one).join(",")}]`);
    // As text: a tree this deep would overflow toText's own recursion.
    const open = `${one.slice(0, -1)}${fields.length > 0 ? "," : ""}"children":[`;
    return raw(open.repeat(count) + one + "]}".repeat(count));
  });

/** Oversized trees are rare: they are slow to make and to decode, and one in a few hundred finds what they find. */
const tree: fc.Arbitrary<Json> = fc.oneof(
  { weight: 240, arbitrary: mobilerunNode },
  { weight: 120, arbitrary: fc.array(mobilerunNode, { maxLength: 3 }).map(arr) },
  { weight: 1, arbitrary: hugeTree },
  { weight: 1, arbitrary: deepNesting },
  { weight: 20, arbitrary: jsonValue(NODE_KEYS) },
);

const phoneState: fc.Arbitrary<Json> = fc
  .record(
    {
      currentApp: stringValue,
      packageName: stringValue,
      activityName: stringValue,
      keyboardVisible: flagValue,
      isEditable: flagValue,
      focusedElement: fc.oneof(mobilerunNode, fc.constant(raw("null"))),
    },
    { requiredKeys: [] },
  )
  .map((fields) => obj(Object.entries(fields) as [string, Json][]));

const deviceContext: fc.Arbitrary<Json> = fc
  .record({ width: coordinate, height: coordinate, densityDpi: coordinate }, { requiredKeys: [] })
  .map(({ width, height, densityDpi }) =>
    obj([
      [
        "screen_bounds",
        obj([
          ...(width ? [["width", width] as [string, Json]] : []),
          ...(height ? [["height", height] as [string, Json]] : []),
        ]),
      ],
      ["display_metrics", obj(densityDpi ? [["densityDpi", densityDpi]] : [])],
    ]),
  );

/** The `state` answer: {a11y_tree, phone_state, device_context}, parts missing or of the wrong type. */
export const mobilerunState: fc.Arbitrary<Json> = fc
  .record(
    {
      a11y_tree: tree,
      phone_state: fc.oneof(phoneState, jsonValue(["packageName"])),
      device_context: fc.oneof(deviceContext, jsonValue(["screen_bounds"])),
    },
    { requiredKeys: ["a11y_tree"] },
  )
  .map((fields) => obj(Object.entries(fields) as [string, Json][]));

/** The older flat elements list. */
const elementsList: fc.Arbitrary<Json> = fc
  .array(mobilerunNode, { maxLength: 6 })
  .map((items) => obj([["elements", arr(items)]]));

/** Any dump the Mobilerun (or a tool around it) produces, possibly wrapped once or twice. */
export const mobilerunDump: fc.Arbitrary<Json> = fc
  .tuple(
    fc.oneof(
      { weight: 60, arbitrary: mobilerunState },
      { weight: 30, arbitrary: fc.array(mobilerunNode, { maxLength: 4 }).map(arr) },
      { weight: 20, arbitrary: elementsList },
      { weight: 1, arbitrary: hugeString.map((s) => obj([["a11y_tree", obj([["text", str(s)]])]])) },
      { weight: 10, arbitrary: jsonValue(["a11y_tree", "elements", "data", "result"]) },
    ),
    fc.constantFrom("none", "data", "result", "data-result"),
  )
  .map(([dump, wrap]) => {
    if (wrap === "data")
      return obj([
        ["status", str("success")],
        ["data", str(toText(dump))],
      ]);
    if (wrap === "result") return obj([["result", dump]]);
    if (wrap === "data-result") return obj([["data", str(toText(obj([["result", dump]])))]]);
    return dump;
  });

export const mobilerunJsonTarget: SyncTarget<string> = {
  kind: "sync",
  name: "portal-json",
  description: "Mobilerun JSON dumps → parseSnapshot → compact → renderElements",
  arbitrary: edited(mobilerunDump.map(toText), 6),
  show: (text) => clip(text),
  run(text) {
    const view = compact(parseSnapshot(text));
    renderElements(view.elements, "text");
    return "decoded";
  },
};
