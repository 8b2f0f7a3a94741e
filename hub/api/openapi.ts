/**
 * The OpenAPI document at /docs/openapi.json, built from the route declarations themselves (see
 * route.ts): the same zod schemas validate params, query and body, and the same `access` decides
 * who may call — so the docs cannot drift from the validators or the auth rules. /docs is a plain
 * page that lists it, with no external assets, so it works on an offline hub.
 */

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { defined } from "../errors/invariant.js";
import { type RouteDoc, routeCatalog } from "./route.js";

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

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
/** An answer as the hub writes it: defaults applied, no field beyond the declared ones. */
const answer = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });

/** What a non-JSON success answer is: bytes (images, the APK, the live screen) or text. */
function rawSchema(contentType: string): Record<string, unknown> {
  return /^(image|application)\//.test(contentType) ? { type: "string", format: "binary" } : { type: "string" };
}

function success(route: RouteDoc): Record<string, unknown> {
  const contentType = route.produces ?? "application/json";
  // A JSON route without a declared answer is a bug the docs test catches (tests/integration/api/openapi.test.ts).
  const schema = route.produces ? rawSchema(contentType) : route.response ? answer(route.response) : undefined;
  return { description: "OK", content: { [contentType]: schema ? { schema } : {} } };
}

function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: ERROR } } };
}

/** EventSource and WebSocket clients cannot send headers: these routes also take the key in the URL. */
const ACCESS_TOKEN = {
  name: "access_token",
  in: "query",
  required: false,
  description: "The operator key, for clients that cannot send an Authorization header",
  schema: { type: "string" },
};

function parameters(route: RouteDoc): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const pathSchema = route.params ? (json(route.params) as { properties?: Record<string, unknown> }) : {};
  for (const match of route.url.matchAll(/:(\w+)/g)) {
    const name = defined(match[1], "path parameter");
    out.push({ name, in: "path", required: true, schema: pathSchema.properties?.[name] ?? { type: "string" } });
  }
  if (route.query) {
    const query = json(route.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      out.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
  }
  if (route.queryToken) out.push(ACCESS_TOKEN);
  return out;
}

function operation(route: RouteDoc): Record<string, unknown> {
  const operator = route.access !== "public" && route.access !== "device";
  const params = parameters(route);
  return {
    summary: route.summary,
    "x-droidhub-access": route.access,
    ...(operator ? { description: `Needs an operator key with the \`${route.access}\` scope or higher.` } : {}),
    ...(operator ? {} : { security: [] }),
    ...(params.length ? { parameters: params } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: json(route.body) } } } }
      : {}),
    responses: {
      [String(route.status ?? 200)]: success(route),
      "400": errorResponse("Invalid params, query or body; error.details.field names the field"),
      ...(operator
        ? {
            "401": errorResponse("Missing or wrong operator key"),
            "403": errorResponse("The key's scope is too low for this route"),
          }
        : {}),
      "404": errorResponse("Unknown device, task or run"),
    },
  };
}

export function openApiDocument(routes: readonly RouteDoc[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    const operations = paths[path] ?? {};
    paths[path] = operations;
    operations[route.method.toLowerCase()] = operation(route);
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
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}

function docsPage(routes: readonly RouteDoc[]): string {
  const rows = routes
    .map(
      (r) =>
        `<tr><td><code>${r.method}</code></td><td><code>${escapeHtml(r.url)}</code></td><td>${r.access}</td><td>${escapeHtml(r.summary)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>droidhub API</title><style>body{font:14px system-ui,sans-serif;margin:24px}td,th{padding:4px 10px;border-top:1px solid #ddd;vertical-align:top;text-align:left}</style></head><body><h1>droidhub operator API</h1><p>Every route needs a bearer operator key whose scope is at least the one listed (read &lt; control &lt; admin), except public ones. Machine-readable: <a href="/docs/openapi.json">openapi.json</a> (parameters and bodies generated from the validators).</p><table><tr><th>method</th><th>path</th><th>access</th><th></th></tr>${rows}</table></body></html>`;
}

/** Registers /docs and /docs/openapi.json; call after every other route is declared. */
export function registerDocs(app: FastifyInstance): void {
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  app.get("/docs/openapi.json", { config: { access: "public" } }, async () => {
    document ??= openApiDocument(routeCatalog(app));
    return document;
  });
  app.get("/docs", { config: { access: "public" } }, async (_request, reply) => {
    page ??= docsPage(routeCatalog(app));
    return reply.header("content-type", "text/html; charset=utf-8").send(page);
  });
}
