/**
 * The OpenAPI document at /docs/openapi.json, built from the same zod schemas that validate the
 * requests (so the docs cannot drift from the validators), and a plain /docs page that lists it —
 * no external assets, so it works on an offline hub.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { actionSchema } from "../devices/actions.js";
import { fleetKeyBody } from "./fleet-key-routes.js";
import { tagsBody } from "./fleet-routes.js";
import { batchBody, replayBody, starBody, taskSchema } from "./task-routes.js";

interface Operation {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  body?: z.ZodType;
  auth?: false;
  produces?: string;
}

const OPERATIONS: Operation[] = [
  { method: "get", path: "/healthz", summary: "Liveness and the number of known phones.", auth: false },
  { method: "get", path: "/api/devices", summary: "Every known phone with status, info, health and last report." },
  { method: "get", path: "/api/devices/{id}", summary: "One phone." },
  {
    method: "get",
    path: "/api/devices/{id}/ui",
    summary: "The compact element list of the phone's screen (?raw=1 adds the tree).",
  },
  {
    method: "get",
    path: "/api/devices/{id}/screenshot",
    summary: "Screen image bytes (?format=jpeg|webp|png&quality=&max_side=).",
    produces: "image/*",
  },
  {
    method: "post",
    path: "/api/devices/{id}/actions",
    summary: "One remote-control action → {ok, ms}.",
    body: actionSchema,
  },
  { method: "post", path: "/api/devices/{id}/drain", summary: "Finish the current run, take no new task." },
  { method: "post", path: "/api/devices/{id}/undrain", summary: "Take tasks again." },
  { method: "post", path: "/api/devices/{id}/release", summary: "Let a quarantined phone back into dispatch." },
  { method: "put", path: "/api/devices/{id}/tags", summary: "Set the phone's tags.", body: tagsBody },
  {
    method: "delete",
    path: "/api/devices/{id}/enrollment",
    summary:
      "Forget the phone's device secret so the id can enrol again with a fleet key; a connected phone is closed.",
  },
  { method: "post", path: "/api/tasks", summary: "Queue one task → {id, status, runId?}.", body: taskSchema },
  { method: "post", path: "/api/tasks/batch", summary: "Queue many tasks → {ids, queued}.", body: batchBody },
  { method: "get", path: "/api/tasks", summary: "Queue counts and tasks (?status=&limit=)." },
  { method: "get", path: "/api/tasks/{id}", summary: "A task with its runs." },
  {
    method: "get",
    path: "/api/tasks/{id}/events",
    summary: "Events of the task's latest run after ?after=N (polling).",
  },
  { method: "post", path: "/api/tasks/{id}/cancel", summary: "Cancel a queued or running task." },
  { method: "get", path: "/api/runs", summary: "Runs (?status=&device=&starred=&limit=)." },
  { method: "get", path: "/api/runs/{id}", summary: "One run with its stats." },
  {
    method: "get",
    path: "/api/runs/{id}/steps",
    summary: "The run's step log: plans, steps, verdicts, frames, model calls.",
  },
  {
    method: "get",
    path: "/api/runs/{id}/events",
    summary: "The run live (server-sent events; resumes from Last-Event-ID).",
    produces: "text/event-stream",
  },
  { method: "post", path: "/api/runs/{id}/star", summary: "Star or unstar a run.", body: starBody },
  {
    method: "post",
    path: "/api/runs/{id}/replay",
    summary: "Re-run a recorded run on a phone, the model only where it diverges.",
    body: replayBody,
  },
  { method: "get", path: "/api/runs/{id}/report", summary: "One self-contained HTML report.", produces: "text/html" },
  {
    method: "get",
    path: "/api/screenshots/{hash}",
    summary: "A stored step screenshot by content hash.",
    produces: "image/*",
  },
  {
    method: "get",
    path: "/api/events",
    summary: "The fleet live: phones, tasks and runs (server-sent events).",
    produces: "text/event-stream",
  },
  {
    method: "post",
    path: "/api/fleet-keys",
    summary: "Create a fleet key (shown once) whose phones get its tags.",
    body: fleetKeyBody,
  },
  { method: "get", path: "/api/fleet-keys", summary: "Fleet keys (never the keys themselves)." },
  { method: "delete", path: "/api/fleet-keys/{id}", summary: "Revoke a fleet key." },
  { method: "get", path: "/metrics", summary: "Prometheus metrics.", produces: "text/plain" },
];

const ERROR = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" }, details: { type: "object" } },
      required: ["code", "message"],
    },
  },
};

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      ...(op.auth === false ? { security: [] } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: z.toJSONSchema(op.body, { io: "input", unrepresentable: "any" }) },
              },
            },
          }
        : {}),
      responses: {
        "200": { description: "OK", content: { [op.produces ?? "application/json"]: {} } },
        "400": {
          description: "Invalid body; error.details.field names the field",
          content: { "application/json": { schema: ERROR } },
        },
        "401": { description: "Missing or wrong operator key", content: { "application/json": { schema: ERROR } } },
        "404": { description: "Unknown device, task or run", content: { "application/json": { schema: ERROR } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "droidhub operator API", version: "0.1.0" },
    components: { securitySchemes: { operatorKey: { type: "http", scheme: "bearer" } } },
    security: [{ operatorKey: [] }],
    paths,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

export function registerDocs(app: FastifyInstance): void {
  const document = openApiDocument();
  app.get("/docs/openapi.json", async () => document);
  app.get("/docs", async (_request, reply) => {
    const rows = OPERATIONS.map(
      (op) =>
        `<tr><td><code>${op.method.toUpperCase()}</code></td><td><code>${escapeHtml(op.path)}</code></td><td>${escapeHtml(op.summary)}</td></tr>`,
    ).join("");
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>droidhub API</title><style>body{font:14px system-ui,sans-serif;margin:24px}td{padding:4px 10px;border-top:1px solid #ddd;vertical-align:top}</style></head><body><h1>droidhub operator API</h1><p>Bearer operator key on everything but /healthz and /docs. Machine-readable: <a href="/docs/openapi.json">openapi.json</a> (request bodies generated from the validators).</p><table>${rows}</table></body></html>`,
      );
  });
}
