/**
 * What the chain agent's models must answer, one zod schema each: the validator and (through
 * structured outputs) the format the model is told to follow.
 */
import { z } from "zod";

export const CHAIN_ACTIONS = ["CLICK", "INPUT", "SCROLL", "NAVIGATE", "WAIT", "BACK", "KEY", "LONG_PRESS"] as const;
export type ChainAction = (typeof CHAIN_ACTIONS)[number];

// Models write nulls for "not applicable"; accept them and treat them as absent.
const optionalNumber = z.number().nullish();
const optionalString = z.string().nullish();

export const chainStepSchema = z.object({
  step_num: z.number().int().min(1),
  action: z.enum(CHAIN_ACTIONS),
  label: z.string(),
  element_id: z.number().int().nullish(),
  x: optionalNumber,
  y: optionalNumber,
  value: optionalString,
  submit_enter: z.boolean().nullish(),
  direction: z.enum(["up", "down", "left", "right"]).nullish(),
  scroll_px: optionalNumber,
  wait_sec: optionalNumber,
});
export type ChainStep = z.infer<typeof chainStepSchema>;

export const actionChainSchema = z.object({
  task_summary: z.string(),
  confidence: z.enum(["high", "medium", "low"]),
  total_steps: z.number().int().min(0),
  /** True when the goal is already met on the current screen: nothing to do. */
  goal_reached: z.boolean().nullish(),
  steps: z.array(chainStepSchema).max(30),
});
export type ActionChain = z.infer<typeof actionChainSchema>;

export const verdictSchema = z.object({
  verdict: z.enum(["OK", "WAIT", "RETRY", "ERROR"]),
  reason: z.string(),
  wait_sec: optionalNumber,
  /** The screen now asks for something only a person can give: the agent escalates to a human. */
  wall: z.enum(["captcha", "otp", "other"]).nullish(),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const refreshSchema = z.object({
  steps: z.array(
    z.object({
      step_num: z.number().int(),
      label: z.string().nullish(),
      element_id: z.number().int().nullish(),
      x: optionalNumber,
      y: optionalNumber,
    }),
  ),
});
export type Refresh = z.infer<typeof refreshSchema>;

export const taskGroupsSchema = z.object({
  plan_summary: z.string(),
  tasks: z
    .array(z.object({ id: z.string(), goal: z.string(), screen: z.string().nullish() }))
    .min(1)
    .max(12),
});
export type TaskGroups = z.infer<typeof taskGroupsSchema>;

/** Actions that act on an element and so need grounded coordinates. */
export function needsTarget(step: ChainStep): boolean {
  return step.action === "CLICK" || step.action === "LONG_PRESS" || (step.action === "INPUT" && hasPoint(step));
}

export function hasPoint(step: {
  x?: number | null | undefined;
  y?: number | null | undefined;
  element_id?: number | null | undefined;
}): boolean {
  return (typeof step.x === "number" && typeof step.y === "number") || typeof step.element_id === "number";
}
