/** The chain agent's prompts: readable templates in hub/llm/prompts/chain-*.md. */
import { renderPrompt } from "../../llm/prompts.js";

export type ChainPromptName =
  | "chain-planner"
  | "chain-verifier"
  | "chain-refresh"
  | "chain-regrounding"
  | "chain-task-groups";

export function chainPrompt(name: ChainPromptName, vars: Record<string, string>): string {
  return renderPrompt(name, vars);
}
