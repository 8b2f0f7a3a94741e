/** `GET /metrics` in the Prometheus text format: fleet gauges and process facts (operator key). */
import type { FastifyInstance } from "fastify";
import { DeviceRegistry, type DeviceStatus } from "../devices/registry.js";
import type { TaskStore } from "../fleet/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import type { RefusalCounter } from "../util/refusals.js";
import { route } from "./route.js";

/** What the HTTP edge reports: refusals by kind and code, and connections open now. */
export interface EdgeMetrics {
  refusals: RefusalCounter;
  openConnections(): number;
}

export function registerMetricsRoute(
  app: FastifyInstance,
  registry: DeviceRegistry,
  runner: TaskRunner,
  tasks: TaskStore,
  edge: EdgeMetrics,
): void {
  route(app, {
    method: "GET",
    url: "/metrics",
    access: "read",
    summary: "Prometheus metrics.",
    produces: "text/plain",
    handler: async (_input, _request, reply) => {
      const byStatus: Record<DeviceStatus, number> = { online: 0, offline: 0, busy: 0, quarantined: 0, draining: 0 };
      const byDialect = new Map<string, number>();
      for (const entry of registry.list()) {
        byStatus[DeviceRegistry.status(entry)]++;
        const dialect = entry.info?.dialect ?? "unknown";
        if (entry.session?.connected) byDialect.set(dialect, (byDialect.get(dialect) ?? 0) + 1);
      }
      const memory = process.memoryUsage();
      const lines = [
        "# HELP droidhub_devices Known phones by status.",
        "# TYPE droidhub_devices gauge",
        ...Object.entries(byStatus).map(([status, n]) => `droidhub_devices{status="${status}"} ${n}`),
        "# HELP droidhub_connected_devices Connected phones by dialect.",
        "# TYPE droidhub_connected_devices gauge",
        ...[...byDialect].map(([dialect, n]) => `droidhub_connected_devices{dialect="${dialect}"} ${n}`),
        "# HELP droidhub_runs_running Agent runs in progress.",
        "# TYPE droidhub_runs_running gauge",
        `droidhub_runs_running ${runner.running}`,
        "# HELP droidhub_tasks Tasks by state.",
        "# TYPE droidhub_tasks gauge",
        ...Object.entries(await tasks.counts()).map(([state, n]) => `droidhub_tasks{state="${state}"} ${n}`),
        "# HELP droidhub_open_connections TCP connections open now (HTTP, SSE and phone sockets).",
        "# TYPE droidhub_open_connections gauge",
        `droidhub_open_connections ${edge.openConnections()}`,
        "# HELP droidhub_refused_total Refused phone joins, auth failures, connections over the per-address cap and malformed or too slow HTTP requests.",
        "# TYPE droidhub_refused_total counter",
        ...edge.refusals.series().map(({ labels, count }) => `droidhub_refused_total{${labelText(labels)}} ${count}`),
        "# HELP droidhub_process_heap_bytes V8 heap in use.",
        "# TYPE droidhub_process_heap_bytes gauge",
        `droidhub_process_heap_bytes ${memory.heapUsed}`,
        "# HELP droidhub_process_resident_bytes Resident set size.",
        "# TYPE droidhub_process_resident_bytes gauge",
        `droidhub_process_resident_bytes ${memory.rss}`,
        "# HELP droidhub_uptime_seconds Seconds since the hub started.",
        "# TYPE droidhub_uptime_seconds counter",
        `droidhub_uptime_seconds ${Math.round(process.uptime())}`,
      ];
      return reply.header("content-type", "text/plain; version=0.0.4").send(`${lines.join("\n")}\n`);
    },
  });
}

/** Prometheus label pairs; values escaped as the text format requires. */
function labelText(labels: object): string {
  return Object.entries(labels)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${String(value).replace(/[\\"\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`))}"`)
    .join(",");
}
