/**
 * Agent mode "step": one action per model turn for testing apps and open-ended tasks. The context is
 * rebuilt every step in a fixed order (context.ts); mark_done is a claim checked against the settled
 * screen (../finish.ts); a decaying recovery ladder handles an agent that is stuck (recovery.ts);
 * lessons and starred reference runs carry across runs (memory.ts); every step leaves a StepLog.
 * The loop itself is step-loop.ts, one file per phase. Depends on interfaces only: Model,
 * DeviceSession, VisionDetector, the repositories, an event sink.
 */
import type { ScreenMask } from "../../devices/types.js";
import type { BodyEnd } from "../agent-run.js";
import type { StepAgentOptions, StepRunResult } from "./options.js";
import type { StepLog } from "./step-log.js";
import { stepLoop } from "./step-loop.js";
import { saveReference } from "./step-record.js";
import { RunEnd, StepState } from "./step-state.js";

export {
  DEFAULT_STEP_LIMITS,
  type StepAgentOptions,
  type StepLimits,
  type StepRunResult,
  type StepRunStats,
  testCaseOptions,
} from "./options.js";

export class StepAgent {
  readonly #s: StepState;
  /** The test verdict of the run so far ("error": it ended on an error, not a verdict). */
  #verdict: StepRunResult["verdict"] = "error";

  constructor(options: StepAgentOptions) {
    this.#s = new StepState(options);
  }

  get logs(): readonly StepLog[] {
    return this.#s.logs;
  }

  get screenMask(): ScreenMask {
    return this.#s.run.screenMask;
  }

  async run(): Promise<StepRunResult> {
    const outcome = await this.#s.run.run(
      "step",
      "claim",
      () => this.#test(),
      (end) => this.#ended(end.reason),
    );
    return { ...outcome, verdict: this.#verdict, logs: [...this.#s.logs] };
  }

  /** The test itself: its verdict (pass or fail) decides done or failed; an error ends it failed. */
  async #test(): Promise<BodyEnd> {
    let reason: string;
    try {
      ({ status: this.#verdict, reason } = await stepLoop(this.#s, performance.now()));
    } catch (error) {
      if (!(error instanceof RunEnd)) throw error;
      this.#verdict = error.status;
      reason = error.message;
    }
    const cancelled = this.#s.o.signal?.aborted === true;
    return { status: this.#verdict === "pass" ? "done" : cancelled ? "cancelled" : "failed", reason };
  }

  /** Before run_finished: a passed run becomes a reference run, and the test verdict is reported. */
  async #ended(reason: string): Promise<void> {
    if (this.#verdict === "pass") await saveReference(this.#s);
    this.#s.emit({ type: "test_result", status: this.#verdict, reason });
  }
}
