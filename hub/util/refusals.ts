/**
 * Counts what the hub refuses at its edge — phone joins, operator 401s, connections over the
 * per-address cap, malformed or too-slow HTTP — instead of writing a log line for each: a flood of
 * refusals (a phone fleet with a revoked key retries every few seconds; a scanner sends thousands
 * a second) must cost counters, not megabytes of log. Totals are exported (Prometheus); at most one
 * summary per interval is reported, and only when something was refused.
 */

export type RefusalKind = "upgrade" | "request" | "connection" | "client_error";

export interface RefusalLabels {
  kind: RefusalKind;
  /** A HubError code. */
  code: string;
  /** The device dialect of a refused join. */
  dialect?: string;
  /** A short fixed text (never request data): why, when the code alone does not say. */
  reason?: string;
}

export interface RefusalSeries {
  labels: RefusalLabels;
  count: number;
}

export interface RefusalSummary {
  total: number;
  seconds: number;
  /** "kind code dialect: reason" → count, this interval. */
  refused: Record<string, number>;
  /** The addresses refused most often this interval (at most five). */
  addresses: Record<string, number>;
}

export interface RefusalCounterOptions {
  intervalMs: number;
  report: (summary: RefusalSummary) => void;
  /** Distinct label sets kept; more are folded into reason "other" so a metric cannot grow unbounded. */
  maxSeries?: number;
  /** Distinct addresses remembered per interval, for the summary's top five. */
  maxAddresses?: number;
}

export class RefusalCounter {
  readonly #series = new Map<string, RefusalSeries>();
  /** Requests already counted, so the request log skips them. */
  readonly #requests = new WeakSet<object>();
  readonly #options: Required<RefusalCounterOptions>;
  #interval = new Map<string, number>();
  #addresses = new Map<string, number>();
  #intervalTotal = 0;
  #intervalStart = performance.now();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: RefusalCounterOptions) {
    this.#options = { maxSeries: 64, maxAddresses: 1024, ...options };
  }

  /** Counts one refusal; `request` (the raw HTTP request) is then left out of the request log. */
  count(labels: RefusalLabels, address?: string, request?: object): void {
    if (request) this.#requests.add(request);
    const series = this.#seriesFor(labels);
    series.count++;
    const name = describe(series.labels);
    this.#interval.set(name, (this.#interval.get(name) ?? 0) + 1);
    this.#intervalTotal++;
    if (address && (this.#addresses.has(address) || this.#addresses.size < this.#options.maxAddresses)) {
      this.#addresses.set(address, (this.#addresses.get(address) ?? 0) + 1);
    }
    if (!this.#timer) {
      this.#intervalStart = performance.now();
      this.#timer = setInterval(() => this.flush(), this.#options.intervalMs);
      this.#timer.unref();
    }
  }

  /** Whether this raw request was refused (and counted). */
  counted(request: object): boolean {
    return this.#requests.has(request);
  }

  /** Totals since start, one entry per label set. */
  series(): readonly RefusalSeries[] {
    return [...this.#series.values()];
  }

  /** Reports the interval's refusals, if any; the timer stops until the next refusal. */
  flush(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#intervalTotal === 0) return;
    const top = [...this.#addresses].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const summary: RefusalSummary = {
      total: this.#intervalTotal,
      seconds: Math.max(1, Math.round((performance.now() - this.#intervalStart) / 1000)),
      refused: Object.fromEntries(this.#interval),
      addresses: Object.fromEntries(top),
    };
    this.#interval = new Map();
    this.#addresses = new Map();
    this.#intervalTotal = 0;
    this.#options.report(summary);
  }

  #seriesFor(labels: RefusalLabels): RefusalSeries {
    const key = describe(labels);
    const found = this.#series.get(key);
    if (found) return found;
    const kept: RefusalLabels =
      this.#series.size < this.#options.maxSeries ? { ...labels } : { ...labels, reason: "other" };
    const keptKey = describe(kept);
    const series = this.#series.get(keptKey) ?? { labels: kept, count: 0 };
    this.#series.set(keptKey, series);
    return series;
  }
}

function describe(labels: RefusalLabels): string {
  const head = [labels.kind, labels.code, labels.dialect].filter(Boolean).join(" ");
  return labels.reason ? `${head}: ${labels.reason}` : head;
}
