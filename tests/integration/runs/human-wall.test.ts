/**
 * The chain agent meets a wall only a person gets past, on the virtual phone: its verifier reports
 * an OTP or a CAPTCHA, the run waits for a human (an event, the run's waitingForHuman, a fleet SSE
 * message, the webhook), a scripted operator takes over, types the code through the API and hands
 * back, and the run passes; every human action is in the step log with a screenshot and without the
 * code. Nobody answering fails the run with HUMAN_TIMEOUT, and a webhook that is down changes nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadModelSettings } from "../../../hub/llm/config.js";
import { OpenAIModel } from "../../../hub/llm/openai-model.js";
import { CAPTCHA_TEXT, CORRECT_PASSWORD, OTP_CODE } from "../../../hub/sim/device/index.js";
import { startChatCompletionsServer } from "../../fakes/chat-completions-server.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { API_KEY, until } from "../../helpers/hub.js";
import { chatBrainReply } from "../../helpers/login-brain.js";
import { SseReader } from "../../helpers/sse-client.js";
import { CODE_FIELD, startReceiver, startWallHub, wallPlanner, wallVerifier } from "../../helpers/wall-hub.js";

const EMAIL = "ann@example.com";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const scripted = () => new ScriptedModel().otherwise("planner", wallPlanner(EMAIL)).otherwise("verifier", wallVerifier);

type Hub = Awaited<ReturnType<typeof startWallHub>>;

async function startTask(hub: Hub, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await hub.api("POST", "/api/tasks", {
    goal: `log in as ${EMAIL}`,
    device: "p1",
    secrets: { password: CORRECT_PASSWORD },
    ...extra,
  });
  expect(created.status, created.text).toBe(201);
  return created.json.runId as string;
}

async function waitingQuestion(hub: Hub, runId: string): Promise<string> {
  await until(async () => (await hub.api("GET", `/api/runs/${runId}`)).json.waitingForHuman !== undefined, 60_000);
  const run = (await hub.api("GET", `/api/runs/${runId}`)).json;
  expect(run.status).toBe("running");
  const listed = (await hub.api("GET", "/api/runs?status=running")).json.runs.find(
    (r: { id: string }) => r.id === runId,
  );
  expect(listed.waitingForHuman.question).toBe(run.waitingForHuman.question);
  return run.waitingForHuman.question as string;
}

/** The operator: take over, tap the code field, type the code and submit, hand back with a note. */
async function typeCode(hub: Hub, runId: string, code: string): Promise<void> {
  expect((await hub.api("POST", `/api/runs/${runId}/takeover`)).status).toBe(200);
  expect((await hub.api("POST", "/api/devices/p1/actions", { action: "tap", ...CODE_FIELD })).status).toBe(200);
  const typed = await hub.api("POST", "/api/devices/p1/actions", { action: "input", text: code, submit: true });
  expect(typed.status, typed.text).toBe(200);
  expect((await hub.api("POST", `/api/runs/${runId}/handback`, { note: "code typed" })).status).toBe(200);
}

async function ended(hub: Hub, runId: string) {
  await until(async () => (await hub.api("GET", `/api/runs/${runId}`)).json.status !== "running", 90_000);
  return (await hub.api("GET", `/api/runs/${runId}`)).json;
}

describe("human walls (chain agent)", () => {
  it("OTP, scripted model: asks, the webhook and the fleet stream hear it, the operator types the code, the run passes", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const hub = await startWallHub({ model: scripted(), app: "login-otp", webhookUrl: receiver.url });
    cleanups.push(hub.close);
    const fleet = new SseReader(`${hub.base}/api/events`, { authorization: `Bearer ${API_KEY}` });
    cleanups.push(() => fleet.close());
    await fleet.connected();
    const runId = await startTask(hub);

    const question = await waitingQuestion(hub, runId);
    expect(question).toContain("one-time code");
    await until(async () => receiver.received.length > 0, 30_000);
    const hook = receiver.received[0]!;
    expect(hook.body).toMatchObject({ event: "waiting_for_human", runId, deviceId: "p1", reason: question });
    expect(hook.headers.authorization).toBeUndefined();
    expect(JSON.stringify(hook)).not.toContain(CORRECT_PASSWORD);
    const frames = await fleet.waitFor((all) => all.some((f) => f.event === "waiting_for_human"), 30_000);
    const heard = frames.find((f) => f.event === "waiting_for_human")!;
    expect(heard.data).toMatchObject({ runId, deviceId: "p1", reason: question });

    await typeCode(hub, runId, OTP_CODE);
    const run = await ended(hub, runId);
    expect(run.status, run.reason).toBe("done");
    expect(run.waitingForHuman).toBeUndefined();

    const steps = (await hub.api("GET", `/api/runs/${runId}/steps`)).json.steps as { type: string; body: never }[];
    const human = steps.filter((s) => s.type === "human_action").map((s) => s.body as Record<string, never>);
    expect(human.map((h) => h["action"])).toEqual([
      `tap ${CODE_FIELD.x},${CODE_FIELD.y}`,
      "typed 6 character(s) and submitted",
    ]);
    for (const h of human) expect(h["image"]).toMatchObject({ hash: expect.stringMatching(/^[a-f0-9]{64}$/) });
    const log = (await hub.api("GET", `/api/runs/${runId}/events`)).text;
    expect(log).toMatch(/human_needed[\s\S]*takeover_started[\s\S]*human_action[\s\S]*takeover_ended/);
    expect(log).not.toContain(OTP_CODE);
    expect(log).toContain("a human got past a one-time code (OTP) and says: code typed");
  }, 150_000);

  it("CAPTCHA, openai SDK against the HTTP fake: asks, the operator types the characters, the run passes", async () => {
    const planner = wallPlanner(EMAIL);
    const reply = chatBrainReply(planner, wallVerifier);
    const fake = await startChatCompletionsServer({ fallback: reply });
    cleanups.push(() => fake.close());
    const model = new OpenAIModel(
      loadModelSettings({
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: "sk-test-do-not-leak-0123456789",
        DROIDHUB_MODEL: "fake-model",
        DROIDHUB_STRUCTURED_OUTPUTS: "on",
      }),
    );
    const hub = await startWallHub({ model, app: "login-captcha" });
    cleanups.push(hub.close);
    const runId = await startTask(hub);
    expect(await waitingQuestion(hub, runId)).toContain("CAPTCHA");
    await typeCode(hub, runId, CAPTCHA_TEXT);
    const run = await ended(hub, runId);
    expect(run.status, run.reason).toBe("done");
    expect(fake.sentText()).not.toContain(CAPTCHA_TEXT);
  }, 150_000);

  it("fails the run with HUMAN_TIMEOUT when nobody answers (the task's own timeout), with the webhook down", async () => {
    const receiver = await startReceiver();
    await receiver.close(); // nothing listens there any more
    const hub = await startWallHub({ model: scripted(), app: "login-otp", webhookUrl: receiver.url });
    cleanups.push(hub.close);
    const runId = await startTask(hub, { human_timeout_ms: 1_500, max_attempts: 1 });
    await waitingQuestion(hub, runId);
    const run = await ended(hub, runId);
    expect(run.status).toBe("failed");
    expect(run.reason).toMatch(/^HUMAN_TIMEOUT: no human handed the phone back within 1500 ms/);
    const task = (await hub.api("GET", `/api/tasks/${run.taskId}`)).json;
    expect(task.status).toBe("failed");
    // The phone is free again.
    expect((await hub.api("POST", "/api/devices/p1/actions", { action: "key", key: "back" })).status).toBe(200);
  }, 120_000);
});
