/**
 * Everything an agent run reports, as plain data. The run store (runs issue) persists and streams
 * these; tests read them to count model calls. Events pass through SecretVault.redact before they
 * leave the agent.
 */
import type { ModelCallRecord } from "../llm/model.js";
import type { ActionChain, ChainStep, Verdict } from "./chain/schema.js";
import type { RecoveryLevel, StuckPattern } from "./step/recovery.js";
import type { StepLog } from "./step/step-log.js";

export type VerdictSource = "auto" | "fast-retry" | "change-level" | "model" | "replay" | "script";

/** The element a step acted on, as seen before the action (what a replay looks for). */
export interface StepTarget {
  fingerprint: string;
  label: string;
  tag: string;
}

export type AgentEvent =
  | {
      type: "run_started";
      goal: string;
      deviceId: string;
      mode: "chain" | "step" | "replay" | "script";
      verification: string;
    }
  | { type: "task_groups"; summary: string; tasks: { id: string; goal: string }[] }
  | { type: "group_started"; group: string; goal: string }
  | {
      type: "plan";
      group: string;
      cycle: number;
      chain: ActionChain;
      snapped: { step_num: number; by: string }[];
      reasked: boolean;
    }
  | {
      type: "model_call";
      call: ModelCallRecord;
      purpose: string;
      /** Absent in runs recorded before failed calls were recorded (they were all "ok"). */
      outcome?: ModelCallOutcome;
      /** The HubError code of a failed call. */
      errorCode?: string;
      /** What went wrong, redacted like every event. */
      error?: string;
    }
  | { type: "step_started"; group: string; step: ChainStep; attempt: number }
  | {
      type: "step_finished";
      group: string;
      step: ChainStep;
      attempt: number;
      level: number;
      change: string;
      verdict: Verdict["verdict"] | "FAST_RETRY";
      source: VerdictSource;
      reason: string;
      ms: number;
      /** Absent in runs recorded before replay existed. */
      target?: StepTarget;
      afterPackage?: string;
    }
  | {
      type: "step_frame";
      group: string;
      step_num: number;
      attempt: number;
      /**
       * The screen the step acted on, with what it did drawn on it (step-frames.ts); the task runner
       * stores it and keeps its hash.
       */
      image: { data: Uint8Array; format: "jpeg" | "webp"; width: number; height: number };
      /** What the step did, in words (the image's caption); absent in runs recorded before it. */
      did?: string;
    }
  /** A step without a picture, and why (a phone without screenshots, a secure screen, …). */
  | { type: "frame_missing"; group: string; step_num: number; attempt: number; reason: string }
  | { type: "refresh"; group: string; step_num: number; patches: { step_num: number; from: number[]; to: number[] }[] }
  | { type: "replan"; group: string; reason: string }
  | { type: "run_finished"; status: "done" | "failed" | "cancelled"; reason: string; stats: RunStats }
  // A human holds the run's phone (hub/runs/takeovers.ts): who, by the operator key's label, never the key.
  | { type: "takeover_started"; by: string }
  // The agent asked for a human (ask_human); the run waits for a takeover and hand-back.
  | { type: "human_needed"; question: string; deviceId?: string }
  | { type: "takeover_ended"; by: string; how: "handback" | "timeout" | "run_ended" }
  // What the human did on the phone during a takeover, and the screen after it. Typed text is never
  // recorded (it may be an OTP or a password), only its length.
  | {
      type: "human_action";
      by: string;
      action: string;
      image?: { data: Uint8Array; format: "jpeg" | "webp"; width: number; height: number };
    }
  // Step mode (hub/agent/step). Its run_finished maps pass → done, fail → failed, error → failed
  // (cancelled when aborted); test_result carries the test verdict itself.
  | { type: "step_log"; log: StepLog }
  | {
      type: "claim_checked";
      step: number;
      status: "pass" | "fail";
      accepted: boolean;
      reason: string;
      gap: string;
      /** What decided (absent in runs recorded before deterministic checks): a check or the model. */
      by?: "check" | "model";
      /** Which check, in words: `text "Welcome, ann" visible`, "verifier model". */
      check?: string;
    }
  | {
      type: "recovery";
      step: number;
      level: RecoveryLevel;
      previous: RecoveryLevel;
      pattern: StuckPattern | undefined;
      detail: string;
      action: "warning" | "press_back" | "restart_app" | "force_fail" | "decay";
    }
  | { type: "history_summary"; step: number; summary: string; replacedTurns: number }
  | { type: "lesson_written"; caseName: string; mistake: string; advice: string }
  | { type: "test_result"; status: "pass" | "fail" | "error"; reason: string }
  // Replay mode (hub/agent/replay): one per recorded step; hit = done without the model.
  | { type: "replay_started"; source: string | undefined; steps: number }
  | {
      type: "replay_step";
      step_num: number;
      label: string;
      hit: boolean;
      /** Model calls this step needed (0 on a hit). */
      calls: number;
      /** What diverged, or "skipped" for a recorded detour that was not needed. */
      outcome: "hit" | "moved" | "refreshed" | "recovered" | "skipped" | "failed";
      detail: string;
    };

/**
 * How one model call ended: "ok" (attempts > 1 means it was retried), "repaired" (valid after the
 * repair round), "refused" (the endpoint refused the request: tools, a 4xx), "invalid" (no usable
 * answer after the repair round), "timeout", "aborted" or "error".
 */
export type ModelCallOutcome = "ok" | "repaired" | "refused" | "invalid" | "timeout" | "aborted" | "error";

export interface RunStats {
  /** Model calls that returned a usable answer. */
  modelCalls: number;
  /** Model calls that ended in an error (refused, invalid, timed out, aborted): not in modelCalls. */
  failedModelCalls: number;
  /** HTTP attempts (or scripted rounds) over every call, failed ones and retries included. */
  modelAttempts: number;
  callsByRole: Record<string, number>;
  promptTokens: number;
  completionTokens: number;
  stepsExecuted: number;
  verifierCalls: number;
  refreshes: number;
  replans: number;
  ms: number;
  /** The check that confirmed the finish of a run that ended done ("verifier model", `text "…" visible`). */
  confirmedBy?: string;
}

/** Zeroed counters every agent mode starts from. */
export function emptyRunStats(): RunStats {
  return {
    modelCalls: 0,
    failedModelCalls: 0,
    modelAttempts: 0,
    callsByRole: {},
    promptTokens: 0,
    completionTokens: 0,
    stepsExecuted: 0,
    verifierCalls: 0,
    refreshes: 0,
    replans: 0,
    ms: 0,
  };
}

export type EventSink = (event: AgentEvent) => void;
