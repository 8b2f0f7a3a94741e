/**
 * One reader of Portal JSON: what the Mobilerun adapter makes of a live `state` answer and what
 * `droidhub ui` makes of the same JSON as a dump are the same nodes, down to the odd cases (a lying
 * coordinate, the class name repeated as text, the older list's `type` flag).
 */
import { describe, expect, it } from "vitest";
import { fromMobilerunState } from "../../../hub/devices/mobilerun-tree.js";
import { parseSnapshot } from "../../../hub/perception/index.js";
import type { UiSnapshot } from "../../../hub/perception/snapshot.js";
import { fixture } from "./helpers.js";

const ODD_STATE = {
  a11y_tree: {
    className: "android.widget.FrameLayout",
    packageName: "com.example",
    boundsInScreen: { left: 0, top: 0, right: 1080, bottom: 2400 },
    children: [
      // A phone that lies: one coordinate far beyond int32.
      {
        className: "android.widget.Button",
        text: "Lie",
        isClickable: true,
        boundsInScreen: { left: 0, top: 0, right: 1e300, bottom: 50 },
      },
      // The filtered tree repeats the short class name as text when a node has none.
      { className: "android.widget.Button", text: "Button", bounds: "10, 100, 300, 200", clickable: true },
      // The older elements list says what a node does in `type`.
      { className: "android.widget.TextView", text: "Sign in", type: "clickable", bounds: "10,300,300,400" },
      { className: "android.view.View", text: "Email", type: "input", bounds: "10,500,300,600" },
    ],
  },
  phone_state: { packageName: "com.example" },
  device_context: { screen_bounds: { width: 1080, height: 2400 } },
};

/** The node facts both readers keep, without the snapshot's source tag. */
function nodesOf(snapshot: UiSnapshot): unknown[] {
  return snapshot.nodes.map((n) => ({
    parent: n.parent,
    bounds: n.bounds,
    text: n.text,
    className: n.className,
    clickable: n.clickable,
    editable: n.editable,
  }));
}

function adapterView(json: unknown): UiSnapshot {
  const state = fromMobilerunState(json, 0);
  if (!state) throw new Error("the adapter did not read a state");
  return parseSnapshot(state.tree);
}

describe("one Portal JSON reader for the Mobilerun adapter and perception", () => {
  it("reads odd nodes the same way on both paths", () => {
    const dump = parseSnapshot(JSON.stringify(ODD_STATE));
    expect(nodesOf(adapterView(ODD_STATE))).toEqual(nodesOf(dump));
    const [, lie, button, signIn, email] = dump.nodes;
    expect(lie?.bounds).toEqual([0, 0, 0, 0]);
    expect(button?.text).toBe("");
    expect(signIn?.clickable).toBe(true);
    expect(email?.editable).toBe(true);
  });

  it("reads the recorded Portal state fixture the same way on both paths", () => {
    const text = fixture("mobilerun-state.json");
    expect(nodesOf(adapterView(JSON.parse(text)))).toEqual(nodesOf(parseSnapshot(text)));
  });
});
