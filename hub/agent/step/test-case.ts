/**
 * A test case as data: what to do, in which app, what must be true at the end, and the bounds.
 * `subgoals` is optional; when given it is the plan shown in Pinned and tracked in the StepLog.
 * `check` is optional: a deterministic check of the expected result (see hub/agent/finish.ts).
 */
import { z } from "zod";
import { goalCheckSchema } from "../finish.js";

export const testCaseSchema = z.object({
  name: z.string().min(1),
  /** Package started before the first step (and restarted by recovery level 3); "" = leave the phone as is. */
  app: z.string(),
  goal: z.string().min(1),
  expected: z.string().min(1),
  /** Confirms a "pass" claim without a model call: texts visible, package or activity in front. */
  check: goalCheckSchema.optional(),
  max_steps: z.number().int().min(1).max(200),
  /** Seconds for the whole run. */
  timeout: z.number().positive(),
  subgoals: z.array(z.string()).optional(),
});

export type TestCase = z.infer<typeof testCaseSchema>;

export function parseTestCase(value: unknown): TestCase {
  return testCaseSchema.parse(value);
}
