/**
 * Fleet tools: hold a phone for this session (`allocate_device` / `release_device`, a lease like a
 * running task's, so the dispatcher gives it no task meanwhile), and run whole tasks through the
 * operator task API (`run_task`, `get_task`, `list_tasks`, `cancel_task`, `get_run`) as the calling
 * key — the same validation, scope checks and audit records as over HTTP. A task's secrets are
 * named, never given: the hub fills in the values it holds (DROIDHUB_SECRETS_FILE), so a password
 * never passes through the MCP client or its model.
 */
import { z } from "zod";
import { taskFields } from "../api/task-routes.js";
import { resolveSecretNames, SECRET_NAME } from "../config/named-secrets.js";
import { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import { APP_TAG } from "../fleet/dispatcher.js";
import { deviceArg } from "./phone.js";
import { defineTool, jsonResult, type ToolContext, type ToolSpec } from "./tool.js";

/** The task API's own fields, secrets by name only (see above), no script actions (an agent has the phone tools). */
const runTaskInput = taskFields.omit({ secrets: true, actions: true, test_case: true, pictures: true }).extend({
  goal: z.string().trim().min(1).max(4_000),
  mode: z.enum(["chain", "step"]).default("chain"),
  secrets: z
    .array(z.string().regex(SECRET_NAME, "a secret name: [A-Za-z0-9_.-]{1,64}"))
    .max(32)
    .optional()
    .describe("names of secrets the hub holds (DROIDHUB_SECRETS_FILE), typed by the agent as {{secret:NAME}}"),
});

const allocateInput = z
  .object({
    device: deviceArg.optional().describe("this phone; otherwise any free phone that fits"),
    tags: z.array(z.string().min(1).max(64)).max(16).optional().describe("every tag the phone must carry"),
    min_sdk: z.number().int().min(0).max(100).optional().describe("the lowest Android SDK level accepted"),
    app: z
      .string()
      .regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/, "not a package name")
      .optional()
      .describe("a package that must be installed"),
  })
  .strict();

type AllocateArgs = z.infer<typeof allocateInput>;

/** Free phones that fit, in a stable order (by id). */
function candidates(ctx: ToolContext, args: AllocateArgs): string[] {
  return ctx.registry
    .list()
    .filter((entry) => args.device === undefined || entry.id === args.device)
    .filter((entry) => DeviceRegistry.status(entry) === "online")
    .filter((entry) => (args.tags ?? []).every((tag) => entry.tags.includes(tag)))
    .filter((entry) => args.min_sdk === undefined || (entry.info?.sdkInt ?? 0) >= args.min_sdk)
    .filter(
      (entry) =>
        args.app === undefined || entry.apps?.has(args.app) === true || entry.tags.includes(`${APP_TAG}${args.app}`),
    )
    .map((entry) => entry.id)
    .sort();
}

const idInput = z.object({ id: z.string().min(1).max(64) }).strict();

export const fleetTools: ToolSpec[] = [
  defineTool({
    name: "allocate_device",
    description:
      "Hold a free phone for this session (by id, or any that fits tags, min_sdk and app): the fleet runs no task " +
      "on it until release_device, the session's end, or the session going idle.",
    scope: "control",
    input: allocateInput,
    run: async (args, ctx, audit) => {
      if (args.device !== undefined) {
        audit.target = { type: "device", id: args.device };
        const entry = ctx.registry.require(args.device);
        if (entry.lease === ctx.holder) return jsonResult({ device: args.device, held: true });
        if (entry.lease) {
          throw new HubError("DEVICE_BUSY", `device ${args.device} is held by ${entry.lease}`, {
            details: { deviceId: args.device, lease: entry.lease },
          });
        }
      }
      const id = candidates(ctx, args)[0];
      if (id === undefined) {
        throw new HubError("CONFLICT", "no free phone fits (online, not held, tags, min_sdk, app)", {
          details: { ...args },
        });
      }
      audit.target = { type: "device", id };
      ctx.leases.acquire(ctx.holder, id);
      return jsonResult({ device: id, held: true });
    },
  }),
  defineTool({
    name: "release_device",
    description: "Give back a phone this session holds: the fleet may run tasks on it again.",
    scope: "control",
    input: z.object({ device: deviceArg }).strict(),
    run: async ({ device }, ctx, audit) => {
      audit.target = { type: "device", id: device };
      if (!ctx.leases.release(ctx.holder, device)) {
        throw new HubError("CONFLICT", `this session does not hold device ${device}`, {
          details: { deviceId: device },
        });
      }
      return jsonResult({ device, held: false });
    },
  }),
  defineTool({
    name: "run_task",
    description:
      "Queue an agent task on the fleet (goal; a device, or tags/app/min_sdk to pick one) → {id, status, runId?}. " +
      "A phone this session holds must be released first.",
    scope: "control",
    input: runTaskInput,
    run: async (args, ctx, audit) => {
      const { secrets, ...fields } = args;
      const values = secrets && secrets.length > 0 ? { secrets: resolveSecretNames(ctx.namedSecrets, secrets) } : {};
      const task = (await ctx.api("POST", "/api/tasks", { ...fields, ...values })) as { id: string };
      audit.target = { type: "task", id: task.id };
      return jsonResult(task as Record<string, unknown>);
    },
  }),
  defineTool({
    name: "get_task",
    description: "A task's status, result and runs.",
    scope: "read",
    input: idInput,
    run: async ({ id }, ctx) => jsonResult((await ctx.api("GET", `/api/tasks/${enc(id)}`)) as Record<string, unknown>),
  }),
  defineTool({
    name: "list_tasks",
    description: "Queue counts and recent tasks (optionally of one status).",
    scope: "read",
    input: z
      .object({
        status: z.enum(["queued", "running", "done", "failed", "cancelled"]).optional(),
        limit: z.number().int().min(1).max(1000).default(50),
      })
      .strict(),
    run: async ({ status, limit }, ctx) => {
      const query = new URLSearchParams({ limit: String(limit), ...(status ? { status } : {}) });
      return jsonResult((await ctx.api("GET", `/api/tasks?${query}`)) as Record<string, unknown>);
    },
  }),
  defineTool({
    name: "cancel_task",
    description: "Cancel a queued task or stop a running one.",
    scope: "control",
    input: idInput,
    run: async ({ id }, ctx, audit) => {
      audit.target = { type: "task", id };
      return jsonResult((await ctx.api("POST", `/api/tasks/${enc(id)}/cancel`)) as Record<string, unknown>);
    },
  }),
  defineTool({
    name: "get_run",
    description: "A run with its steps and verdicts, and the path of its HTML report.",
    scope: "read",
    input: idInput,
    run: async ({ id }, ctx) => {
      const run = (await ctx.api("GET", `/api/runs/${enc(id)}`)) as Record<string, unknown>;
      const steps = (await ctx.api("GET", `/api/runs/${enc(id)}/steps`)) as Record<string, unknown>;
      return jsonResult({ ...run, ...steps, report: `/api/runs/${enc(id)}/report` });
    },
  }),
];

function enc(id: string): string {
  return encodeURIComponent(id);
}
