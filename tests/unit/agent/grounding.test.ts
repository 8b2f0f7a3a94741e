import { describe, expect, it } from "vitest";
import { findByLabel, groundSteps } from "../../../hub/agent/chain/grounding.js";
import { refreshCoordinates } from "../../../hub/agent/chain/refresh.js";
import type { ChainStep } from "../../../hub/agent/chain/schema.js";
import type { UiElement } from "../../../hub/perception/index.js";

function element(id: number, label: string, cx: number, cy: number, interactive = true): UiElement {
  return {
    id,
    tag: interactive ? "Button" : "Text",
    label,
    cx,
    cy,
    bounds: [cx - 50, cy - 20, cx + 50, cy + 20],
    resourceId: "",
    clickable: interactive,
    editable: false,
    scrollable: false,
    checkable: false,
    checked: false,
    focused: false,
    meta: {
      fingerprint: `f${id}`,
      packageName: "com.example",
      className: "android.widget.Button",
      ancestry: [],
      key: label,
      node: id,
      interactive,
    },
  };
}

const screen = [
  element(1, "Email", 540, 600),
  element(2, "Sign in", 540, 1000),
  element(3, "Sign in to continue", 540, 400, false),
];

function click(step_num: number, label: string, extra: Partial<ChainStep> = {}): ChainStep {
  return { step_num, action: "CLICK", label, ...extra };
}

describe("grounding", () => {
  it("keeps coordinates that are an element's center", () => {
    const result = groundSteps([click(1, "Sign in", { x: 540, y: 1000 })], screen);
    expect(result.ungrounded).toEqual([]);
    expect(result.snapped).toEqual([]);
    expect(result.steps[0]).toMatchObject({ x: 540, y: 1000, element_id: 2 });
  });

  it("snaps by element id first, even when the coordinates are invented", () => {
    const result = groundSteps([click(1, "whatever", { element_id: 1, x: 10, y: 10 })], screen);
    expect(result.steps[0]).toMatchObject({ x: 540, y: 600, element_id: 1 });
    expect(result.snapped).toEqual([{ step_num: 1, by: "element_id", from: [10, 10], to: [540, 600] }]);
  });

  it("snaps invented coordinates by label, preferring interactive elements", () => {
    const result = groundSteps([click(1, "sign in", { x: 777, y: 1234 })], screen);
    expect(result.steps[0]).toMatchObject({ x: 540, y: 1000, element_id: 2 });
    expect(result.snapped[0]?.by).toBe("label");
  });

  it("reports a step it cannot ground and does not pass it on", () => {
    const result = groundSteps([click(1, "Register", { x: 300, y: 300 }), click(2, "Sign in")], screen);
    expect(result.ungrounded.map((u) => u.step_num)).toEqual([1]);
    expect(result.steps.map((s) => s.step_num)).toEqual([2]);
  });

  it("leaves steps without a target alone", () => {
    const steps: ChainStep[] = [
      { step_num: 1, action: "SCROLL", label: "list", direction: "down" },
      { step_num: 2, action: "INPUT", label: "focused", value: "x" },
      { step_num: 3, action: "NAVIGATE", label: "open", value: "com.android.settings" },
    ];
    expect(groundSteps(steps, screen).steps).toEqual(steps);
  });

  it("finds by exact label before label-contains", () => {
    expect(findByLabel(screen, "Sign in")?.id).toBe(2);
    expect(findByLabel(screen, "continue")?.id).toBe(3);
  });
});

describe("coordinate refresh", () => {
  const moved = [element(1, "Email", 540, 600), element(2, "Sign in", 540, 1400)];
  const planned: ChainStep[] = [
    click(3, "Sign in", { x: 540, y: 1000, element_id: 2 }),
    { step_num: 4, action: "INPUT", label: "Email", x: 540, y: 600, value: "{{secret:pw}}", submit_enter: true },
  ];

  it("patches only coordinates from the model's answer by step number", () => {
    const { steps, patches } = refreshCoordinates(planned, { steps: [{ step_num: 3, x: 540, y: 1400 }] }, moved);
    expect(steps[0]).toEqual({ ...planned[0], x: 540, y: 1400, element_id: 2 });
    expect(steps[1]).toEqual(planned[1]);
    expect(patches).toEqual([{ step_num: 3, from: [540, 1000], to: [540, 1400] }]);
  });

  it("ignores invented coordinates in the answer and falls back to the label in the UI", () => {
    const { steps } = refreshCoordinates(planned, { steps: [{ step_num: 3, x: 5, y: 5 }] }, moved);
    expect(steps[0]).toMatchObject({ x: 540, y: 1400 });
  });

  it("uses the model's answer by label when step numbers differ", () => {
    const { steps } = refreshCoordinates(
      planned,
      { steps: [{ step_num: 99, label: "Sign in", element_id: 2 }] },
      moved,
    );
    expect(steps[0]).toMatchObject({ x: 540, y: 1400, element_id: 2 });
  });
});
