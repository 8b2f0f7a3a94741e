/**
 * Prompt shutdown. `app.close()` stops listening and then waits for every connection to end; an SSE
 * stream, a phone socket that never said Hello, or a request that stopped halfway would hold it open
 * (10 s until main.ts gave up, with runs left "running"). preClose hooks run in the order they were
 * added, so buildApp adds `installShutdown` before and `closeStragglers` after all the others:
 *   1. new requests get 503 SHUTTING_DOWN (hub-shaped, Connection: close), and work stops (runs end
 *      "interrupted" while their phones are still connected);
 *   2. the other preClose hooks run (the gateways close phone sockets with a close frame);
 *   3. SSE streams are ended cleanly, and whatever is still open `graceMs` later is destroyed.
 */
import type { FastifyInstance } from "fastify";
import { HubError } from "../errors/hub-error.js";
import type { ConnectionTracker } from "./connections.js";

/** Whether the hub has begun to shut down (readiness reports it). */
export interface ShutdownState {
  readonly closing: boolean;
}

/**
 * Add before any other hook: its onRequest and preClose hooks must run first. Routes in
 * `answerItself` (readiness) still run during shutdown and say so in their own words.
 */
export function installShutdown(
  app: FastifyInstance,
  stopWork: () => Promise<void> | void,
  answerItself: readonly string[] = [],
): ShutdownState {
  const state = { closing: false };
  app.addHook("onRequest", async (request, reply) => {
    if (!state.closing) return;
    reply.header("connection", "close");
    if (answerItself.includes(request.routeOptions.url ?? "")) return;
    throw new HubError("SHUTTING_DOWN");
  });
  app.addHook("preClose", async () => {
    state.closing = true;
    await stopWork();
  });
  return state;
}

export interface StragglerOptions {
  graceMs: number;
  connections: ConnectionTracker;
  /** Ends long-lived responses (SSE) cleanly; returns how many there were. */
  endStreams: () => number;
}

/** Add after every other preClose hook. */
export function closeStragglers(app: FastifyInstance, options: StragglerOptions): void {
  app.addHook("preClose", async () => {
    options.endStreams();
    const timer = setTimeout(() => {
      const destroyed = options.connections.destroyAll();
      if (destroyed > 0) app.log.info({ connections: destroyed }, "closed connections still open at shutdown");
    }, options.graceMs);
    timer.unref();
    app.server.once("close", () => clearTimeout(timer));
  });
}
