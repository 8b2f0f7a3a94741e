/** Tasks and runs: start an agent run on a phone, watch it live, read it back, star it, report it. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import { renderReport } from "../runs/report.js";
import type { TaskRunner } from "../runs/task-runner.js";
import type { EventRow } from "../store/run-store.js";
import { invalidBody } from "./actions.js";
import { lastEventId, openSse } from "./sse.js";

const taskBody = z
  .object({
    goal: z.string().trim().min(1).max(4_000),
    device: z.string().min(1).max(128),
    mode: z.enum(["chain", "step"]).default("chain"),
    expected: z.string().trim().min(1).max(4_000).optional(),
    max_steps: z.number().int().min(1).max(200).optional(),
    secrets: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string().max(1_000)).optional(),
    verification: z.enum(["economy", "naive"]).optional(),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(64) });
const eventsQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });
const runsQuery = z.object({
  status: z.enum(["running", "done", "failed", "cancelled", "interrupted"]).optional(),
  device: z.string().max(128).optional(),
  starred: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
const starBody = z
  .object({ starred: z.boolean().default(true) })
  .strict()
  .default({ starred: true });

/** What a step log shows: the events that are steps, model calls, verdicts and plans. */
const STEP_TYPES = [
  "plan",
  "step_finished",
  "refresh",
  "replan",
  "model_call",
  "step_log",
  "claim_checked",
  "recovery",
  "history_summary",
  "test_result",
];
const hashParams = z.object({ hash: z.string().regex(/^[a-f0-9]{64}$/, "not a screenshot hash") });
const CONTENT_TYPES = { jpeg: "image/jpeg", webp: "image/webp", png: "image/png" } as const;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

export function registerTaskRoutes(app: FastifyInstance, runner: TaskRunner, registry: DeviceRegistry): void {
  const store = runner.store;

  app.post("/api/tasks", async (request, reply) => {
    const body = parse(taskBody, request.body);
    const { taskId, runId } = runner.submit({
      goal: body.goal,
      device: body.device,
      mode: body.mode,
      expected: body.expected,
      maxSteps: body.max_steps,
      secrets: body.secrets,
      verification: body.verification,
    });
    return reply.code(201).send({ id: taskId, runId, status: "running" });
  });

  app.get("/api/tasks", async () => ({ tasks: store.listTasks() }));

  app.get("/api/tasks/:id", async (request) => runner.getTask(parse(idParams, request.params).id));

  /** Events of the task's latest run after a sequence number, for polling clients (`droidhub run --follow`). */
  app.get("/api/tasks/:id/events", async (request) => {
    const task = runner.getTask(parse(idParams, request.params).id);
    const { after } = parse(eventsQuery, request.query);
    const run = task.runs.at(-1);
    const events = run ? store.events(run.id, after).map((e) => ({ seq: e.seq, at: e.at, event: e.body })) : [];
    return { status: task.status, events };
  });

  app.post("/api/tasks/:id/cancel", async (request) => {
    const task = runner.cancel(parse(idParams, request.params).id);
    return { id: task.id, status: task.status, cancelling: task.status === "running" };
  });

  app.get("/api/runs", async (request) => {
    const q = parse(runsQuery, request.query);
    return {
      runs: store.listRuns({
        status: q.status,
        deviceId: q.device,
        starred: q.starred === undefined ? undefined : q.starred === "true",
        limit: q.limit,
      }),
    };
  });

  app.get("/api/runs/:id", async (request) => runner.getRun(parse(idParams, request.params).id));

  app.get("/api/runs/:id/steps", async (request) => {
    const run = runner.getRun(parse(idParams, request.params).id);
    return { runId: run.id, steps: store.events(run.id, 0, STEP_TYPES) };
  });

  app.post("/api/runs/:id/star", async (request) => {
    const run = runner.getRun(parse(idParams, request.params).id);
    const { starred } = parse(starBody, request.body ?? undefined);
    store.setStar(run.id, starred);
    return runner.getRun(run.id);
  });

  app.get("/api/runs/:id/report", async (request, reply) => {
    const run = runner.getRun(parse(idParams, request.params).id);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-disposition", `inline; filename="droidhub-run-${run.id}.html"`)
      .send(renderReport(run, store.events(run.id), (hash) => runner.screenshots.get(hash)));
  });

  /** A step's screenshot, exactly the bytes the model saw. */
  app.get("/api/screenshots/:hash", async (request, reply) => {
    const { hash } = parse(hashParams, request.params);
    const image = runner.screenshots.get(hash);
    if (!image) throw new HubError("NOT_FOUND", `unknown screenshot ${hash}`);
    return reply
      .header("content-type", CONTENT_TYPES[image.format])
      .header("cache-control", "private, max-age=31536000, immutable")
      .send(image.bytes);
  });

  /** One run live: replays from Last-Event-ID, then streams until the run ends. */
  app.get("/api/runs/:id/events", async (request, reply) => {
    const run = runner.getRun(parse(idParams, request.params).id);
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
  });

  /** The whole fleet live: phones joining and leaving, runs starting and ending. */
  app.get("/api/events", async (request, reply) => {
    const stream = openSse(request, reply);
    let id = 0;
    const device =
      (type: string) =>
      (entry: Parameters<typeof DeviceRegistry.view>[0]): void =>
        stream.send(type, DeviceRegistry.view(entry), ++id);
    const joined = device("device_joined");
    const left = device("device_left");
    const updated = device("device_updated");
    const started = (run: { id: string }) => stream.send("run_started", run, ++id);
    const finished = (run: { id: string }) => stream.send("run_finished", run, ++id);
    registry.on("joined", joined);
    registry.on("left", left);
    registry.on("updated", updated);
    runner.on("started", started);
    runner.on("finished", finished);
    stream.onClose(() => {
      registry.off("joined", joined);
      registry.off("left", left);
      registry.off("updated", updated);
      runner.off("started", started);
      runner.off("finished", finished);
    });
  });
}
