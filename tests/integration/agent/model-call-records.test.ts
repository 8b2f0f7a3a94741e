/**
 * Every model call is on the record, failed ones included: runs on the hub against the HTTP fake of
 * the Chat Completions API (real openai SDK) whose endpoint answers only prose, hangs, or refuses tool
 * calls. Each leaves model_call events with role, outcome, error code, attempts, latency and tokens,
 * and run stats that count attempts and failures apart from the calls that answered.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadModelSettings } from "../../../hub/llm/config.js";
import { OpenAIModel } from "../../../hub/llm/openai-model.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { type FakeReply, startChatCompletionsServer } from "../../fakes/chat-completions-server.js";
import { API_KEY } from "../../helpers/hub.js";
import { type ModelHub, startModelHub } from "../../helpers/model-hub.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PROSE = "I would tap the Sign in button, then check that the home screen greets the user.";

interface Run {
  status: string;
  reason: string;
  stats: {
    modelCalls: number;
    failedModelCalls: number;
    modelAttempts: number;
    promptTokens: number;
    completionTokens: number;
  };
}

interface ModelCallEvent {
  type: "model_call";
  body: {
    purpose: string;
    outcome: string;
    errorCode?: string;
    error?: string;
    call: { role: string; attempts: number; ms: number; promptTokens: number; completionTokens: number };
  };
}

async function hubWith(fallback: FakeReply, env: Record<string, string> = {}): Promise<ModelHub> {
  const fake = await startChatCompletionsServer({ fallback, rejectTools: true });
  cleanups.push(() => fake.close());
  const model = new OpenAIModel(
    loadModelSettings({
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "sk-test-records-0123456789",
      DROIDHUB_MODEL: "careless-model",
      DROIDHUB_MODEL_TIMEOUT_MS: "300",
      DROIDHUB_MODEL_MAX_RETRIES: "2",
      ...env,
    }),
    { sleep: async () => {} },
  );
  const hub = await startModelHub({ model, deviceId: "records", app: "login" });
  cleanups.push(() => hub.close());
  return hub;
}

/** Runs one task to its end and returns the run and its model_call events. */
async function runTask(
  hub: ModelHub,
  mode: "chain" | "step",
): Promise<{ run: Run; calls: ModelCallEvent[]; report: string }> {
  const created = await fetch(`${hub.base}/api/tasks`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      goal: "log in as ann@example.com",
      mode,
      device: "records",
      max_attempts: 1,
      secrets: { password: CORRECT_PASSWORD },
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  let task = { status: "queued" };
  for (const deadline = Date.now() + 30_000; ["queued", "running"].includes(task.status) && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
    task = await hub.get(`/api/tasks/${id}`);
  }
  const runs = await hub.get<{ runs: (Run & { id: string })[] }>("/api/runs");
  const run = runs.runs[0]!;
  const steps = await hub.get<{ steps: { type: string; body: unknown }[] }>(`/api/runs/${run.id}/steps`);
  const calls = steps.steps.filter((s): s is ModelCallEvent => s.type === "model_call");
  return { run, calls, report: await hub.text(`/api/runs/${run.id}/report`) };
}

describe("failed model calls are on the record", () => {
  it("an endpoint that answers prose twice: one invalid call, 2 attempts, its tokens counted", async () => {
    const hub = await hubWith(PROSE);
    const { run, calls, report } = await runTask(hub, "chain");
    expect(run.status).toBe("failed");
    expect(run.reason).toMatch(/not valid after a repair/);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      purpose: "plan",
      outcome: "invalid",
      errorCode: "MODEL_INVALID_OUTPUT",
      call: { role: "planner", attempts: 2 },
    });
    expect(calls[0]!.body.call.promptTokens).toBeGreaterThan(0);
    expect(calls[0]!.body.call.completionTokens).toBeGreaterThan(0);
    expect(run.stats).toMatchObject({ modelCalls: 0, failedModelCalls: 1, modelAttempts: 2 });
    expect(run.stats.promptTokens).toBe(calls[0]!.body.call.promptTokens);
    expect(report).toContain("MODEL_INVALID_OUTPUT");
  }, 60_000);

  it("an endpoint that hangs: the call times out after every retry, in bounded time, and says so", async () => {
    const hub = await hubWith({ delayMs: 30_000 });
    const { run, calls } = await runTask(hub, "chain");
    expect(run.status).toBe("failed");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      outcome: "timeout",
      errorCode: "MODEL_TIMEOUT",
      call: { role: "planner", attempts: 3, promptTokens: 0, completionTokens: 0 },
    });
    expect(calls[0]!.body.call.ms).toBeGreaterThan(0);
    expect(run.stats).toMatchObject({ modelCalls: 0, failedModelCalls: 1, modelAttempts: 3 });
  }, 60_000);

  it("step mode: the refused tool call and the unusable JSON fallback are both on the record", async () => {
    const hub = await hubWith(PROSE, { DROIDHUB_TOOL_CALLS: "auto" });
    const { run, calls } = await runTask(hub, "step");
    expect(run.status).toBe("failed");
    expect(calls.map((c) => [c.body.purpose, c.body.outcome, c.body.errorCode, c.body.call.attempts])).toEqual([
      ["next action", "refused", "MODEL_TOOLS_UNSUPPORTED", 3],
      ["next action", "invalid", "MODEL_INVALID_OUTPUT", 2],
    ]);
    expect(run.stats).toMatchObject({ modelCalls: 0, failedModelCalls: 2, modelAttempts: 5 });
  }, 60_000);
});
