/**
 * `droidhub run … --mode step` end to end over the real paths: the CLI posts the task, the hub runs the
 * step agent on a virtual phone, and every model turn goes through the real openai SDK to an HTTP fake
 * of the Chat Completions API — native tool calls for the actor, structured JSON for the claim verifier;
 * and, for an endpoint that refuses tools, the JSON action format.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "../../../hub/cli/run.js";
import { loadModelSettings } from "../../../hub/llm/config.js";
import { OpenAIModel } from "../../../hub/llm/openai-model.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import {
  type ChatRequestBody,
  type FakeReply,
  startChatCompletionsServer,
} from "../../fakes/chat-completions-server.js";
import type { ScriptedRequest } from "../../fakes/scripted-model.js";
import { startModelHub } from "../../helpers/model-hub.js";
import { captureOutput } from "../../helpers/output.js";
import {
  asToolTurn,
  claimVerifier,
  loginActor,
  loginStepArgs,
  STEP_EMAIL,
  summarizer,
} from "../../helpers/step-brain.js";

const MODEL_KEY = "sk-test-step-do-not-leak-9a8b7c6d5e4f";
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The request as the scripted brains read it: text parts joined, images left out. */
function asScripted(body: ChatRequestBody, role: ScriptedRequest["role"], schemaName: string): ScriptedRequest {
  return {
    role,
    schemaName,
    round: 0,
    messages: body.messages.map((m) => ({
      role: m.role as "user",
      content: Array.isArray(m.content)
        ? (m.content as { type: string; text?: string }[])
            .map((p) => (p.type === "text" ? (p.text ?? "") : ""))
            .join("\n")
        : String(m.content),
    })),
    ...(body.tools ? { tools: body.tools.map((t) => t.function.name) } : {}),
  };
}

/** One brain per role, chosen from what the request carries: tools → actor, schema name → the rest. */
function brains(): (body: ChatRequestBody) => FakeReply {
  const actor = loginActor();
  return (body) => {
    if (body.tools) {
      const turn = asToolTurn(actor(asScripted(body, "planner", "step_action")));
      return { toolCalls: turn.tool_calls.map((c) => ({ name: c.name, arguments: c.arguments })) };
    }
    const schemaName = body.response_format?.json_schema?.name ?? "";
    if (schemaName === "claim_verdict") return { json: claimVerifier(asScripted(body, "verifier", schemaName)) };
    if (schemaName === "history_summary") return { json: summarizer(asScripted(body, "summarizer", schemaName)) };
    return { json: actor(asScripted(body, "planner", schemaName)) };
  };
}

async function runStep(options: { rejectTools: boolean }) {
  const fake = await startChatCompletionsServer({ rejectTools: options.rejectTools, fallback: brains() });
  closers.push(() => fake.close());
  const model = new OpenAIModel(
    loadModelSettings({
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: MODEL_KEY,
      DROIDHUB_MODEL: "fake-model",
      DROIDHUB_MODEL_VISION: "true",
    }),
    { sleep: async () => {} },
  );
  const hub = await startModelHub({ model, deviceId: "stepper", app: "login" });
  closers.push(() => hub.close());
  const captured = captureOutput();
  const code = await runCommand(loginStepArgs(hub.base, "stepper"), captured.out);
  const runs = await hub.get<{
    runs: { id: string; status: string; stats: { modelCalls: number; verifierCalls: number } }[];
  }>("/api/runs");
  const runId = runs.runs[0]!.id;
  const recorded = (await hub.text(`/api/runs/${runId}/steps`)) + (await hub.text(`/api/runs/${runId}/report`));
  const device = hub.device;
  const ui = await device.execute({ id: 99, getUi: { allWindows: true } });
  return {
    code,
    captured,
    fake,
    run: runs.runs[0]!,
    recorded,
    screen: JSON.stringify(ui.ui?.nodes?.map((n) => n.text)),
  };
}

describe("droidhub run --mode step → hub → step agent → openai SDK → fake endpoint", () => {
  it("logs in with native tool calls", async () => {
    const { code, captured, fake, run, recorded, screen } = await runStep({ rejectTools: false });
    expect(code, captured.text()).toBe(0);
    expect(screen).toContain(`Welcome, ${STEP_EMAIL}`);
    expect(run).toMatchObject({ status: "done", stats: { modelCalls: 5, verifierCalls: 1 } });
    expect(captured.text()).toMatch(/step {2}3 tap_element/);

    const actorTurns = fake.requests.filter((r) => r.body.tools);
    expect(actorTurns).toHaveLength(4);
    for (const turn of actorTurns) {
      expect(turn.body.tool_choice).toBe("required");
      expect(turn.body.response_format).toBeUndefined();
      // The screenshot went along (vision model), as an image part of the last message.
      expect(JSON.stringify(turn.body.messages.at(-1))).toContain("data:image/");
    }
    expect(actorTurns[0]!.body.tools!.map((t) => t.function.name)).toContain("mark_done");
    const verifier = fake.requests.filter((r) => r.body.response_format?.json_schema?.name === "claim_verdict");
    expect(verifier).toHaveLength(1);

    expect(fake.sentText()).not.toContain(CORRECT_PASSWORD);
    expect(fake.sentText()).toContain("{{secret:password}}");
    expect(recorded).not.toContain(CORRECT_PASSWORD);
    expect(captured.text() + recorded).not.toContain(MODEL_KEY);
  }, 60_000);

  it("falls back to the JSON action format when the endpoint refuses tools", async () => {
    const { code, captured, fake, run, screen } = await runStep({ rejectTools: true });
    expect(code, captured.text()).toBe(0);
    expect(screen).toContain(`Welcome, ${STEP_EMAIL}`);
    expect(run.status).toBe("done");
    const refused = fake.requests.filter((r) => r.rejectedSchema);
    // Each tool option asked once on the first turn, then never again.
    expect(refused.map((r) => r.body.tool_choice)).toEqual(["required", "required", "auto"]);
    const jsonTurns = fake.requests.filter((r) => r.body.response_format?.json_schema?.name === "step_action");
    expect(jsonTurns).toHaveLength(4);
    expect(fake.sentText()).not.toContain(CORRECT_PASSWORD);
  }, 60_000);
});
