/** fastify and Node HTTP server options from the hub's config: timeouts, limits, error shapes, logging. */
import type { ServerOptions } from "node:http";
import type { FastifyServerOptions } from "fastify";
import type { HttpConfig } from "../config/config.js";
import type { RefusalCounter } from "../util/refusals.js";
import { clientErrorHandler, frameworkErrors, MAX_PARAM_LENGTH } from "./framework-errors.js";
import type { TrustedProxies } from "./proxies.js";
import { RequestLog } from "./request-log.js";
import { httpsOptions, type TlsMaterial } from "./tls.js";

export interface EdgeOptions {
  /** The certificate and key to serve https/wss with; plain HTTP without. */
  tls?: TlsMaterial | undefined;
  proxies: TrustedProxies;
}

export function serverOptions(
  config: HttpConfig,
  refusals: RefusalCounter,
  edge: EdgeOptions,
): FastifyServerOptions & { http: ServerOptions } {
  const http: ServerOptions = {
    headersTimeout: config.headersTimeoutMs,
    // Node looks for expired requests only this often (30 s by default, which let a slowloris
    // socket live 90 s against a 60 s timeout); the check walks only requests still arriving.
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.headersTimeoutMs / 4)),
  };
  return {
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http,
    ...(edge.tls ? { https: httpsOptions(edge.tls, http) } : {}),
    trustProxy: edge.proxies.option,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Shutdown answers new requests itself, in the hub's error shape (edge/shutdown.ts).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler: clientErrorHandler(refusals),
    logController: new RequestLog(refusals),
  };
}
