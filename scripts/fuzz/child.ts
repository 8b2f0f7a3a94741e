/**
 * One target's run in its own process, so the parent can bound it: a hang is killed, a runaway heap
 * dies at --max-old-space-size, and neither takes the other targets down. The index of the input being
 * decoded is kept in a small file (one pwrite per input), so even a process stuck in a loop or killed by
 * the heap limit leaves the path of the input that did it.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { fuzzTarget, type TargetReport } from "./runner.js";
import { findTarget } from "./targets.js";

export interface ChildJob {
  target: string;
  seed: number;
  runs: number;
  from: number;
  maxInputMs: number;
  indexFile: string;
}

export type ChildMessage =
  /** `sofar` counts the inputs before `index`: what survives of this child if it dies. */
  { type: "progress"; index: number; rssMb: number; sofar: TargetReport } | { type: "done"; report: TargetReport };

const PROGRESS_MS = 1_000;

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? "{}") as ChildJob;
  const send = (message: ChildMessage) => process.send?.(message);
  const fd = openSync(job.indexFile, "w");
  const slot = Buffer.alloc(4);
  let nextProgress = 0;
  let peakRssMb = 0;
  const report = await fuzzTarget(findTarget(job.target), {
    seed: job.seed,
    runs: job.runs,
    from: job.from,
    maxInputMs: job.maxInputMs,
    onInput(index, sofar) {
      slot.writeUInt32LE(index, 0);
      writeSync(fd, slot, 0, 4, 0);
      const now = performance.now();
      if (now < nextProgress) return;
      nextProgress = now + PROGRESS_MS;
      const rssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
      peakRssMb = Math.max(peakRssMb, rssMb);
      send({ type: "progress", index, rssMb, sofar });
    },
  });
  closeSync(fd);
  report.peakRssMb = Math.max(report.peakRssMb, peakRssMb);
  // Close the channel only once the report is written to it, so the process can end on its own.
  process.send?.({ type: "done", report } satisfies ChildMessage, () => process.disconnect?.());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
