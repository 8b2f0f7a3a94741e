/**
 * run_task over MCP against the HTTP fake of the Chat Completions API (the real openai SDK): the
 * task runs the chain agent on a virtual phone, get_task follows it, get_run shows its steps and
 * report link. The login needs a password: run_task names it (`secrets: ["password"]`) and the hub
 * fills in the value it holds (DROIDHUB_SECRETS_FILE), so it never passes through the MCP client.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadModelSettings } from "../../../hub/llm/config.js";
import { OpenAIModel } from "../../../hub/llm/openai-model.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { startChatCompletionsServer } from "../../fakes/chat-completions-server.js";
import { API_KEY, until } from "../../helpers/hub.js";
import { chatBrainReply, loginPlanner } from "../../helpers/login-brain.js";
import { callTool, errorCode, jsonOf } from "../../helpers/mcp.js";
import { type ModelHub, startModelHub } from "../../helpers/model-hub.js";

const EMAIL = "user@example.com";
const planner = loginPlanner({ email: EMAIL });
let fake: Awaited<ReturnType<typeof startChatCompletionsServer>>;
let hub: ModelHub;
let client: Client;
const secretsDir = mkdtempSync(path.join(tmpdir(), "droidhub-named-secrets-"));

const brainReply = chatBrainReply(planner);

beforeAll(async () => {
  fake = await startChatCompletionsServer({ script: [], fallback: brainReply });
  const model = new OpenAIModel(
    loadModelSettings({
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "sk-test-do-not-leak-0123456789",
      DROIDHUB_MODEL: "fake-model",
      DROIDHUB_STRUCTURED_OUTPUTS: "on",
    }),
  );
  const secretsFile = path.join(secretsDir, "secrets.json");
  writeFileSync(secretsFile, JSON.stringify({ password: CORRECT_PASSWORD, pin: "0000" }), { mode: 0o600 });
  hub = await startModelHub({ model, deviceId: "runner", app: "login", secretsFile });
  client = new Client({ name: "run-task-test", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${hub.base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
    }),
  );
});

afterAll(async () => {
  await client.close();
  await hub.close();
  await fake.close();
  rmSync(secretsDir, { recursive: true, force: true });
});

describe("run_task", () => {
  it("logs in with a secret the hub holds by name, and follows the task with get_task and get_run", async () => {
    const started = jsonOf(
      await callTool(client, "run_task", {
        goal: `log in as ${EMAIL}`,
        device: "runner",
        max_attempts: 1,
        secrets: ["password"],
      }),
    );
    expect(started).toMatchObject({ id: expect.any(String) });
    let task: { status: string; reason?: string; runs: { id: string }[] } = { status: "queued", runs: [] };
    await until(
      async () => {
        task = jsonOf(await callTool(client, "get_task", { id: started.id }));
        return !["queued", "running"].includes(task.status);
      },
      30_000,
      "the task's end",
    );
    expect(task.status, task.reason).toBe("done");
    const runId = task.runs[0]!.id;
    const run = jsonOf(await callTool(client, "get_run", { id: runId }));
    expect(run).toMatchObject({ id: runId, status: "done", report: `/api/runs/${runId}/report` });
    const planned = run.steps.find((s: { type: string }) => s.type === "model_call");
    expect(planned.body.call).toMatchObject({ role: "planner", model: "fake-model", schemaName: "action_chain" });
    // The planner was reached through the real openai SDK path, and the password the hub holds was
    // typed: only the correct one leads the virtual login app to its home screen…
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(hub.device.foreground.activity).toMatch(/Home/);
    // …which neither the model, nor the MCP answers, nor the record ever saw.
    expect(JSON.stringify(fake.requests)).not.toContain(CORRECT_PASSWORD);
    expect(JSON.stringify(run)).not.toContain(CORRECT_PASSWORD);
    expect(await hub.text(`/api/runs/${runId}/report`)).not.toContain(CORRECT_PASSWORD);
  }, 60_000);

  it("names an unknown secret back with the names the hub holds, never a value", async () => {
    const unknown = await callTool(client, "run_task", { goal: "x", device: "runner", secrets: ["passwrod"] });
    expect(errorCode(unknown)).toBe("INVALID_BODY");
    const text = JSON.stringify(unknown);
    expect(text).toContain("no secret named passwrod (it holds: password, pin)");
    expect(text).not.toContain(CORRECT_PASSWORD);
    expect(text).not.toContain("0000");
  }, 60_000);

  it("takes no secret values (names only) and no script actions", async () => {
    const secrets = await callTool(client, "run_task", { goal: "x", device: "runner", secrets: { pin: "1234" } });
    expect(errorCode(secrets)).toBe("INVALID_BODY");
    expect(JSON.stringify(secrets)).not.toContain("1234");
    const actions = await callTool(client, "run_task", { goal: "x", mode: "script", actions: [] });
    expect(errorCode(actions)).toBe("INVALID_BODY");
  }, 60_000);
});
