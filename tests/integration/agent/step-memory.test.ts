/**
 * Memory across runs: a passing run is saved as a reference; only once starred is its action history
 * shown in Pinned of the next run of the same test case (a soft reference, placeholders only).
 */
import { describe, expect, it } from "vitest";
import { InMemoryReferenceRunRepository } from "../../../hub/agent/step/index.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { claimVerifier, loginActor, runStepScenario, summarizer } from "../../helpers/step-brain.js";

function model() {
  return new ScriptedModel({ vision: true })
    .otherwise("planner", loginActor())
    .otherwise("verifier", claimVerifier)
    .otherwise("summarizer", summarizer);
}

function pinnedOf(m: ScriptedModel): string {
  const content = m.calls.find((c) => c.role === "planner")!.messages[1]!.content;
  return typeof content === "string" ? content : "";
}

describe("step agent reference runs", () => {
  it("uses the last starred successful run of the same test case in Pinned", async () => {
    const references = new InMemoryReferenceRunRepository();
    const first = await runStepScenario({ model: model(), references, options: { runId: "run-1" } });
    expect(first.result.verdict).toBe("pass");
    expect(references.all().map((r) => [r.runId, r.status, r.starred])).toEqual([["run-1", "pass", false]]);

    // Not starred yet: no reference.
    const unstarred = model();
    await runStepScenario({ model: unstarred, references, options: { runId: "run-2" } });
    expect(pinnedOf(unstarred)).not.toContain("Reference run");

    await references.star("run-1");
    const starred = model();
    const third = await runStepScenario({ model: starred, references, options: { runId: "run-3" } });
    expect(third.result.verdict).toBe("pass");
    const pinned = pinnedOf(starred);
    expect(pinned).toMatch(/Reference run \(a previous successful run of this test; a hint, not a script/);
    expect(pinned).toContain('2. input_text({"text":"{{secret:password}}","index":4}) on EditText "Password"');
    expect(pinned).toContain('3. tap_element({"index":5}) on Button "Sign in"');
    expect(pinned).toContain('mark_done({"status":"pass"');
    expect(pinned).not.toContain(CORRECT_PASSWORD);
    // Another test case does not see it.
    const other = model();
    await runStepScenario({ model: other, references, options: { caseName: "other case", runId: "run-4" } });
    expect(pinnedOf(other)).not.toContain("Reference run");
  });
});
