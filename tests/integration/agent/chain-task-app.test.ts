/**
 * Chain mode knows the task's app too: after a careless BACK out of the login app, the next plan is
 * told the phone left it (and for which app), and a NAVIGATE back brings the run home.
 */
import { describe, expect, it } from "vitest";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import { runChainScenario, SCENARIO_EMAIL } from "../../helpers/chain-scenario.js";
import { loginPlanner, loginVerifier, promptText } from "../../helpers/login-brain.js";

const LEFT = "The phone left the task's app com.droidhub.login and shows com.droidhub.launcher.";

/** Backs out first; on the launcher it only goes back to the app when told it left it, else gives up. */
function backOutPlanner() {
  const login = loginPlanner({ email: SCENARIO_EMAIL });
  let backed = false;
  return (request: ScriptedRequest) => {
    const text = promptText(request);
    const plan = (steps: unknown[]) => ({ task_summary: "x", confidence: "low", total_steps: steps.length, steps });
    if (!backed) {
      backed = true;
      return plan([{ step_num: 1, action: "BACK", label: "back" }]);
    }
    if (/^package: com\.droidhub\.launcher/m.test(text)) {
      return text.includes(LEFT)
        ? plan([{ step_num: 1, action: "NAVIGATE", label: "login app", value: "com.droidhub.login" }])
        : plan([]);
    }
    return login(request);
  };
}

describe("chain mode and the task's app", () => {
  it("a BACK out of the app is noticed by the next plan, which navigates back and logs in", async () => {
    const model = new ScriptedModel().otherwise("planner", backOutPlanner()).otherwise("verifier", loginVerifier);
    const { result, screenText } = await runChainScenario({ model });
    expect(result.status, result.reason).toBe("done");
    expect(screenText).toContain(`Welcome, ${SCENARIO_EMAIL}`);
    const told = model.calls.filter((c) => c.schemaName === "action_chain" && promptText(c).includes(LEFT));
    expect(told).toHaveLength(1);
    // Once back in the app, the planner is not told again.
    const last = model.calls.filter((c) => c.schemaName === "action_chain").at(-1)!;
    expect(promptText(last)).not.toContain("left the task's app");
  });
});
