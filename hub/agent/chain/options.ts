/** The chain agent's options, limits and result. */
import type { DeviceSession } from "../../devices/types.js";
import type { Model } from "../../llm/model.js";
import type { AgentOutcome } from "../agent.js";
import type { EventSink, RunStats } from "../events.js";
import type { GoalCheck } from "../finish.js";

export interface ChainLimits {
  /** Planning cycles per group (each sees a new screen). */
  maxCycles: number;
  /** Replans after an ERROR verdict, per group. */
  maxReplans: number;
  /** Coordinate refreshes per step. */
  maxRefreshes: number;
  /** WAIT verdicts honoured per step. */
  maxWaits: number;
  /** Pause after an action before the next look (UI settling). */
  settleMs: number;
}

export const DEFAULT_CHAIN_LIMITS: ChainLimits = {
  maxCycles: 8,
  maxReplans: 2,
  maxRefreshes: 2,
  maxWaits: 2,
  settleMs: 250,
};

export interface ChainAgentOptions {
  model: Model;
  session: DeviceSession;
  goal: string;
  /** The app the task is about (default: the one the phone shows when the run starts, unless a home screen). */
  app?: string;
  /** What must be true at the end: the goal_reached claim is checked against it (default: the goal is done). */
  expected?: string;
  /** A deterministic check that confirms goal_reached without a model call (see finish.ts). */
  check?: GoalCheck;
  secrets?: Readonly<Record<string, string>>;
  /** Values saved by earlier steps or tasks, shown to the planner. */
  context?: ReadonlyMap<string, string>;
  /** Steps an earlier, cut-off run of this task already did (a resume): shown as recent actions. */
  history?: readonly string[];
  emit?: EventSink;
  /** "economy" (default) skips the model where the UI change tells; "naive" asks it after every step. */
  verification?: "economy" | "naive";
  /** Split the goal into one-screen groups first: "auto" when it reads as several tasks. */
  taskChain?: "auto" | "on" | "off";
  limits?: Partial<ChainLimits>;
  /** Record an annotated screenshot per step (and show the verifier before/after when it can see). Default true. */
  frames?: boolean;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
}

export type ChainRunResult = AgentOutcome<RunStats>;
