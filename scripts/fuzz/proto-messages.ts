/**
 * Structurally valid droidhub.v1 messages with hostile field values: oversized strings, huge repeated
 * fields (a node list of tens of thousands, a cached-id list of fifty thousand), extreme integers,
 * unknown enum values, parents that point forward, and bodies combined that a oneof forbids.
 */
import fc from "fast-check";
import { hugeString, oddString } from "./json-text.js";

type Msg = Record<string, unknown>;

const u32 = fc.oneof(
  { weight: 6, arbitrary: fc.nat(5_000) },
  { weight: 1, arbitrary: fc.constantFrom(0, 2 ** 31, 2 ** 32 - 1) },
);
const i32 = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -200, max: 3_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(-(2 ** 31), 2 ** 31 - 1, -1, 0) },
);
/** uint64 as the hub reads it (numbers; Long is switched off): small, 2^53, beyond. */
export const u64 = fc.oneof(
  { weight: 6, arbitrary: fc.nat(1_000) },
  { weight: 1, arbitrary: fc.constantFrom(0, 2 ** 53 - 1, 2 ** 53 + 2, 2 ** 63, 1.8e19) },
);
/** Enum fields: known values and values no version defines. */
const enumValue = (max: number) =>
  fc.oneof({ weight: 5, arbitrary: fc.nat(max) }, { weight: 1, arbitrary: fc.integer({ min: -5, max: 1_000 }) });

/**
 * Field values are ordinary-sized; oversized ones (`huge`) are picked at the envelope level, one per
 * frame, so most frames stay small and the run stays fast.
 */
const text = oddString;

function few<T>(item: fc.Arbitrary<T>): fc.Arbitrary<T[]> {
  return fc.array(item, { maxLength: 6 });
}

/** `n` copies of one element: a huge repeated field without generating each element. */
function many<T>(item: fc.Arbitrary<T>, max: number): fc.Arbitrary<T[]> {
  return fc.tuple(item, fc.integer({ min: 100, max })).map(([one, n]) => Array.from({ length: n }, () => one));
}

export const screen = fc.record({ width: u32, height: u32, densityDpi: u32, rotation: u32 }, { requiredKeys: [] });

/** Boxes with every oddity: inverted, negative, zero-size, int32 extremes. */
export const bounds = fc.record({ left: i32, top: i32, right: i32, bottom: i32 }, { requiredKeys: [] });

export const hello = (deviceId: fc.Arbitrary<string>) =>
  fc.record(
    {
      deviceId,
      portalVersion: text,
      protocolVersion: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: enumValue(3) }),
      manufacturer: text,
      model: text,
      sdkInt: u32,
      screen,
      capabilities: few(oddString),
      resumeToken: text,
      cachedResultIds: few(u64),
    },
    { requiredKeys: [] },
  );

const node = fc.record(
  {
    parentPick: fc.nat(),
    rawParent: fc.option(i32, { freq: 8 }),
    windowId: i32,
    packageName: fc.oneof(
      fc.constantFrom("com.example.app", "com.android.systemui", "com.google.android.inputmethod.latin"),
      oddString,
    ),
    className: fc.oneof(
      fc.constantFrom(
        "android.widget.Button",
        "android.widget.EditText",
        "android.widget.TextView",
        "android.webkit.WebView",
        "android.widget.FrameLayout",
        "android.app.Dialog",
      ),
      oddString,
    ),
    text,
    contentDesc: oddString,
    hint: oddString,
    resourceId: fc.oneof(fc.constantFrom("com.example.app:id/login", "android:id/parentPanel", "view_12"), oddString),
    bounds: fc.option(bounds, { freq: 8 }),
    clickable: fc.boolean(),
    editable: fc.boolean(),
    checkable: fc.boolean(),
    scrollable: fc.boolean(),
    focusable: fc.boolean(),
    visible: fc.boolean(),
    enabled: fc.boolean(),
  },
  { requiredKeys: ["parentPick", "rawParent"] },
);

/** Nodes whose parents mostly come first (the contract), sometimes not. */
function nodeList(list: fc.Arbitrary<Msg[]>): fc.Arbitrary<Msg[]> {
  return list.map((nodes) =>
    nodes.map((n, i) => {
      const { parentPick, rawParent, ...rest } = n as Msg & { parentPick: number; rawParent: number | null };
      return { ...rest, parent: rawParent ?? (parentPick % (i + 1)) - 1 };
    }),
  );
}

const nodes = nodeList(fc.array(node, { maxLength: 40 }));

/** A long chain (each node the child of the one before) or a flat list of thousands. */
const hugeNodes = fc.tuple(node, fc.integer({ min: 500, max: 20_000 }), fc.boolean()).map(([one, n, chain]) => {
  const { parentPick: _p, rawParent: _r, ...rest } = one as Msg;
  return Array.from({ length: n }, (_, i) => ({ ...rest, parent: chain ? i - 1 : -1 }));
});

export const uiTree = fc.record(
  {
    windows: fc.array(
      fc.record({ id: i32, type: enumValue(6), title: text, bounds, packageName: oddString }, { requiredKeys: [] }),
      { maxLength: 3 },
    ),
    nodes,
    foregroundPackage: oddString,
    foregroundActivity: oddString,
    keyboard: fc.record({ shown: fc.boolean(), imePackage: oddString, bounds }, { requiredKeys: [] }),
    screen,
    capturedAtMs: u64,
    captureMs: u32,
    truncated: fc.boolean(),
  },
  { requiredKeys: [] },
);

const battery = fc.record(
  { level: u32, charging: fc.boolean(), temperatureC: fc.float({ noDefaultInfinity: false }) },
  { requiredKeys: [] },
);
const network = fc.record({ type: enumValue(5), metered: fc.boolean() }, { requiredKeys: [] });
const keyboard = fc.record({ shown: fc.boolean(), imePackage: oddString, bounds }, { requiredKeys: [] });

const resultPayloads = {
  ui: uiTree,
  image: fc.record(
    {
      format: enumValue(3),
      data: fc.uint8Array({ maxLength: 64 }),
      width: u32,
      height: u32,
      sourceWidth: u32,
      sourceHeight: u32,
      secure: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  apps: fc.record({
    apps: few(
      fc.record(
        { packageName: oddString, label: text, versionName: oddString, system: fc.boolean() },
        { requiredKeys: [] },
      ),
    ),
  }),
  state: fc.record(
    {
      foregroundPackage: oddString,
      foregroundActivity: oddString,
      keyboard,
      screenOn: fc.boolean(),
      battery,
      network,
      accessibilityEnabled: fc.boolean(),
      screen,
    },
    { requiredKeys: [] },
  ),
};

/** Zero, one or (against the oneof) several members of a group; `weights` favour some members. */
function members(
  options: Record<string, fc.Arbitrary<unknown>>,
  weights: Record<string, number> = {},
): fc.Arbitrary<Msg> {
  const names = Object.keys(options);
  const favoured = names.flatMap((n) => Array.from({ length: weights[n] ?? 1 }, () => n));
  return fc
    .oneof(
      { weight: 8, arbitrary: fc.constantFrom(...favoured).map((n) => [n]) },
      { weight: 1, arbitrary: fc.constant([] as string[]) },
      {
        weight: 1,
        arbitrary: fc.subarray(names, { minLength: Math.min(2, names.length), maxLength: Math.min(3, names.length) }),
      },
    )
    .chain((chosen) => fc.record(Object.fromEntries(chosen.map((n) => [n, options[n]!]))) as fc.Arbitrary<Msg>);
}

export const result = fc
  .tuple(
    fc.record(
      {
        ok: fc.boolean(),
        error: fc.record({ code: enumValue(11), message: text }, { requiredKeys: [] }),
        durationMs: u32,
      },
      { requiredKeys: [] },
    ),
    members(resultPayloads),
  )
  .map(([base, payload]) => ({ ...base, ...payload }));

export const event = fc
  .tuple(
    u64,
    members({
      foreground: fc.record({ packageName: text, activity: oddString }, { requiredKeys: [] }),
      content: fc.record({ windowId: i32, packageName: oddString }, { requiredKeys: [] }),
      keyboard: fc.record({ shown: fc.boolean() }, { requiredKeys: [] }),
      screen: fc.record({ on: fc.boolean() }, { requiredKeys: [] }),
      battery,
      network,
      accessibility: fc.record({ enabled: fc.boolean() }, { requiredKeys: [] }),
    }),
  )
  .map(([atMs, kind]) => ({ atMs, ...kind }));

/** Bodies a phone sends (result, event), a hub sends, and a phone should never send. */
export function bodies(helloArb: fc.Arbitrary<Msg>): Record<string, fc.Arbitrary<unknown>> {
  return {
    result,
    event,
    hello: helloArb,
    welcome: fc.record({ sessionId: oddString, deviceSecret: oddString, resumed: fc.boolean() }, { requiredKeys: [] }),
    resultAck: fc.record({ ids: few(u64) }),
    tap: fc.record({ x: i32, y: i32 }, { requiredKeys: [] }),
    getUi: fc.record({ allWindows: fc.boolean() }, { requiredKeys: [] }),
    inputText: fc.record({ text, nodeIndex: i32, hasNode: fc.boolean() }, { requiredKeys: [] }),
    getState: fc.constant({}),
  };
}

/** An Envelope init object: ids and a body (or none, or several); phones mostly send results and events. */
export function envelopeInit(options: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Msg> {
  return fc
    .tuple(fc.record({ id: u64, replyTo: u64 }, { requiredKeys: [] }), members(options, { result: 6, event: 4 }))
    .map(([ids, body]) => ({ ...ids, ...body }));
}

/** One oversized part in an otherwise ordinary frame: a long string, a long list, a big tree. */
export const hugeBody: fc.Arbitrary<Msg> = fc.oneof(
  hugeString.map((s) => ({ hello: { deviceId: s, protocolVersion: 1 } })),
  hugeString.map((s) => ({ result: { ok: false, error: { code: 10, message: s } } })),
  hugeString.map((s) => ({ event: { foreground: { packageName: s } } })),
  many(oddString, 10_000).map((capabilities) => ({ hello: { protocolVersion: 1, capabilities } })),
  many(u64, 50_000).map((cachedResultIds) => ({ hello: { protocolVersion: 1, cachedResultIds } })),
  many(u64, 50_000).map((ids) => ({ resultAck: { ids } })),
  hugeNodes.map((n) => ({ replyTo: 7, result: { ok: true, ui: { nodes: n, screen: { width: 1080, height: 2400 } } } })),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => ({ result: { ok: true, image: { data: new Uint8Array(n) } } })),
);
