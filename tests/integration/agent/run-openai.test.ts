/**
 * `droidhub run` end to end over the real paths: the CLI posts a task to the hub's HTTP API, the
 * hub runs the chain agent on a virtual phone, and the agent talks to an HTTP fake of the Chat
 * Completions API through the real openai SDK — with a 429 and a timeout on the way.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { runCommand } from "../../../hub/cli/run.js";
import { loadConfig } from "../../../hub/config/config.js";
import { loadModelSettings } from "../../../hub/llm/config.js";
import { OpenAIModel } from "../../../hub/llm/openai-model.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { startChatCompletionsServer } from "../../fakes/chat-completions-server.js";
import { API_KEY, FLEET_KEY } from "../../helpers/hub.js";
import { chatBrainReply, loginPlanner } from "../../helpers/login-brain.js";
import { startModelHub } from "../../helpers/model-hub.js";
import { captureOutput } from "../../helpers/output.js";

const EMAIL = "user@example.com";
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const brainReply = chatBrainReply((request) => planner(request));
let planner = loginPlanner({ email: EMAIL });

describe("droidhub run → hub → chain agent → openai SDK → fake endpoint", () => {
  it("logs in on the virtual phone through a 429 and a timed-out attempt", async () => {
    planner = loginPlanner({ email: EMAIL });
    const fake = await startChatCompletionsServer({
      script: [{ status: 429, retryAfter: "3" }, { delayMs: 5_000 }],
      fallback: brainReply,
    });
    closers.push(() => fake.close());
    const waits: number[] = [];
    const model = new OpenAIModel(
      loadModelSettings({
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: "sk-test-do-not-leak-0123456789",
        DROIDHUB_MODEL: "fake-model",
        DROIDHUB_STRUCTURED_OUTPUTS: "on",
        DROIDHUB_MODEL_TIMEOUT_MS: "400",
      }),
      {
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    );
    const hub = await startModelHub({ model, deviceId: "runner", app: "login" });
    closers.push(() => hub.close());
    const { port, device } = hub;

    const captured = captureOutput();
    const out = captured.out;
    const code = await runCommand(
      [
        `log in as ${EMAIL}`,
        "--device",
        "runner",
        "--mode",
        "chain",
        "--follow",
        "--hub",
        `http://127.0.0.1:${port}`,
        "--key",
        API_KEY,
        "--secret",
        `password=${CORRECT_PASSWORD}`,
      ],
      out,
    );
    expect(code, captured.text()).toBe(0);
    expect(captured.text()).toMatch(/done {2}done/);
    // The progress line: steps done, the current action, tokens and model calls so far.
    expect(captured.text()).toMatch(/^\[step 3 · CLICK "Sign in" · [\d,]+ tokens, 2 model calls\]$/m);
    expect(captured.text()).toMatch(/step {2}3\.CLICK "Sign in" → OK \(model/);
    // The first call met a 429 (waited ≥ Retry-After) and then a timeout, and was retried both times.
    expect(waits[0]).toBeGreaterThanOrEqual(3_000);
    // 429 + timeout, then plan, verify, plan (goal_reached), and the check of that claim: no expected
    // result was given, so the verifier model confirms it.
    expect(fake.requests.length).toBe(2 + 4);
    const ui = await device.execute({ id: 99, getUi: { allWindows: true } });
    expect(JSON.stringify(ui.ui?.nodes?.map((n) => n.text))).toContain(`Welcome, ${EMAIL}`);
    // The password was typed on the phone but never sent to the model, and the key never captured.text().
    expect(fake.sentText()).not.toContain(CORRECT_PASSWORD);
    expect(fake.sentText()).toContain("{{secret:password}}");
    const auth = { headers: { authorization: `Bearer ${API_KEY}` } };
    const runs = (await (await fetch(`http://127.0.0.1:${port}/api/runs`, auth)).json()) as {
      runs: { id: string; status: string; stats: { modelCalls: number; verifierCalls: number } }[];
    };
    expect(runs.runs[0]).toMatchObject({
      status: "done",
      stats: { modelCalls: 4, verifierCalls: 2, confirmedBy: "verifier model" },
    });
    const runId = runs.runs[0]!.id;
    const events =
      (await (await fetch(`http://127.0.0.1:${port}/api/runs/${runId}/steps`, auth)).text()) +
      (await (await fetch(`http://127.0.0.1:${port}/api/runs/${runId}/report`, auth)).text());
    expect(events).not.toContain(CORRECT_PASSWORD);
    expect(events).toContain("accepted by verifier model"); // the report says which check confirmed
    expect(captured.text() + events).not.toContain("sk-test-do-not-leak");
  }, 60_000);

  it("refuses a task with 503 when no model is configured and 400 for a bad body", async () => {
    const config = loadConfig({
      overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir: ":memory:" },
    });
    const app = await buildApp(config, { logger: false });
    closers.push(() => app.close());
    const post = (body: unknown) =>
      app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: { authorization: `Bearer ${API_KEY}` },
        payload: body as object,
      });
    const noModel = await post({ goal: "x", device: "d1" });
    expect(noModel.statusCode).toBe(503);
    expect(noModel.json().error.code).toBe("MODEL_NOT_CONFIGURED");
    const bad = await post({ goal: "", device: "d1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.field).toBe("goal");
  });
});
