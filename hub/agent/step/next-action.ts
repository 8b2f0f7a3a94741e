/**
 * The model's next action: a native tool call when the endpoint takes them, else the JSON action
 * format. An endpoint that refuses tools (auto mode) gets this same turn again in the JSON format, and
 * the JSON format from then on (the refused call stays on the record as a failed model call).
 */
import { isHubError } from "../../errors/hub-error.js";
import type { Model, ModelCallRecord } from "../../llm/model.js";
import { renderPrompt } from "../../llm/prompts.js";
import { estimateToolTokens } from "../../llm/tool-tokens.js";
import { askJson, callModel, type ModelCallContext } from "../model-calls.js";
import { buildContext, type ContextInput } from "./context.js";
import {
  actionFromToolCall,
  actionSchema,
  describeAction,
  nativeTools,
  renderTools,
  type StepAction,
  type ToolName,
} from "./tools.js";

export interface NextAction {
  action: StepAction;
  call: ModelCallRecord;
  /** The turn as old turns show it. */
  answer: string;
}

/** One planner turn; the measured prompt tokens of the request sent are pushed to `contextTokens`. */
export async function nextAction(
  model: Model,
  calls: ModelCallContext,
  contextTokens: number[],
  tools: readonly ToolName[],
  input: Omit<ContextInput, "system">,
): Promise<NextAction> {
  if (model.supportsTools("planner")) {
    const offered = nativeTools(tools);
    const context = buildContext({
      ...input,
      system: renderPrompt("step-system", { answer_format: renderPrompt("step-format-tools") }),
      reservedTokens: estimateToolTokens(offered),
    });
    try {
      const { value, call } = await callModel(calls, "planner", "next action", context.messages, (request) =>
        model.callTool({ ...request, tools: offered, schemaName: "step_action" }),
      );
      contextTokens.push(context.tokens);
      const action = actionFromToolCall(value);
      // Old turns show the call in prose, not as JSON: a JSON history invites a model to answer in
      // text instead of calling a tool.
      return { action, call, answer: `${action.thought}\n(called ${describeAction(action)})` };
    } catch (error) {
      if (!isHubError(error) || error.code !== "MODEL_TOOLS_UNSUPPORTED") throw error;
    }
  }
  const context = buildContext({
    ...input,
    system: renderPrompt("step-system", {
      answer_format: renderPrompt("step-format-json", { tools: renderTools(tools) }),
    }),
  });
  contextTokens.push(context.tokens);
  const { value, call } = await askJson(calls, model, "planner", "step_action", actionSchema(tools), "next action", [
    ...context.messages,
  ]);
  return { action: value, call, answer: JSON.stringify(value) };
}
