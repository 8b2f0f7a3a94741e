/**
 * Server-sent event streams: one run live (replayed from Last-Event-ID, then followed until it
 * ends) and the whole fleet live. EventSource cannot send headers, so both take the operator key
 * from `?access_token=` too. Both are bounded (sse.ts): a client that falls more than the cap behind
 * is disconnected, and each stream below says why its client loses nothing by that.
 */
import type { EventEmitter } from "node:events";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type DeviceChange, type DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import type { FleetDeviceView } from "../devices/remote-devices.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { TaskRecord } from "../fleet/ports.js";
import type { EventRow } from "../runs/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { route } from "./route.js";
import { RunFollower } from "./run-follower.js";
import { lastEventId, type SseStream, type SseStreams } from "./sse.js";
import { taskView as view } from "./task-routes.js";

const idParams = z.object({ id: z.string().min(1).max(64) });

/** What the fleet stream announces. */
interface FleetSources {
  runner: TaskRunner;
  dispatcher: Dispatcher;
  registry: DeviceRegistry;
}

export function registerEventRoutes(
  app: FastifyInstance,
  runner: TaskRunner,
  dispatcher: Dispatcher,
  registry: DeviceRegistry,
  streams: SseStreams,
): void {
  runEvents(app, runner, streams);
  fleetEvents(app, { runner, dispatcher, registry }, streams);
}

function runEvents(app: FastifyInstance, runner: TaskRunner, streams: SseStreams): void {
  route(app, {
    method: "GET",
    url: "/api/runs/:id/events",
    access: "read",
    queryToken: true,
    summary: "The run live (server-sent events; resumes from Last-Event-ID; ends after `end`).",
    produces: "text/event-stream",
    params: idParams,
    handler: async ({ params }, request, reply) => {
      const run = await runner.getRun(params.id);
      const stream = streams.open(request, reply);
      await new RunFollower(runner, run.id, stream, request.log, lastEventId(request)).start();
    },
  });
}

function fleetEvents(app: FastifyInstance, sources: FleetSources, streams: SseStreams): void {
  route(app, {
    method: "GET",
    url: "/api/events",
    access: "read",
    queryToken: true,
    summary: "The fleet live: phones (what changed), tasks and runs (server-sent events).",
    produces: "text/event-stream",
    handler: async (_input, request, reply) => followFleet(streams.open(request, reply), sources),
  });
}

/**
 * Every event here announces state that GET /api/devices and /api/tasks return, so a client cut
 * for falling behind re-lists on reconnect and misses nothing (ids count this connection only; they
 * are not a resume point). A phone's updates merge while they wait: the merge holds the latest
 * value of every field that changed, which is where applying each patch in turn would have left
 * the client. A whole event about the phone (joined, left, quarantined) closes the merge, so
 * nothing about it is reordered.
 */
function followFleet(stream: SseStream, { runner, dispatcher, registry }: FleetSources): void {
  let id = 0;
  const key = (entry: DeviceEntry): string => `device:${entry.id}`;
  const listen = <A extends unknown[]>(emitter: EventEmitter, event: string, handler: (...args: A) => void): void => {
    const listener = handler as (...args: unknown[]) => void;
    emitter.on(event, listener);
    stream.onClose(() => emitter.off(event, listener));
  };
  listen(registry, "joined", (entry: DeviceEntry) =>
    stream.send("device_joined", { ...DeviceRegistry.view(entry), hub: registry.remote.self }, ++id, key(entry)),
  );
  listen(registry, "left", (entry: DeviceEntry, change: DeviceChange) =>
    stream.send("device_left", { id: entry.id, ...change }, ++id, key(entry)),
  );
  // Cluster mode: phones joining and leaving the other hubs (hub/cluster/fanout.ts).
  listen(registry.remote, "joined", (view: FleetDeviceView) =>
    stream.send("device_joined", view, ++id, `device:${view.id}`),
  );
  listen(registry.remote, "left", (change: { id: string }) =>
    stream.send("device_left", change, ++id, `device:${change.id}`),
  );
  listen(registry, "updated", (entry: DeviceEntry, change: DeviceChange) => {
    if (Object.keys(change).length > 0) stream.patch(key(entry), "device_updated", { id: entry.id, ...change }, ++id);
  });
  listen(dispatcher, "device_quarantined", (entry: DeviceEntry) =>
    stream.send(
      "device_quarantined",
      { id: entry.id, quarantined: true, infraFailures: entry.infraFailures },
      ++id,
      key(entry),
    ),
  );
  listen(runner, "started", (run: { id: string }) => stream.send("run_started", run, ++id));
  listen(runner, "finished", (run: { id: string }) => stream.send("run_finished", run, ++id));
  // A run's agent asks for a human: the fleet view says so without following every run's log.
  listen(runner, "event", (row: EventRow) => {
    if (row.type !== "human_needed") return;
    const { question, deviceId } = row.body as { question: string; deviceId?: string };
    stream.send("waiting_for_human", { runId: row.runId, deviceId, reason: question }, ++id);
  });
  listen(dispatcher, "task_queued", (task: TaskRecord) => stream.send("task_queued", view(task), ++id));
  listen(dispatcher, "task_started", (e: { task: TaskRecord; deviceId: string; runId: string }) =>
    stream.send("task_started", { ...view(e.task), deviceId: e.deviceId, runId: e.runId }, ++id),
  );
  listen(dispatcher, "task_finished", (task: TaskRecord) => stream.send("task_finished", view(task), ++id));
}
