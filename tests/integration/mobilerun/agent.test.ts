/**
 * The same agent code drives a Mobilerun-dialect phone and a droidhub-dialect phone in one fleet, and the
 * step agent (native tool calls) logs in on a Mobilerun phone.
 */
import { describe, expect, it } from "vitest";
import { ChainAgent } from "../../../hub/agent/chain/chain-agent.js";
import { StepAgent } from "../../../hub/agent/step/index.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { loginPlanner, loginVerifier, promptText } from "../../helpers/login-brain.js";
import { joinPhone } from "../../helpers/phones.js";
import { loginActor, nativeActor, STEP_EMAIL, summarizer } from "../../helpers/step-brain.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

describe("one agent, two dialects", () => {
  it("logs in on a Mobilerun phone and on a droidhub phone with the same chain agent", async () => {
    const hub = await startMobilerunHub();
    const portal = await joinMobilerun(hub, "portal-phone");
    portal.screen = "login";
    const droid = await joinPhone(hub, "droid-phone", { app: "login" });
    try {
      const results = await Promise.all(
        ["portal-phone", "droid-phone"].map(async (deviceId) => {
          const model = new ScriptedModel()
            .otherwise("planner", loginPlanner({ email: "ann@example.com" }))
            .otherwise("verifier", loginVerifier);
          const result = await new ChainAgent({
            model,
            session: hub.app.hub.registry.requireSession(deviceId),
            goal: "log in as ann@example.com",
            secrets: { password: CORRECT_PASSWORD },
            limits: { settleMs: 0 },
          }).run();
          return { deviceId, result, dialect: hub.app.hub.registry.get(deviceId)?.info?.dialect, model };
        }),
      );
      for (const { result, model } of results) {
        expect(result.status, result.reason).toBe("done");
        expect(JSON.stringify(model.calls)).not.toContain(CORRECT_PASSWORD);
      }
      expect(results.map((r) => r.dialect)).toEqual(["mobilerun", "droidhub"]);
      expect(portal.screen).not.toBe("login");
      const ui = await hub.app.hub.registry.requireSession("portal-phone").call({ getUi: {} });
      expect(JSON.stringify(ui.result.ui)).toContain("Welcome ann@example.com");
    } finally {
      portal.stop();
      droid.stop();
      await hub.close();
    }
  });
});

describe("step agent on a Mobilerun phone", () => {
  it("logs in with native tool calls; mark_done is checked against the Mobilerun phone's settled screen", async () => {
    const hub = await startMobilerunHub();
    const portal = await joinMobilerun(hub, "portal-step");
    portal.screen = "login";
    try {
      const model = new ScriptedModel({ vision: true, tools: { planner: true } })
        .otherwise("planner", nativeActor(loginActor()))
        .otherwise("verifier", (request) => {
          const text = promptText(request);
          const settled = text.slice(text.indexOf("Settled screen after the claim:"));
          return /Welcome user@example\.com/.test(settled)
            ? { verdict: "accepted", reason: "greeted" }
            : { verdict: "rejected", reason: "not signed in", gap: "still on the form" };
        })
        .otherwise("summarizer", summarizer);
      const result = await new StepAgent({
        model,
        session: hub.app.hub.registry.requireSession("portal-step"),
        goal: `log in as ${STEP_EMAIL}`,
        expected: "the app greets the user",
        secrets: { password: CORRECT_PASSWORD },
        limits: { settleMs: 0, maxSteps: 10 },
        sleep: async () => {},
      }).run();
      expect(result.verdict, result.reason).toBe("pass");
      expect(result.logs.map((l) => l.action?.tool)).toEqual(["input_text", "input_text", "tap_element", "mark_done"]);
      expect(result.logs[0]!.image_sent).toBe(true);
      expect(model.calls.filter((c) => c.role === "planner").every((c) => c.tools?.includes("tap_element"))).toBe(true);
      expect(JSON.stringify(model.calls) + JSON.stringify(result)).not.toContain(CORRECT_PASSWORD);
      const ui = await hub.app.hub.registry.requireSession("portal-step").call({ getUi: {} });
      expect(JSON.stringify(ui.result.ui)).toContain(`Welcome ${STEP_EMAIL}`);
    } finally {
      portal.stop();
      await hub.close();
    }
  });
});
