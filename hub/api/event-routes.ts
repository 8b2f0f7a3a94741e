/**
 * Server-sent event streams: one run live (replayed from Last-Event-ID, then followed until it
 * ends) and the whole fleet live. EventSource cannot send headers, so both take the operator key
 * from `?access_token=` too.
 */
import type { EventEmitter } from "node:events";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DeviceRegistry } from "../devices/registry.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { TaskRunner } from "../runs/task-runner.js";
import type { EventRow } from "../store/run-store.js";
import type { TaskRecord } from "../store/task-store.js";
import { route } from "./route.js";
import { lastEventId, openSse } from "./sse.js";
import { taskView as view } from "./task-routes.js";

const idParams = z.object({ id: z.string().min(1).max(64) });

export function registerEventRoutes(
  app: FastifyInstance,
  runner: TaskRunner,
  dispatcher: Dispatcher,
  registry: DeviceRegistry,
): void {
  const store = runner.store;
  route(app, {
    method: "GET",
    url: "/api/runs/:id/events",
    access: "read",
    queryToken: true,
    summary: "The run live (server-sent events; resumes from Last-Event-ID).",
    produces: "text/event-stream",
    params: idParams,
    handler: async ({ params }, request, reply) => {
      const run = runner.getRun(params.id);
      const stream = openSse(request, reply);
      let sent = lastEventId(request);
      const forward = (row: EventRow): void => {
        if (row.runId !== run.id || row.seq <= sent) return;
        sent = row.seq;
        stream.send(row.type, row.body, row.seq);
      };
      const finished = (done: { id: string; status: string }): void => {
        if (done.id === run.id) stream.send("end", { status: done.status });
      };
      // Subscribe before replaying so nothing falls between the two; `sent` drops duplicates.
      runner.on("event", forward);
      runner.on("finished", finished);
      stream.onClose(() => {
        runner.off("event", forward);
        runner.off("finished", finished);
      });
      for (const row of store.events(run.id, sent)) forward(row);
      const current = store.getRun(run.id);
      if (current && current.status !== "running") stream.send("end", { status: current.status });
    },
  });

  route(app, {
    method: "GET",
    url: "/api/events",
    access: "read",
    queryToken: true,
    summary: "The fleet live: phones, tasks and runs (server-sent events).",
    produces: "text/event-stream",
    handler: async (_input, request, reply) => {
      const stream = openSse(request, reply);
      let id = 0;
      const device =
        (type: string) =>
        (entry: Parameters<typeof DeviceRegistry.view>[0]): void =>
          stream.send(type, DeviceRegistry.view(entry), ++id);
      const listen = <T>(emitter: EventEmitter, event: string, handler: (value: T) => void): void => {
        emitter.on(event, handler);
        stream.onClose(() => emitter.off(event, handler));
      };
      listen(registry, "joined", device("device_joined"));
      listen(registry, "left", device("device_left"));
      listen(registry, "updated", device("device_updated"));
      listen(runner, "started", (run: { id: string }) => stream.send("run_started", run, ++id));
      listen(runner, "finished", (run: { id: string }) => stream.send("run_finished", run, ++id));
      listen(dispatcher, "task_queued", (task: TaskRecord) => stream.send("task_queued", view(task), ++id));
      listen(dispatcher, "task_started", (e: { task: TaskRecord; deviceId: string; runId: string }) =>
        stream.send("task_started", { ...view(e.task), deviceId: e.deviceId, runId: e.runId }, ++id),
      );
      listen(dispatcher, "task_finished", (task: TaskRecord) => stream.send("task_finished", view(task), ++id));
      listen(dispatcher, "device_quarantined", device("device_quarantined"));
    },
  });
}
