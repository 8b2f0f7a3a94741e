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
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { TaskRecord } from "../fleet/ports.js";
import type { EventRow } from "../runs/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { route } from "./route.js";
import { lastEventId, type SseStreams } from "./sse.js";
import { taskView as view } from "./task-routes.js";

const idParams = z.object({ id: z.string().min(1).max(64) });
/** Run events read from the store per query while a stream catches up. */
const REPLAY_PAGE = 200;

export function registerEventRoutes(
  app: FastifyInstance,
  runner: TaskRunner,
  dispatcher: Dispatcher,
  registry: DeviceRegistry,
  streams: SseStreams,
): void {
  const store = runner.store;
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
      // The store is this stream's buffer: every event is committed before it is announced, so the
      // stream writes only while the client keeps up and, when it falls behind, picks up from the
      // store once it has caught up. A slow reader costs the hub one socket buffer, not the run;
      // nothing is dropped or merged (each event counts), and a client that drops or is cut (an
      // event larger than the cap) resumes with Last-Event-ID: every event carries its seq as id.
      let sent = lastEventId(request);
      let final: string | undefined;
      // One reader of the store at a time; a wake-up while it reads makes it read once more.
      let reading = false;
      let again = false;
      const catchUp = async (): Promise<void> => {
        for (;;) {
          const page = await store.events(run.id, sent, undefined, REPLAY_PAGE);
          for (const row of page) {
            if (!stream.writable) return;
            if (row.seq <= sent) continue;
            sent = row.seq;
            stream.send(row.type, row.body, row.seq);
          }
          if (page.length < REPLAY_PAGE) break;
        }
        // The response ends after `end`, so a finished run's stream does not stay open for nothing.
        if (final !== undefined && stream.writable) {
          stream.send("end", { status: final });
          stream.end();
        }
      };
      const pump = (): void => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        catchUp().then(
          () => {
            reading = false;
            if (!again) return;
            again = false;
            pump();
          },
          (error: unknown) => {
            request.log.warn({ runId: run.id, err: String(error) }, "run events could not be read");
            stream.end();
          },
        );
      };
      const live = (row: EventRow): void => {
        if (row.runId !== run.id || row.seq <= sent || !stream.writable) return;
        if (reading || row.seq > sent + 1) {
          pump(); // the one before it is still being announced (or read), but it is in the store already
          return;
        }
        sent = row.seq;
        stream.send(row.type, row.body, row.seq);
      };
      const finished = (done: { id: string; status: string }): void => {
        if (done.id !== run.id) return;
        final = done.status;
        if (stream.writable) pump();
      };
      // Subscribe before replaying so nothing falls between the two; `sent` drops duplicates.
      runner.on("event", live);
      runner.on("finished", finished);
      stream.onClose(() => {
        runner.off("event", live);
        runner.off("finished", finished);
      });
      stream.onWritable(pump);
      const current = await store.getRun(run.id);
      if (current && current.status !== "running") final = current.status;
      pump();
    },
  });

  route(app, {
    method: "GET",
    url: "/api/events",
    access: "read",
    queryToken: true,
    summary: "The fleet live: phones (what changed), tasks and runs (server-sent events).",
    produces: "text/event-stream",
    handler: async (_input, request, reply) => {
      const stream = streams.open(request, reply);
      // Every event here announces state that GET /api/devices and /api/tasks return, so a client
      // cut for falling behind re-lists on reconnect and misses nothing (ids count this connection
      // only; they are not a resume point). A phone's updates merge while they wait: the merge holds
      // the latest value of every field that changed, which is where applying each patch in turn
      // would have left the client. A whole event about the phone (joined, left, quarantined) closes
      // the merge, so nothing about it is reordered.
      let id = 0;
      const key = (entry: DeviceEntry): string => `device:${entry.id}`;
      const listen = <A extends unknown[]>(
        emitter: EventEmitter,
        event: string,
        handler: (...args: A) => void,
      ): void => {
        const listener = handler as (...args: unknown[]) => void;
        emitter.on(event, listener);
        stream.onClose(() => emitter.off(event, listener));
      };
      listen(registry, "joined", (entry: DeviceEntry) =>
        stream.send("device_joined", DeviceRegistry.view(entry), ++id, key(entry)),
      );
      listen(registry, "left", (entry: DeviceEntry, change: DeviceChange) =>
        stream.send("device_left", { id: entry.id, ...change }, ++id, key(entry)),
      );
      listen(registry, "updated", (entry: DeviceEntry, change: DeviceChange) => {
        if (Object.keys(change).length > 0)
          stream.patch(key(entry), "device_updated", { id: entry.id, ...change }, ++id);
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
    },
  });
}
