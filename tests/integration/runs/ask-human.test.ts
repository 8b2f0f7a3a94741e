/**
 * ask_human on real sockets and the virtual phone: the step agent asks, the run says it waits for a
 * human, an operator takes over, acts, hands back with an answer the agent reads, and the run passes.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import { API_KEY, until } from "../../helpers/hub.js";
import { promptText } from "../../helpers/login-brain.js";
import { startModelHub } from "../../helpers/model-hub.js";
import { claimVerifier, LOGIN_EXPECTED, loginActor, STEP_EMAIL, summarizer } from "../../helpers/step-brain.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("ask_human", () => {
  it("waits for a human, who takes over, acts and hands back an answer the agent reads; the run passes", async () => {
    const login = loginActor();
    let asked = false;
    const prompts: string[] = [];
    const actor = (request: ScriptedRequest) => {
      prompts.push(promptText(request));
      if (!asked) {
        asked = true;
        return { thought: "an OTP is needed", tool: "ask_human", args: { question: "type the OTP from the SMS" } };
      }
      return login(request);
    };
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", actor)
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const hub = await startModelHub({ model, deviceId: "p1", app: "login" });
    cleanups.push(() => hub.close());
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(hub.base + url, {
        method,
        headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, json: text.startsWith("{") ? JSON.parse(text) : undefined, text };
    };
    const created = await api("POST", "/api/tasks", {
      goal: `log in as ${STEP_EMAIL}`,
      device: "p1",
      mode: "step",
      expected: LOGIN_EXPECTED,
      secrets: { password: CORRECT_PASSWORD },
    });
    expect(created.status).toBe(201);
    const runId = created.json.runId as string;
    await until(async () => (await api("GET", `/api/runs/${runId}`)).json.waitingForHuman !== undefined, 30_000);
    const waiting = (await api("GET", `/api/runs/${runId}`)).json;
    expect(waiting).toMatchObject({ status: "running", waitingForHuman: { question: "type the OTP from the SMS" } });

    expect((await api("POST", `/api/runs/${runId}/takeover`)).status).toBe(200);
    const tap = await api("POST", "/api/devices/p1/actions", { action: "tap", x: 5, y: 5 });
    expect(tap.status).toBe(200);
    expect((await api("POST", `/api/runs/${runId}/handback`, { note: "482913" })).status).toBe(200);

    await until(async () => (await api("GET", `/api/runs/${runId}`)).json.status !== "running", 60_000);
    const ended = (await api("GET", `/api/runs/${runId}`)).json;
    expect(ended.status, ended.reason).toBe("done");
    expect(ended.waitingForHuman).toBeUndefined();
    expect(prompts.some((p) => p.includes("the human answered: 482913"))).toBe(true);
    const log = (await api("GET", `/api/runs/${runId}/events`)).text;
    expect(log).toContain('"type":"human_needed","question":"type the OTP from the SMS"');
    expect(log).toMatch(/takeover_started[\s\S]*takeover_ended/);
    const report = (await api("GET", `/api/runs/${runId}/report`)).text;
    expect(report).toContain("asked: type the OTP from the SMS");
    expect(report).toContain("taken over by");
  }, 90_000);
});
