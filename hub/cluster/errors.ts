/**
 * Redis failures as the hub's typed error, in a module of its own so that what a lone hub loads
 * (GET /api/cluster) never pulls in the Redis client.
 */
import { HubError } from "../errors/hub-error.js";

/** Any Redis failure as the hub's typed error (a HubError passes through). */
export function unavailable(error: unknown): HubError {
  if (error instanceof HubError) return error;
  return new HubError("CLUSTER_UNAVAILABLE", `Redis: ${(error as Error).message}`);
}
