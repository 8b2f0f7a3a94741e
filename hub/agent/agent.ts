/**
 * The one agent contract every mode (chain, step, replay, script) implements, and the one outcome
 * vocabulary it ends with. The task runner holds the phone, records and settles; it knows agents only
 * through this interface and the mode registry (modes.ts).
 */
import type { ScreenMask } from "../devices/types.js";
import type { RunStats } from "./events.js";

/** How a run ended, as the agent saw it: the same words the run store and the dashboard use. */
export type AgentStatus = "done" | "failed" | "cancelled";

export interface AgentOutcome<S extends RunStats = RunStats> {
  status: AgentStatus;
  /** Why, in words (redacted: never a secret value). */
  reason: string;
  /** The HubError code that ended a failed run, when one did (fleet retries tell infrastructure from task). */
  errorCode?: string | undefined;
  stats: S;
}

export interface Agent<O extends AgentOutcome = AgentOutcome> {
  /** What screenshots of the phone must not show while this run holds it (for the operator API). */
  readonly screenMask: ScreenMask;
  /** Runs to the end; never rejects for the task's own failures (those are a `failed` outcome). */
  run(): Promise<O>;
}
