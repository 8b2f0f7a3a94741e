/**
 * One log line per answered request instead of fastify's two ("incoming request" moves to debug),
 * and none for a request the refusal counter already counted (a refused join, a 401): a flood of
 * those is summed into one summary line per interval, not written out one by one.
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { RefusalCounter } from "../util/refusals.js";

export class RequestLog extends LogController {
  readonly #refusals: RefusalCounter;

  constructor(refusals: RefusalCounter) {
    super();
    this.#refusals = refusals;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.#refusals.counted(request.raw)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}
