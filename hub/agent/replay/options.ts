/** Replay mode's options, limits, stats and result. */
import type { DeviceSession } from "../../devices/types.js";
import type { Model } from "../../llm/model.js";
import type { AgentOutcome } from "../agent.js";
import type { EventSink, RunStats } from "../events.js";
import type { RecordedStep } from "./recorded.js";

export interface ReplayLimits {
  /** Coordinate refreshes (model calls) per recorded step. */
  maxRefreshes: number;
  /** Short plans back onto the recorded path, per recorded step. */
  maxRecoveries: number;
  /** Steps of one such plan that are executed. */
  maxRecoverySteps: number;
  /** Pause after an action before the next look (UI settling). */
  settleMs: number;
}

export const DEFAULT_REPLAY_LIMITS: ReplayLimits = {
  maxRefreshes: 1,
  maxRecoveries: 1,
  maxRecoverySteps: 4,
  settleMs: 250,
};

export interface ReplayAgentOptions {
  /** Asked only for steps that diverge; without one, a divergence fails the run. */
  model?: Model | undefined;
  session: DeviceSession;
  /** The recorded OK steps, in order (see recordedSteps). */
  steps: readonly RecordedStep[];
  /** The recorded run's goal, for the record. */
  goal?: string;
  /** The recorded run's id, for the record. */
  source?: string;
  secrets?: Readonly<Record<string, string>>;
  emit?: EventSink;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  limits?: Partial<ReplayLimits>;
}

export interface ReplayStats extends RunStats {
  recordedSteps: number;
  /** Steps done with no model call. */
  hits: number;
  /** Recorded detours that were not needed this time. */
  skipped: number;
  /** hits / (recordedSteps - skipped); 1 when nothing was replayed. */
  hitRate: number;
}

export type ReplayRunResult = AgentOutcome<ReplayStats>;
