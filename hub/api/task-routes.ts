/** Tasks: queue agent runs on the fleet, read them back, follow and cancel them. */

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { testCaseSchema } from "../agent/step/test-case.js";
import { actionSchema } from "../devices/actions.js";
import { deviceIdSchema } from "../devices/device-limits.js";
import { PACKAGE_NAME } from "../devices/phone.js";
import { HubError } from "../errors/hub-error.js";
import { defined, itemAt } from "../errors/invariant.js";
import { APP_TAG, type Dispatcher, type SubmittedTask } from "../fleet/dispatcher.js";
import type { TaskRecord, TaskStore } from "../fleet/ports.js";
import type { RunStore } from "../runs/ports.js";
import { runAnswer, taskAnswer, taskState } from "./responses.js";
import { route } from "./route.js";

/** The task's fields without the cross-field rules: the MCP server's run_task takes a subset of them. */
export const taskFields = z
  .object({
    /** Required unless a test case gives it. */
    goal: z.string().trim().min(1).max(4_000).optional(),
    /** A test case as data ({name, app, goal, expected, max_steps, timeout}): runs in step mode. */
    test_case: testCaseSchema.optional(),
    mode: z.enum(["chain", "step", "script"]).default("chain"),
    device: deviceIdSchema.optional(),
    tags: z.array(z.string().min(1).max(64)).max(16).optional(),
    /** Only phones with this app installed (package name). */
    app: z.string().regex(PACKAGE_NAME, "not a package name").optional(),
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
    /** How long the agent's question to a human waits for a hand-back before the run fails (HUMAN_TIMEOUT). */
    human_timeout_ms: z
      .number()
      .int()
      .min(1_000)
      .max(24 * 3_600_000)
      .optional(),
    max_steps: z.number().int().min(1).max(200).optional(),
    verification: z.enum(["economy", "naive"]).optional(),
    /** Script mode: remote-control actions (as POST /api/devices/:id/actions takes them). */
    actions: z.array(actionSchema).max(200).optional(),
    /** Script mode: false runs the actions without looking at the screen (no pictures): for load tests. */
    pictures: z.boolean().optional(),
    secrets: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string().max(1_000)).optional(),
  })
  .strict();

export const taskSchema = taskFields
  .refine((t) => t.mode !== "script" || (t.actions?.length ?? 0) > 0, {
    message: "script tasks need actions",
    path: ["actions"],
  })
  .refine((t) => t.pictures === undefined || t.mode === "script", {
    message: "pictures applies to script tasks only (the other modes need the screen to work)",
    path: ["pictures"],
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
    goal: defined(t.goal ?? tc?.goal, "goal"),
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
      ...(t.human_timeout_ms ? { humanTimeoutMs: t.human_timeout_ms } : {}),
      actions: t.actions,
      ...(t.pictures === false ? { pictures: false } : {}),
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
/** A task as the API shows it: times as ISO strings, never whether or which secrets it holds. */
export function taskView(task: TaskRecord) {
  const { hasSecrets: _secrets, ...rest } = task;
  return {
    ...rest,
    createdAt: new Date(task.createdAt).toISOString(),
    finishedAt: task.finishedAt ? new Date(task.finishedAt).toISOString() : undefined,
    notBefore: task.notBefore ? new Date(task.notBefore).toISOString() : undefined,
  };
}

/** What the task routes read and write. */
interface TaskDeps {
  dispatcher: Dispatcher;
  tasks: TaskStore;
  runs: RunStore;
  getTask(id: string): Promise<TaskRecord>;
}

export function registerTaskRoutes(
  app: FastifyInstance,
  dispatcher: Dispatcher,
  tasks: TaskStore,
  runs: RunStore,
): void {
  const getTask = async (id: string): Promise<TaskRecord> => {
    const task = await tasks.get(id);
    if (!task) throw new HubError("NOT_FOUND", `unknown task ${id}`, { details: { taskId: id } });
    return task;
  };
  const deps: TaskDeps = { dispatcher, tasks, runs, getTask };
  createTask(app, deps);
  createBatch(app, deps);
  listTasks(app, deps);
  getTaskRoute(app, deps);
  taskEvents(app, deps);
  cancelTask(app, deps);
}

function createTask(app: FastifyInstance, { dispatcher, runs }: TaskDeps): void {
  route(app, {
    method: "POST",
    url: "/api/tasks",
    access: "control",
    summary: "Queue one task → {id, status, runId?}.",
    body: taskSchema,
    status: 201,
    response: z.object({ id: z.string(), status: taskState, runId: z.string().optional() }),
    handler: async ({ body }, request) => {
      const task = itemAt(await dispatcher.submit([submitted(body)]), 0, "submitted task");
      request.audit = { target: { type: "task", id: task.id }, detail: { mode: task.mode } };
      const run = (await runs.runsOfTask(task.id)).at(-1);
      return { id: task.id, status: task.status, ...(run ? { runId: run.id } : {}) };
    },
  });
}

function createBatch(app: FastifyInstance, { dispatcher }: TaskDeps): void {
  route(app, {
    method: "POST",
    url: "/api/tasks/batch",
    access: "control",
    summary: "Queue many tasks → {ids, queued}.",
    body: batchBody,
    status: 201,
    response: z.object({ ids: z.array(z.string()), queued: z.number().int() }),
    handler: async ({ body }, request) => {
      // Only the ids are answered: no per-task read back.
      const records = await dispatcher.enqueue(body.tasks.map(submitted));
      request.audit = { detail: { queued: records.length } };
      return { ids: records.map((t) => t.id), queued: records.length };
    },
  });
}

function listTasks(app: FastifyInstance, { tasks, runs }: TaskDeps): void {
  route(app, {
    method: "GET",
    url: "/api/tasks",
    access: "read",
    summary: "Queue counts and tasks, each with its latest run (?status=&limit=).",
    query: tasksQuery,
    response: z.object({
      counts: z.record(taskState, z.number().int()),
      tasks: z.array(taskAnswer.extend({ runId: z.string().optional() })),
    }),
    handler: async ({ query }) => {
      const list = await tasks.list(query);
      const latest = await runs.latestRunIds(list.map((task) => task.id));
      return {
        counts: await tasks.counts(),
        tasks: list.map((task) => ({ ...taskView(task), runId: latest.get(task.id) })),
      };
    },
  });
}

function getTaskRoute(app: FastifyInstance, { runs, getTask }: TaskDeps): void {
  route(app, {
    method: "GET",
    url: "/api/tasks/:id",
    access: "read",
    summary: "A task with its runs.",
    params: idParams,
    response: taskAnswer.extend({ runs: z.array(runAnswer) }),
    handler: async ({ params }) => {
      const task = await getTask(params.id);
      return { ...taskView(task), runs: await runs.runsOfTask(task.id) };
    },
  });
}

function taskEvents(app: FastifyInstance, { runs, getTask }: TaskDeps): void {
  route(app, {
    method: "GET",
    url: "/api/tasks/:id/events",
    access: "read",
    summary: "Events of the task's latest run after ?after=N (polling clients such as `droidhub run --follow`).",
    params: idParams,
    query: eventsQuery,
    response: z.object({
      status: taskState,
      runId: z.string().optional(),
      events: z.array(z.object({ seq: z.number().int(), at: z.string(), event: z.record(z.string(), z.unknown()) })),
    }),
    handler: async ({ params, query }) => {
      const task = await getTask(params.id);
      const run = (await runs.runsOfTask(task.id)).at(-1);
      const events = run
        ? (await runs.events(run.id, query.after)).map((e) => ({ seq: e.seq, at: e.at, event: e.body }))
        : [];
      return { status: task.status, runId: run?.id, events };
    },
  });
}

function cancelTask(app: FastifyInstance, { dispatcher }: TaskDeps): void {
  route(app, {
    method: "POST",
    url: "/api/tasks/:id/cancel",
    access: "control",
    summary: "Cancel a queued or running task.",
    params: idParams,
    target: "task",
    response: z.object({ id: z.string(), status: taskState, cancelling: z.boolean() }),
    handler: async ({ params }) => {
      const task = await dispatcher.cancel(params.id);
      return { id: task.id, status: task.status, cancelling: task.status === "running" };
    },
  });
}
