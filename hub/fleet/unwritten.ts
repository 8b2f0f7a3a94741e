/**
 * A run whose start or end could not be committed (the dispatcher's lease path): what becomes of its
 * task and its phone. Never started: the task is handed back and the phone freed (a task cancelled or
 * leased elsewhere meanwhile is a CONFLICT, not a fault). Ended but refused by the fence (CONFLICT:
 * another hub took this one for dead, interrupted the run and requeued its task): the run is over and
 * its end durable, so the phone is free. Ended but unwritten (the database away): see `endLater`.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DeviceRegistry } from "../devices/registry.js";
import { isHubError } from "../errors/hub-error.js";
import type { Commits } from "../runs/ports.js";
import type { FreePhones } from "./free-phones.js";
import type { FleetTx, TaskRecord } from "./ports.js";

export interface UnwrittenDeps {
  log: FastifyBaseLogger;
  registry: DeviceRegistry;
  free: FreePhones;
  commits: Commits<FleetTx>;
  retryBaseMs: number;
  retryCapMs: number;
  stopped: () => boolean;
  /** Requeues the tasks of these interrupted runs (Dispatcher.resume). */
  resume: (runs: readonly { id: string; taskId: string }[]) => Promise<void>;
}

export interface LeasedRun {
  task: TaskRecord;
  deviceId: string;
  /** The phone's lease holder (`task:<id>`). */
  holder: string;
  runId: string;
}

/** Decides what a run whose start (`opened` rejected) or end (`opened` resolved) was not written leaves. */
export function unwritten(deps: UnwrittenDeps, run: LeasedRun, opened: Promise<void>, error: unknown): void {
  const { log, registry } = deps;
  const facts = { taskId: run.task.id, runId: run.runId, deviceId: run.deviceId, err: String(error) };
  opened.then(
    () => {
      if (isHubError(error, "CONFLICT")) {
        log.warn(facts, "a run's end was refused: this hub was taken for dead and its task retried");
        registry.release(run.deviceId, run.holder);
        return;
      }
      log.error(facts, "a run's end could not be written; it is ended as interrupted once the database is back");
      void endLater(deps, run);
    },
    async () => {
      if (isHubError(error, "CONFLICT")) log.info(facts, "a claimed task was no longer queued");
      else log.error(facts, "a lease could not be written");
      await deps.free.handBack(run.task.id);
      registry.release(run.deviceId, run.holder);
    },
  );
}

/**
 * A run whose end could not be written (the database was away) stays "running" in the store, and its
 * phone leased: nothing says it is over. Until the database takes it, this writes the run's end as
 * interrupted (retrying with backoff), then requeues its task as a restart would (a new attempt
 * resumes from it) and frees the phone. Before, the phone and the task stayed so until the hub
 * restarted (the scale run's PostgreSQL restart left 75 such).
 */
async function endLater(deps: UnwrittenDeps, run: LeasedRun): Promise<void> {
  const reason = "its end could not be written (the database was away)";
  for (let attempt = 0; !deps.stopped(); attempt++) {
    await new Promise((r) => setTimeout(r, Math.min(deps.retryCapMs, deps.retryBaseMs * 2 ** attempt)));
    try {
      await deps.commits.write((tx) => tx.runs.finishRun(run.runId, "interrupted", reason, null));
    } catch (error) {
      if (!isHubError(error, "CONFLICT")) continue; // still away; a CONFLICT: another hub ended it
    }
    try {
      await deps.resume([{ id: run.runId, taskId: run.task.id }]);
    } catch (error) {
      // The run is ended: a restart or the cluster's stranded sweep requeues its task.
      deps.log.warn({ taskId: run.task.id, err: String(error) }, "a task whose run was ended could not be requeued");
    }
    deps.registry.release(run.deviceId, run.holder);
    return;
  }
}
