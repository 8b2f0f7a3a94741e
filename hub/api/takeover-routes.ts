/** Human takeover of a running run's phone: take the wheel, hand it back (hub/runs/takeovers.ts). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import type { TaskRunner } from "../runs/task-runner.js";
import { route } from "./route.js";

const idParams = z.object({ id: z.string().min(1).max(64) });
/** The hand-back note: the answer to the agent's ask_human, if it asked. */
const handbackBody = z
  .object({ note: z.string().max(2_000).optional() })
  .strict()
  .default({});

export function registerTakeoverRoutes(app: FastifyInstance, runner: TaskRunner): void {
  route(app, {
    method: "POST",
    url: "/api/runs/:id/takeover",
    access: "control",
    summary: "Take the run's phone from its agent: its commands wait, this key's actions reach the phone.",
    params: idParams,
    target: "run",
    response: z.object({ runId: z.string(), deviceId: z.string(), timeoutMs: z.number().int() }),
    handler: async ({ params }, request) => {
      const operator = request.operator;
      if (!operator) throw new HubError("UNAUTHORIZED", "an operator key is required");
      await runner.getRun(params.id); // 404 for an unknown run before 409 for an ended one
      const { deviceId, timeoutMs } = runner.takeovers.take(params.id, {
        keyId: operator.keyId,
        label: operator.label,
      });
      return { runId: params.id, deviceId, timeoutMs };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/runs/:id/handback",
    access: "control",
    summary: "Hand the run's phone back to its agent, which looks at the screen again before it acts.",
    params: idParams,
    body: handbackBody,
    target: "run",
    response: z.object({ runId: z.string(), handedBack: z.literal(true) }),
    handler: async ({ params, body }, request) => {
      const operator = request.operator;
      if (!operator) throw new HubError("UNAUTHORIZED", "an operator key is required");
      await runner.getRun(params.id);
      runner.takeovers.handBack(params.id, operator.keyId, operator.scope === "admin", body.note ?? "");
      return { runId: params.id, handedBack: true };
    },
  });
}
