import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import { DEFAULT_MODEL, loadModelSettings, MODEL_ENV_VARS, MODEL_ROLES } from "../../../hub/llm/config.js";

describe("loadModelSettings", () => {
  it("has defaults that work against OpenAI", () => {
    const settings = loadModelSettings({});
    expect(settings.structuredOutputs).toBe("auto");
    expect(settings.timeoutMs).toBe(60_000);
    expect(settings.maxRetries).toBe(3);
    for (const role of MODEL_ROLES) {
      expect(settings.roles[role]).toEqual({
        model: DEFAULT_MODEL,
        baseUrl: undefined,
        apiKey: undefined,
        temperature: undefined,
        vision: true,
      });
    }
  });

  it("applies the shared settings to every role and per-role overrides on top", () => {
    const settings = loadModelSettings({
      OPENAI_BASE_URL: "http://localhost:11434/v1",
      OPENAI_API_KEY: "shared-key",
      DROIDHUB_MODEL: "qwen2.5:7b",
      DROIDHUB_MODEL_VISION: "false",
      DROIDHUB_VISION_MODEL: "qwen2.5vl:7b",
      DROIDHUB_VISION_VISION: "true",
      DROIDHUB_VERIFIER_TEMPERATURE: "0",
      DROIDHUB_PLANNER_BASE_URL: "https://api.openai.com/v1",
      DROIDHUB_PLANNER_API_KEY: "planner-key",
      DROIDHUB_PLANNER_MODEL: "gpt-4.1",
      DROIDHUB_STRUCTURED_OUTPUTS: "off",
      DROIDHUB_MODEL_TIMEOUT_MS: "15000",
      DROIDHUB_MODEL_MAX_RETRIES: "0",
    });
    expect(settings.roles.planner).toEqual({
      model: "gpt-4.1",
      baseUrl: "https://api.openai.com/v1",
      apiKey: "planner-key",
      temperature: undefined,
      vision: false,
    });
    expect(settings.roles.verifier).toMatchObject({ model: "qwen2.5:7b", temperature: 0, apiKey: "shared-key" });
    expect(settings.roles.vision).toMatchObject({ model: "qwen2.5vl:7b", vision: true });
    expect(settings.roles.summarizer).toMatchObject({ baseUrl: "http://localhost:11434/v1", vision: false });
    expect(settings.structuredOutputs).toBe("off");
    expect(settings.timeoutMs).toBe(15_000);
    expect(settings.maxRetries).toBe(0);
  });

  it("treats empty values as unset", () => {
    const settings = loadModelSettings({ OPENAI_API_KEY: "", DROIDHUB_MODEL: " ", DROIDHUB_STRUCTURED_OUTPUTS: "" });
    expect(settings.roles.planner.apiKey).toBeUndefined();
    expect(settings.roles.planner.model).toBe(DEFAULT_MODEL);
    expect(settings.structuredOutputs).toBe("auto");
  });

  it("is frozen", () => {
    const settings = loadModelSettings({});
    expect(Object.isFrozen(settings)).toBe(true);
    expect(Object.isFrozen(settings.roles)).toBe(true);
    expect(Object.isFrozen(settings.roles.planner)).toBe(true);
  });

  it.each([
    ["OPENAI_BASE_URL", "not a url"],
    ["OPENAI_BASE_URL", "ftp://example.com"],
    ["DROIDHUB_STRUCTURED_OUTPUTS", "maybe"],
    ["DROIDHUB_MODEL_TIMEOUT_MS", "-5"],
    ["DROIDHUB_MODEL_MAX_RETRIES", "1.5"],
    ["DROIDHUB_PLANNER_TEMPERATURE", "3"],
    ["DROIDHUB_MODEL_VISION", "sometimes"],
  ])("rejects %s=%s naming the variable", (name, value) => {
    try {
      loadModelSettings({ [name]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HubError);
      expect((error as HubError).code).toBe("CONFIG_INVALID");
      expect((error as HubError).details).toEqual({ field: name });
      expect((error as HubError).message).not.toContain(value);
    }
  });

  it("never puts a key into an error", () => {
    try {
      loadModelSettings({ OPENAI_API_KEY: "sk-secret-value-123", OPENAI_BASE_URL: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(JSON.stringify((error as HubError).toJSON())).not.toContain("sk-secret");
    }
  });

  it("lists every variable it reads, each with a meaning", () => {
    expect(Object.keys(MODEL_ENV_VARS)).toEqual(
      expect.arrayContaining([
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
        "DROIDHUB_MODEL",
        "DROIDHUB_MODEL_VISION",
        "DROIDHUB_STRUCTURED_OUTPUTS",
        "DROIDHUB_MODEL_TIMEOUT_MS",
        "DROIDHUB_MODEL_MAX_RETRIES",
        "DROIDHUB_PLANNER_MODEL",
        "DROIDHUB_VERIFIER_TEMPERATURE",
        "DROIDHUB_VISION_BASE_URL",
        "DROIDHUB_SUMMARIZER_API_KEY",
      ]),
    );
    for (const meaning of Object.values(MODEL_ENV_VARS)) expect(meaning.length).toBeGreaterThan(10);
  });
});
