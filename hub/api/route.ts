/**
 * One declaration per operator route: method, URL, who may call it, what it takes and what it is
 * for. The same declaration registers the fastify route, validates params, query and body (400
 * naming the field), decides access (see access.ts), names the audit target of a state change, and
 * becomes the route's entry in the OpenAPI document — so docs, validation and auth cannot drift.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { parseOrThrow } from "../errors/invalid-body.js";
import type { Access } from "./access.js";
import type { AuditTarget } from "./audit.js";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface RouteSpec<P, Q, B> {
  method: Method;
  /** fastify syntax: `/api/devices/:id`. */
  url: string;
  access: Access;
  /** One line for the docs. */
  summary: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** What a JSON success answer holds (documentation: the OpenAPI document's response schema). */
  response?: z.ZodType;
  /** Documented success content type when the answer is not JSON. */
  produces?: string;
  /** Success status when it is not 200. */
  status?: number;
  /** Also take the operator key from `?access_token=` (EventSource cannot send headers). */
  queryToken?: boolean;
  /** Largest request body in bytes, when not the hub's default. */
  bodyLimit?: number;
  /** What a state change acts on, for the audit trail; `:id` of the URL by default. */
  target?: AuditTarget["type"];
  handler(input: RouteInput<P, Q, B>, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** What the OpenAPI document is built from. */
export interface RouteDoc {
  method: Method;
  url: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  produces?: string;
  status?: number;
  /** Takes the operator key from `?access_token=` too: documented as a query parameter. */
  queryToken?: boolean;
}

const catalogs = new WeakMap<FastifyInstance, RouteDoc[]>();

/** Every route declared through `route()` on this app, in registration order. */
export function routeCatalog(app: FastifyInstance): readonly RouteDoc[] {
  return catalogs.get(app) ?? [];
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The kind of thing a state-changing route acts on (device, task, run, key). */
    auditTarget?: AuditTarget["type"];
  }
}

/** Documents a route registered some other way (a WebSocket upgrade served by `gateway/`). */
export function documentRoute(app: FastifyInstance, doc: RouteDoc): void {
  const catalog = catalogs.get(app) ?? [];
  catalogs.set(app, catalog);
  catalog.push(doc);
}

export function route<P = undefined, Q = undefined, B = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
): void {
  const catalog = catalogs.get(app) ?? [];
  catalogs.set(app, catalog);
  const { handler, target, bodyLimit, ...doc } = spec;
  catalog.push(doc as RouteDoc);
  app.route({
    method: spec.method,
    url: spec.url,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    config: {
      access: spec.access,
      ...(spec.queryToken ? { queryToken: spec.queryToken } : {}),
      ...(target ? { auditTarget: target } : {}),
    },
    handler: async (request, reply) => {
      const input = {
        params: spec.params ? parseOrThrow(spec.params, request.params) : undefined,
        query: spec.query ? parseOrThrow(spec.query, request.query) : undefined,
        body: spec.body ? parseOrThrow(spec.body, request.body ?? undefined) : undefined,
      } as RouteInput<P, Q, B>;
      if (spec.status !== undefined) reply.code(spec.status);
      return handler(input, request, reply);
    },
  });
}
