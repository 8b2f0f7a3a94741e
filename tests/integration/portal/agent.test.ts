/**
 * The same agent code drives a Portal-dialect phone and a droidhub-dialect phone in one fleet.
 */
import { describe, expect, it } from "vitest";
import { ChainAgent } from "../../../hub/agent/chain/chain-agent.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { loginPlanner, loginVerifier } from "../../helpers/login-brain.js";
import { joinPhone } from "../../helpers/phones.js";
import { joinPortal, startPortalHub } from "./portal-hub.js";

describe("one agent, two dialects", () => {
  it("logs in on a Portal phone and on a droidhub phone with the same chain agent", async () => {
    const hub = await startPortalHub();
    const portal = await joinPortal(hub, "portal-phone");
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
      expect(results.map((r) => r.dialect)).toEqual(["portal", "droidhub"]);
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
