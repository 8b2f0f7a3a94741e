/** Tasks and runs: start an agent run on a phone, watch it live, read it back, star it, report it. */
import type { EventEmitter } from "node:events";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordedSteps } from "../agent/replay/recorded.js";
import { testCaseSchema } from "../agent/step/test-case.js";
import { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import { invalidBody } from "../errors/invalid-body.js";
import { APP_TAG, type Dispatcher, type SubmittedTask } from "../fleet/dispatcher.js";
import { REPORT_CSP, renderReport } from "../runs/report.js";
import type { TaskRunner } from "../runs/task-runner.js";
import type { EventRow } from "../store/run-store.js";
import type { TaskRecord, TaskStore } from "../store/task-store.js";
import { lastEventId, openSse } from "./sse.js";

export const taskSchema = z
  .object({
    /** Required unless a test case gives it. */
    goal: z.string().trim().min(1).max(4_000).optional(),
    /** A test case as data ({name, app, goal, expected, max_steps, timeout}): runs in step mode. */
    test_case: testCaseSchema.optional(),
    mode: z.enum(["chain", "step", "script"]).default("chain"),
    device: z.string().min(1).max(128).optional(),
    tags: z.array(z.string().min(1).max(64)).max(16).optional(),
    /** Only phones with this app installed (package name). */
    app: z
      .string()
      .regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/, "not a package name")
      .optional(),
    min_sdk: z.number().int().min(0).max(100).optional(),
    priority: z.number().int().min(-1000).max(1000).optional(),
    max_attempts: z.number().int().min(1).max(20).optional(),
    timeout_ms: z
      .number()
      .int()
      .min(1_000)
      .max(24 * 3_600_000)
      .optional(),
    expected: z.string().trim().min(1).max(4_000).optional(),
    max_steps: z.number().int().min(1).max(200).optional(),
    verification: z.enum(["economy", "naive"]).optional(),
    /** Script mode: remote-control actions (as POST /api/devices/:id/actions takes them). */
    actions: z.array(z.record(z.string(), z.unknown())).max(200).optional(),
    secrets: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string().max(1_000)).optional(),
  })
  .strict()
  .refine((t) => t.mode !== "script" || (t.actions?.length ?? 0) > 0, {
    message: "script tasks need actions",
    path: ["actions"],
  })
  .refine((t) => t.goal !== undefined || t.test_case !== undefined, {
    message: "a goal or a test_case is required",
    path: ["goal"],
  });

export const batchBody = z.object({ tasks: z.array(taskSchema).min(1).max(50_000) }).strict();

type TaskInput = z.infer<typeof taskSchema>;

function submitted(t: TaskInput): SubmittedTask {
  const tc = t.test_case;
  return {
    goal: t.goal ?? tc!.goal,
    mode: tc ? "step" : t.mode,
    deviceId: t.device,
    tags: t.app ? [...(t.tags ?? []), `${APP_TAG}${t.app}`] : t.tags,
    minSdk: t.min_sdk,
    priority: t.priority,
    maxAttempts: t.max_attempts,
    timeoutMs: t.timeout_ms ?? (tc ? Math.round(tc.timeout * 1000) : undefined),
    secrets: t.secrets,
    extra: {
      expected: t.expected ?? tc?.expected,
      maxSteps: t.max_steps ?? tc?.max_steps,
      verification: t.verification,
      actions: t.actions,
      ...(tc ? { testCase: tc } : {}),
    },
  };
}

const tasksQuery = z.object({
  status: z.enum(["queued", "running", "done", "failed", "cancelled"]).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const eventsQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });
const runsQuery = z.object({
  status: z.enum(["running", "done", "failed", "cancelled", "interrupted"]).optional(),
  device: z.string().max(128).optional(),
  starred: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const starBody = z
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
  "step_frame",
  "claim_checked",
  "recovery",
  "history_summary",
  "test_result",
  "replay_step",
];
export const replayBody = z
  .object({
    device: z.string().min(1).max(128),
    secrets: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string().max(1_000)).optional(),
  })
  .strict();
const hashParams = z.object({ hash: z.string().regex(/^[a-f0-9]{64}$/, "not a screenshot hash") });
const CONTENT_TYPES = { jpeg: "image/jpeg", webp: "image/webp", png: "image/png" } as const;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

export function registerTaskRoutes(
  app: FastifyInstance,
  runner: TaskRunner,
  dispatcher: Dispatcher,
  tasks: TaskStore,
  registry: DeviceRegistry,
): void {
  const store = runner.store;

  const view = (task: TaskRecord) => {
    const { hasSecrets: _secrets, ...rest } = task;
    return {
      ...rest,
      createdAt: new Date(task.createdAt).toISOString(),
      finishedAt: task.finishedAt ? new Date(task.finishedAt).toISOString() : undefined,
      notBefore: task.notBefore ? new Date(task.notBefore).toISOString() : undefined,
    };
  };
  const getTask = (id: string): TaskRecord => {
    const task = tasks.get(id);
    if (!task) throw new HubError("NOT_FOUND", `unknown task ${id}`, { details: { taskId: id } });
    return task;
  };

  app.post("/api/tasks", async (request, reply) => {
    const [task] = dispatcher.submit([submitted(parse(taskSchema, request.body))]);
    const run = store.runsOfTask(task!.id).at(-1);
    return reply.code(201).send({ id: task!.id, status: task!.status, ...(run ? { runId: run.id } : {}) });
  });

  app.post("/api/tasks/batch", async (request, reply) => {
    const body = parse(batchBody, request.body);
    const records = dispatcher.submit(body.tasks.map(submitted));
    return reply.code(201).send({ ids: records.map((t) => t.id), queued: records.length });
  });

  app.get("/api/tasks", async (request) => {
    const q = parse(tasksQuery, request.query);
    return { counts: tasks.counts(), tasks: tasks.list(q).map(view) };
  });

  app.get("/api/tasks/:id", async (request) => {
    const task = getTask(parse(idParams, request.params).id);
    return { ...view(task), runs: store.runsOfTask(task.id) };
  });

  /** Events of the task's latest run after a sequence number, for polling clients (`droidhub run --follow`). */
  app.get("/api/tasks/:id/events", async (request) => {
    const task = getTask(parse(idParams, request.params).id);
    const { after } = parse(eventsQuery, request.query);
    const run = store.runsOfTask(task.id).at(-1);
    const events = run ? store.events(run.id, after).map((e) => ({ seq: e.seq, at: e.at, event: e.body })) : [];
    return { status: task.status, runId: run?.id, events };
  });

  app.post("/api/tasks/:id/cancel", async (request) => {
    const task = dispatcher.cancel(parse(idParams, request.params).id);
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

  /** Re-runs a recorded run's steps on a phone; the model only where a step diverges (task mode "replay"). */
  app.post("/api/runs/:id/replay", async (request, reply) => {
    const source = runner.getRun(parse(idParams, request.params).id);
    const body = parse(replayBody, request.body);
    if (recordedSteps(store.events(source.id, 0, ["step_finished"])).length === 0) {
      throw new HubError("INVALID_BODY", `run ${source.id} recorded no successful chain steps to replay`);
    }
    const [task] = dispatcher.submit([
      {
        goal: source.goal,
        mode: "replay",
        deviceId: body.device,
        maxAttempts: 1,
        secrets: body.secrets,
        extra: { replayOf: source.id },
      },
    ]);
    const run = store.runsOfTask(task!.id).at(-1);
    return reply.code(201).send({ taskId: task!.id, status: task!.status, source: source.id, runId: run?.id });
  });

  app.get("/api/runs/:id/report", async (request, reply) => {
    const run = runner.getRun(parse(idParams, request.params).id);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-disposition", `inline; filename="droidhub-run-${run.id}.html"`)
      .header("content-security-policy", REPORT_CSP)
      .header("x-content-type-options", "nosniff")
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
  });
}
