/**
 * The cluster's Redis connections (ioredis; only hub/cluster imports it). Commands give up after a
 * short time instead of queueing forever while Redis is away, so a hub degrades with a clear
 * CLUSTER_UNAVAILABLE and ioredis reconnects on its own; the URL's password never reaches a message.
 */
import { Redis } from "ioredis";
import { HubError } from "../errors/hub-error.js";

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an invalid redis URL)";
  }
}

/** A connection; `subscriber` ones carry pub/sub only (a subscribed connection takes no other command). */
export function redisClient(url: string, name: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    // A command waits this long for Redis (also across a reconnect), then fails: the caller decides.
    commandTimeout: 3_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(50 * 2 ** times, 1_000),
    // Stops ioredis printing "Unhandled error event" for each failed reconnect; the hub logs its own lines.
    showFriendlyErrorStack: false,
  });
}

/** Connects, or fails the start with CLUSTER_UNAVAILABLE naming the (redacted) URL. */
export async function connect(client: Redis, url: string, timeoutMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new HubError(
      "CLUSTER_UNAVAILABLE",
      `cannot reach Redis at ${redactRedisUrl(url)}: ${(error as Error).message.replace(url, redactRedisUrl(url))}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

export { unavailable } from "./errors.js";
