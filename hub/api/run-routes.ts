/** Runs: read them back, their step logs and screenshots, star, replay and report them. */

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordedSteps } from "../agent/replay/recorded.js";
import { deviceIdSchema } from "../devices/device-limits.js";
import { HubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import { REPORT_CSP, renderReport } from "../runs/report.js";
import { reportImages } from "../runs/report-images.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { eventAnswer, runAnswer, taskState } from "./responses.js";
import { route } from "./route.js";

const idParams = z.object({ id: z.string().min(1).max(64) });
const runsQuery = z.object({
  status: z.enum(["running", "done", "failed", "cancelled", "interrupted"]).optional(),
  device: deviceIdSchema.optional(),
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
  "frame_missing",
  "claim_checked",
  "recovery",
  "history_summary",
  "test_result",
  "replay_step",
  "human_needed",
  "takeover_started",
  "human_action",
  "takeover_ended",
];
export const replayBody = z
  .object({
    device: deviceIdSchema,
    secrets: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string().max(1_000)).optional(),
  })
  .strict();
const hashParams = z.object({ hash: z.string().regex(/^[a-f0-9]{64}$/, "not a screenshot hash") });
const IMAGE_TYPES = { jpeg: "image/jpeg", webp: "image/webp", png: "image/png" } as const;

/** What a run whose agent waits for a human says beside its stored status. */
const waitingAnswer = z
  .object({ question: z.string(), since: z.string() })
  .optional()
  .describe("The agent asked for a human and waits (the stored status stays running)");

/**
 * The stored status stays `running` (a client waiting for the run's end is not fooled); a run whose
 * agent waits for a human says so beside it: `waitingForHuman: {question, since}`.
 */
function withWaiting<R extends { id: string }>(runner: TaskRunner, run: R): R | (R & { waitingForHuman: object }) {
  const waiting = runner.takeovers.waitingFor(run.id);
  return waiting === undefined ? run : { ...run, waitingForHuman: waiting };
}

export function registerRunRoutes(app: FastifyInstance, runner: TaskRunner, dispatcher: Dispatcher): void {
  listRuns(app, runner);
  getRun(app, runner);
  runSteps(app, runner);
  starRun(app, runner);
  replayRun(app, runner, dispatcher);
  runReport(app, runner);
  screenshot(app, runner);
}

function listRuns(app: FastifyInstance, runner: TaskRunner): void {
  const store = runner.store;
  route(app, {
    method: "GET",
    url: "/api/runs",
    access: "read",
    summary: "Runs (?status=&device=&starred=&limit=).",
    query: runsQuery,
    response: z.object({ runs: z.array(runAnswer.extend({ waitingForHuman: waitingAnswer })) }),
    handler: async ({ query }) => {
      const runs = await store.listRuns({
        status: query.status,
        deviceId: query.device,
        starred: query.starred === undefined ? undefined : query.starred === "true",
        limit: query.limit,
      });
      return { runs: runs.map((run) => withWaiting(runner, run)) };
    },
  });
}

function getRun(app: FastifyInstance, runner: TaskRunner): void {
  route(app, {
    method: "GET",
    url: "/api/runs/:id",
    access: "read",
    summary: "One run with its stats.",
    params: idParams,
    response: runAnswer.extend({ waitingForHuman: waitingAnswer }),
    handler: async ({ params }) => withWaiting(runner, await runner.getRun(params.id)),
  });
}

function runSteps(app: FastifyInstance, runner: TaskRunner): void {
  const store = runner.store;
  route(app, {
    method: "GET",
    url: "/api/runs/:id/steps",
    access: "read",
    summary: "The run's step log: plans, steps, verdicts, frames, model calls.",
    params: idParams,
    response: z.object({ runId: z.string(), steps: z.array(eventAnswer) }),
    handler: async ({ params }) => {
      const run = await runner.getRun(params.id);
      return { runId: run.id, steps: await store.events(run.id, 0, STEP_TYPES) };
    },
  });
}

function starRun(app: FastifyInstance, runner: TaskRunner): void {
  const store = runner.store;
  route(app, {
    method: "POST",
    url: "/api/runs/:id/star",
    access: "control",
    summary: "Star or unstar a run (a starred passing run is its test case's reference).",
    params: idParams,
    body: starBody,
    target: "run",
    response: runAnswer,
    handler: async ({ params, body }) => {
      const run = await runner.getRun(params.id);
      await store.setStar(run.id, body.starred);
      return runner.getRun(run.id);
    },
  });
}

function replayRun(app: FastifyInstance, runner: TaskRunner, dispatcher: Dispatcher): void {
  const store = runner.store;
  route(app, {
    method: "POST",
    url: "/api/runs/:id/replay",
    access: "control",
    summary: "Re-run a recorded run on a phone, the model only where it diverges.",
    params: idParams,
    body: replayBody,
    status: 201,
    target: "run",
    response: z.object({
      taskId: z.string(),
      status: taskState,
      source: z.string(),
      runId: z.string().optional(),
    }),
    handler: async ({ params, body }, request) => {
      const source = await runner.getRun(params.id);
      if (recordedSteps(await store.events(source.id, 0, ["step_finished"])).length === 0) {
        throw new HubError("INVALID_BODY", `run ${source.id} recorded no successful chain steps to replay`);
      }
      const [submittedTask] = await dispatcher.submit([
        {
          goal: source.goal,
          mode: "replay",
          deviceId: body.device,
          maxAttempts: 1,
          secrets: body.secrets,
          extra: { replayOf: source.id },
        },
      ]);
      const task = defined(submittedTask, "replay task");
      request.audit = { detail: { task: task.id, device: body.device } };
      const run = (await store.runsOfTask(task.id)).at(-1);
      return { taskId: task.id, status: task.status, source: source.id, runId: run?.id };
    },
  });
}

function runReport(app: FastifyInstance, runner: TaskRunner): void {
  const store = runner.store;
  route(app, {
    method: "GET",
    url: "/api/runs/:id/report",
    access: "read",
    summary: "One self-contained HTML report.",
    produces: "text/html",
    params: idParams,
    handler: async ({ params }, _request, reply) => {
      const run = await runner.getRun(params.id);
      const events = await store.events(run.id);
      const images = await reportImages(events, runner.screenshots);
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-disposition", `inline; filename="droidhub-run-${run.id}.html"`)
        .header("content-security-policy", REPORT_CSP)
        .header("x-content-type-options", "nosniff")
        .send(renderReport(run, events, images));
    },
  });
}

function screenshot(app: FastifyInstance, runner: TaskRunner): void {
  route(app, {
    method: "GET",
    url: "/api/screenshots/:hash",
    access: "read",
    summary: "A stored step screenshot by content hash (exactly the bytes the model saw).",
    produces: "image/*",
    params: hashParams,
    handler: async ({ params }, _request, reply) => {
      const image = await runner.screenshots.get(params.hash);
      if (!image) throw new HubError("NOT_FOUND", `unknown screenshot ${params.hash}`);
      return reply
        .header("content-type", IMAGE_TYPES[image.format])
        .header("cache-control", "private, max-age=31536000, immutable")
        .send(image.bytes);
    },
  });
}
