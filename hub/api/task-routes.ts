/** Tasks: start an agent run on a phone, watch it, cancel it. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { TaskRunner } from "../runs/task-runner.js";
import { invalidBody } from "./actions.js";

const taskBody = z
  .object({
    goal: z.string().trim().min(1).max(4_000),
    device: z.string().min(1).max(128),
    mode: z.enum(["chain"]).default("chain"),
    secrets: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string().max(1_000)).optional(),
    verification: z.enum(["economy", "naive"]).optional(),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(64) });
const eventsQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

export function registerTaskRoutes(app: FastifyInstance, runner: TaskRunner): void {
  app.post("/api/tasks", async (request, reply) => {
    const body = parse(taskBody, request.body);
    const task = runner.submit({
      goal: body.goal,
      device: body.device,
      mode: body.mode,
      secrets: body.secrets,
      verification: body.verification,
    });
    return reply.code(201).send({ id: task.id, status: task.status });
  });

  app.get("/api/tasks", async () => ({ tasks: runner.list().map((t) => TaskRunner.summary(t)) }));

  app.get("/api/tasks/:id", async (request) => {
    const { id } = parse(idParams, request.params);
    return TaskRunner.summary(runner.get(id));
  });

  /** Events after a sequence number, for polling clients such as `droidhub run --follow`. */
  app.get("/api/tasks/:id/events", async (request) => {
    const { id } = parse(idParams, request.params);
    const { after } = parse(eventsQuery, request.query);
    const task = runner.get(id);
    return { status: task.status, events: task.events.filter((e) => e.seq > after) };
  });

  app.post("/api/tasks/:id/cancel", async (request) => {
    const { id } = parse(idParams, request.params);
    const task = runner.cancel(id);
    return { id: task.id, status: task.status };
  });
}
