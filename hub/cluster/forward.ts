/**
 * Operator calls that must run where the phone is: a tap, a screenshot, the UI tree, a task's cancel
 * (the run stop), a run's takeover and hand-back (the run's human desk lives on its hub). Arriving at a hub that does not hold the phone, the call is sent over Redis to the
 * hub that does (rpc.ts), which runs it through its own HTTP routes (`inject`: same validation, same
 * key checks, same errors) and sends back status, headers and body. A call that reached its hub by
 * forwarding is never forwarded again, so two hubs that disagree about an owner cannot ping-pong.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DeviceRegistry } from "../devices/registry.js";
import type { TaskStore } from "../fleet/ports.js";
import type { RunStore } from "../runs/ports.js";
import { unavailable } from "./errors.js";
import type { Ownership } from "./ownership.js";
import type { Rpc } from "./rpc.js";

/** Marks a call another hub forwarded here (its value: that hub's id). */
export const FORWARDED_HEADER = "x-droidhub-forwarded-by";

/** The routes that act on a phone, by the route's URL pattern. */
const DEVICE_ROUTES = new Set(["/api/devices/:id/ui", "/api/devices/:id/screenshot", "/api/devices/:id/actions"]);
const TASK_STOP = "/api/tasks/:id/cancel";
/** The routes that act on a running run, by the route's URL pattern. */
const RUN_ROUTES = new Set(["/api/runs/:id/takeover", "/api/runs/:id/handback"]);
/** Request headers the owner needs to run the call as the caller did. */
const PASSED_HEADERS = ["authorization", "content-type", "accept"];
/** Response headers worth carrying back (the image's facts on a screenshot). */
const KEPT_HEADERS = /^(content-type|cache-control|x-image-|x-screen-)/;

export interface ForwardedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface ForwardedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64: a screenshot is bytes. */
  body: string;
}

export interface ForwardDeps {
  hubId: string;
  registry: DeviceRegistry;
  tasks: TaskStore;
  runs: RunStore;
  ownership: Ownership;
  rpc: Rpc<ForwardedCall, ForwardedAnswer>;
  timeoutMs: number;
}

/** Runs a call another hub forwarded, through this hub's own routes. */
export async function serveForwarded(
  app: FastifyInstance,
  hubId: string,
  call: ForwardedCall,
): Promise<ForwardedAnswer> {
  try {
    const response = await app.inject({
      method: call.method as "GET",
      url: call.url,
      headers: { ...call.headers, [FORWARDED_HEADER]: hubId },
      ...(call.body === undefined ? {} : { payload: call.body }),
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (KEPT_HEADERS.test(name) && value !== undefined) headers[name] = String(value);
    }
    return { status: response.statusCode, headers, body: response.rawPayload.toString("base64") };
  } catch (error) {
    const body = { error: { code: "CLUSTER_UNAVAILABLE", message: `the owning hub failed: ${String(error)}` } };
    return {
      status: 503,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: Buffer.from(JSON.stringify(body)).toString("base64"),
    };
  }
}

/** The hub that must run this call, when it is another one; undefined: run it here. */
async function ownerElsewhere(request: FastifyRequest, deps: ForwardDeps): Promise<string | undefined> {
  const pattern = request.routeOptions.url ?? "";
  const id = (request.params as { id?: string } | undefined)?.id;
  if (!id || request.headers[FORWARDED_HEADER] !== undefined) return undefined;
  let deviceId: string | undefined;
  if (DEVICE_ROUTES.has(pattern)) {
    // The phone's socket is here: nothing to ask Redis.
    if (deps.registry.get(id)?.session?.connected) return undefined;
    deviceId = id;
  } else if (pattern === TASK_STOP) {
    const task = await deps.tasks.get(id);
    if (task?.status !== "running" || !task.lastDevice) return undefined;
    if (deps.ownership.epochOf(task.lastDevice) !== undefined) return undefined;
    deviceId = task.lastDevice;
  } else if (RUN_ROUTES.has(pattern)) {
    const run = await deps.runs.getRun(id);
    if (run?.status !== "running" || deps.ownership.epochOf(run.deviceId) !== undefined) return undefined;
    deviceId = run.deviceId;
  } else {
    return undefined;
  }
  // Redis away: the caller learns that (CLUSTER_UNAVAILABLE), not an INTERNAL error.
  const owner = await deps.ownership.owner(deviceId).catch((error: unknown) => {
    throw unavailable(error);
  });
  return owner && owner.hubId !== deps.hubId ? owner.hubId : undefined;
}

/** Installs the hook that forwards a phone's calls to the hub that holds it. */
export function installForwarding(app: FastifyInstance, deps: ForwardDeps): void {
  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    const target = await ownerElsewhere(request, deps);
    if (!target) return;
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const call: ForwardedCall = {
      method: request.method,
      url: request.url,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    };
    const answer = await deps.rpc.request(target, call, deps.timeoutMs);
    reply.code(answer.status).header("x-droidhub-hub", target);
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    await reply.send(Buffer.from(answer.body, "base64"));
    return reply;
  });
}
