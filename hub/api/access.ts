/**
 * Who may call a route is part of the route, not of its URL text. Every route declares `access` in
 * its config; a route without one cannot be registered (the onRoute hook throws at start-up). The
 * check runs after routing, on the route fastify matched, so no spelling of a path (percent-encoding,
 * case, `//`, `..`, `;`) can reach a route without passing its own check: a spelling either routes
 * to the route and meets its rule, or routes nowhere and gets 404.
 *
 * Scopes are ordered: `admin` may do what `control` may, `control` what `read` may.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HubError } from "../errors/hub-error.js";
import { bearerToken } from "../util/secrets.js";

export const SCOPES = ["read", "control", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * - `public`: anyone (health, docs, the dashboard's static files);
 * - `device`: phones, authenticated by the gateway itself before any upgrade;
 * - a scope: an operator key of that scope or a higher one.
 */
export type Access = "public" | "device" | Scope;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Also take the key from `?access_token=` (EventSource and WebSocket clients cannot send headers). */
    queryToken?: boolean;
  }
  interface FastifyRequest {
    /** The operator key that authorised this request, for routes that need one. */
    operator?: OperatorIdentity;
  }
}

export interface OperatorIdentity {
  keyId: number;
  label: string;
  scope: Scope;
}

/** What access control needs from the key store: a lookup by plain key. */
export interface OperatorKeyLookup {
  findOperatorKey(key: string): OperatorIdentity | undefined;
}

const RANK: Record<Scope, number> = { read: 0, control: 1, admin: 2 };

export function scopeAllows(held: Scope, needed: Scope): boolean {
  return RANK[held] >= RANK[needed];
}

export function isScope(value: unknown): value is Scope {
  return typeof value === "string" && (SCOPES as readonly string[]).includes(value);
}

/** The key from `?access_token=`, only on routes that declare they take it. */
function queryToken(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.["access_token"];
  return typeof value === "string" && value !== "" ? value : undefined;
}

const decisions = new WeakMap<FastifyInstance, Map<string, Access>>();

/** Every route registered on `app` as "METHOD /url" → its declared access (for tests and docs). */
export function declaredAccess(app: FastifyInstance): ReadonlyMap<string, Access> {
  return decisions.get(app) ?? new Map();
}

/** Installs the registration rule and the per-request check. Call before registering any route. */
export function installAccessControl(app: FastifyInstance, keys: OperatorKeyLookup): void {
  const declared = new Map<string, Access>();
  decisions.set(app, declared);
  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access !== "public" && access !== "device" && !isScope(access)) {
      throw new Error(
        `route ${methods.join(",")} ${route.url} declares no access (public, device, read, control or admin)`,
      );
    }
    for (const method of methods) declared.set(`${method} ${route.url}`, access);
  });

  app.addHook("onRequest", async (request) => {
    // A request that routes nowhere gets the 404 handler, which serves nothing.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === "public" || access === "device") return;
    if (!isScope(access)) throw new HubError("UNAUTHORIZED"); // unreachable: onRoute refuses such routes
    const token =
      bearerToken(request.headers.authorization) ??
      (request.routeOptions.config.queryToken ? queryToken(request) : undefined);
    const identity = token === undefined ? undefined : keys.findOperatorKey(token);
    if (!identity) {
      throw new HubError("UNAUTHORIZED", "a valid operator key is required (Authorization: Bearer <key>)");
    }
    request.operator = identity;
    if (!scopeAllows(identity.scope, access)) {
      throw new HubError("FORBIDDEN", `this route needs an operator key with the ${access} scope`, {
        details: { needed: access, scope: identity.scope },
      });
    }
  });
}

const ACCESS_TOKEN = /([?&]access_token=)[^&]*/g;

/** The URL with any access_token value replaced, for logs. */
export function redactAccessToken(url: string): string {
  return url.includes("access_token=") ? url.replace(ACCESS_TOKEN, "$1[REDACTED]") : url;
}
