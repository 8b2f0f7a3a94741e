/**
 * What a benchmark hands to `npm run bench`: named figures written as JSON to the file in
 * BENCH_FIGURES_FILE (nothing when it is unset, so each bench:* script still runs on its own).
 * A ratio names its reference figure (the plain echo's or the plain taps' own rate), so the table
 * can print it beside the ratio and a busy run is recognisable.
 */
import { writeFileSync } from "node:fs";
import v8 from "node:v8";

export interface Figure {
  value: number;
  unit: string;
  /** Which way is an improvement. */
  better: "higher" | "lower";
  /** The key (in the same suite) of the figure this one is measured against, e.g. the plain echo's rate. */
  reference?: string;
}

export type Figures = Record<string, Figure>;

export function emitFigures(figures: Figures): void {
  const file = process.env["BENCH_FIGURES_FILE"];
  if (file) writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}

/**
 * Heap bytes allocated between start() and stop(), from V8's GC profiler: what each collection
 * found in use minus what the previous one left, plus the growth since the last one. Buffers
 * outside the V8 heap are not counted.
 */
export function allocationMeter(): { stop(): number } {
  const profiler = new v8.GCProfiler();
  const startUsed = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return {
    stop(): number {
      const endUsed = v8.getHeapStatistics().used_heap_size;
      const result = profiler.stop();
      let allocated = 0;
      let last = startUsed;
      for (const gc of result.statistics) {
        allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - last);
        last = gc.afterGC.heapStatistics.usedHeapSize;
      }
      return allocated + Math.max(0, endUsed - last);
    },
  };
}
