/**
 * The StepLog: one record per step — model steps, system-injected recovery steps and rejected claims
 * alike. It is the product (timeline, report, live stream), so it keeps the exact annotated image the
 * model saw, byte for byte. Text fields hold placeholders, never secret values.
 */
import type { ImageFormat } from "../../perception/index.js";

export interface StepLogImage {
  data: Uint8Array;
  format: ImageFormat;
  width: number;
  height: number;
}

export interface StepLog {
  step: number;
  /** "agent": the model chose the action; "system": recovery injected it. */
  source: "agent" | "system";
  thought: string;
  action: { tool: string; args: Record<string, unknown> } | undefined;
  action_result: string;
  /** The HubError code when the hub refused the action (e.g. TAP_OUTSIDE_ELEMENTS); absent when it ran. */
  action_error?: string;
  /** The annotated screenshot of this step; sent to the model when `image_sent`. */
  screenshot: StepLogImage | undefined;
  image_sent: boolean;
  prompt_tokens: number;
  completion_tokens: number;
  perception_ms: number;
  llm_ms: number;
  action_ms: number;
  /** 1-based sub-goal the model said it works on; 0 without a plan. */
  subgoal_index: number;
  subgoal_desc: string;
  recovery_level: number;
  /** UI change level caused by the action (0..3), undefined when nothing was executed. */
  change_level: number | undefined;
  /** Set on mark_done steps. */
  claim?: { status: "pass" | "fail"; accepted: boolean; reason: string; gap: string };
}
