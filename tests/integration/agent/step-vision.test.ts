/**
 * The vision fallback: when the tree is empty (a canvas-like app), a vision detector supplies virtual
 * elements, tap_element keeps working on them, and the taps land on the real widgets. Without a
 * detector, the tool list follows the context: no element tools on a screen without elements.
 */
import { describe, expect, it } from "vitest";
import { ScriptedVisionDetector, type VisionBox } from "../../../hub/perception/index.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import {
  claimVerifier,
  currentElements,
  hideTree,
  runStepScenario,
  STEP_EMAIL,
  summarizer,
} from "../../helpers/step-brain.js";

const box = (label: string, bounds: [number, number, number, number], tag = "Button"): VisionBox => ({
  label,
  bounds,
  tag,
  clickable: true,
});
const form = (email: string, password: string) => [
  box(email, [64, 524, 1016, 664], "EditText"),
  box(password, [64, 704, 1016, 844], "EditText"),
  box("Sign in", [64, 924, 1016, 1064]),
];
const home = [box(`Welcome, ${STEP_EMAIL}`, [64, 360, 1016, 460], "Text")];

/** Reads only the (vision) element labels. */
function visionActor(request: ScriptedRequest) {
  const elements = currentElements(request);
  const byLabel = (label: string) => elements.find((e) => e.label === label);
  const welcome = elements.find((e) => e.label.startsWith("Welcome"));
  if (welcome) return { thought: "done", tool: "mark_done", args: { status: "pass", reason: welcome.label } };
  const email = byLabel("Email");
  if (email) return { thought: "email", tool: "input_text", args: { index: email.id, text: STEP_EMAIL } };
  const password = byLabel("Password");
  if (password) return { thought: "pw", tool: "input_text", args: { index: password.id, text: "{{secret:password}}" } };
  return { thought: "sign in", tool: "tap_element", args: { index: byLabel("Sign in")!.id } };
}

function systemPrompt(model: ScriptedModel): string {
  const content = model.calls.find((c) => c.role === "planner")!.messages[0]!.content;
  return typeof content === "string" ? content : "";
}

describe("step agent vision fallback", () => {
  it("an empty tree gets elements from the vision detector and tap_element works on them", async () => {
    const detector = new ScriptedVisionDetector([
      form("Email", "Password"),
      form(STEP_EMAIL, "Password"),
      form(STEP_EMAIL, "•••••"),
      home,
      home,
    ]);
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", visionActor)
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result, device, screenText } = await runStepScenario({ model, vision: detector, wrap: hideTree });
    expect(result.verdict).toBe("pass");
    expect(screenText).toContain(`Welcome, ${STEP_EMAIL}`);
    expect(detector.calls).toHaveLength(5);
    expect(detector.calls[0]!.reasons).toContain("empty tree");
    expect(systemPrompt(model)).toContain("- tap_element");
    const first = model.calls[0]!.messages.at(-1)!;
    const text =
      typeof first.content === "string"
        ? first.content
        : first.content.map((p) => (p.type === "text" ? p.text : "")).join("");
    expect(text).toMatch(/1 EditText "Email" \(540,594\) click vision/);
    // The taps on virtual elements hit the real widgets.
    const taps = device.executed.filter((e) => e.kind === "tap").map((e) => e.detail);
    expect(taps).toEqual(["540,594", "540,774", "540,994"]);
  });

  it("without a detector the same screen offers no element tools, only pixel and global ones", async () => {
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", { thought: "nothing to read", tool: "wait", args: { seconds: 1 } })
      .otherwise("summarizer", summarizer);
    const { result } = await runStepScenario({
      model,
      wrap: hideTree,
      options: { limits: { settleMs: 0, maxSteps: 1 } },
    });
    expect(result.verdict).toBe("fail");
    const tools = systemPrompt(model);
    expect(tools).not.toContain("- tap_element");
    expect(tools).not.toContain("- long_press");
    expect(tools).toContain("- tap {");
    expect(result.logs[0]!.action_result).toBe("waited 1s");
  });
});
