/**
 * The step agent's options, limits and results, and the options a test case given as data sets.
 */
import type { DeviceSession } from "../../devices/types.js";
import type { Model } from "../../llm/model.js";
import type { VisionDetector } from "../../perception/index.js";
import type { AgentOutcome } from "../agent.js";
import type { EventSink, RunStats } from "../events.js";
import type { GoalCheck } from "../finish.js";
import type { LessonRepository, ReferenceRunRepository } from "./memory.js";
import type { LadderOptions } from "./recovery.js";
import type { StepLog } from "./step-log.js";
import type { TestCase } from "./test-case.js";

export interface StepLimits {
  /** Model turns before the run fails. */
  maxSteps: number;
  /** Whole run, wall clock. */
  timeoutMs: number;
  /** Pause after an action before the next look (UI settling). */
  settleMs: number;
  /** A history summary replaces the older turns every this many model steps. */
  summaryEvery: number;
  /** Prompt token budget per planner request (measured with o200k_base; an image counts ~765). */
  tokenBudget: number;
  /** Token ceiling of one element list. */
  elementTokens: number;
  /** Rejected claims before the run fails. */
  maxRejectedClaims: number;
  ladder: Partial<LadderOptions>;
}

export const DEFAULT_STEP_LIMITS: StepLimits = {
  maxSteps: 30,
  timeoutMs: 10 * 60_000,
  settleMs: 300,
  summaryEvery: 4,
  tokenBudget: 12_000,
  elementTokens: 2_500,
  maxRejectedClaims: 3,
  ladder: {},
};

export interface StepAgentOptions {
  model: Model;
  session: DeviceSession;
  goal: string;
  /** What must be true at the end; the verifier checks mark_done against it (default: the goal is done). */
  expected?: string;
  /** A deterministic check that confirms a "pass" claim without a model call (see finish.ts). */
  check?: GoalCheck;
  /** Test case name: the key for lessons and reference runs (default: the goal). */
  caseName?: string;
  /**
   * Package started before the first step: the task's app, which recovery level 3 restarts. "" or
   * absent: nothing is started, and the task's app is the one the run starts in (see TaskApp).
   */
  app?: string;
  /** The plan shown in Pinned; the model reports which item it works on. */
  subgoals?: readonly string[];
  secrets?: Readonly<Record<string, string>>;
  emit?: EventSink;
  limits?: Partial<StepLimits>;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  lessons?: LessonRepository;
  references?: ReferenceRunRepository;
  /** Vision fallback for empty or opaque trees. */
  vision?: VisionDetector;
  /** Run id under which a reference run is saved (default: a random one). */
  runId?: string;
  now?: () => number;
}

export interface StepRunStats extends RunStats {
  modelSteps: number;
  systemSteps: number;
  rejectedClaims: number;
  summaries: number;
  maxRecoveryLevel: number;
  /** Measured prompt tokens of each planner request, in step order. */
  contextTokens: number[];
}

/** How a step run ended (done, failed, cancelled) and its test verdict: pass, fail, or error (it ended on an error). */
export interface StepRunResult extends AgentOutcome<StepRunStats> {
  verdict: "pass" | "fail" | "error";
  logs: StepLog[];
}

/** Options for a test case given as data. */
export function testCaseOptions(
  testCase: TestCase,
): Pick<StepAgentOptions, "goal" | "expected" | "check" | "caseName" | "app" | "subgoals" | "limits"> {
  return {
    goal: testCase.goal,
    expected: testCase.expected,
    ...(testCase.check ? { check: testCase.check } : {}),
    caseName: testCase.name,
    app: testCase.app,
    ...(testCase.subgoals ? { subgoals: testCase.subgoals } : {}),
    limits: { maxSteps: testCase.max_steps, timeoutMs: testCase.timeout * 1000 },
  };
}
