/**
 * DROIDHUB_WEBHOOK_URL: someone outside the hub (a chat bot, a pager) is told when a run starts
 * waiting for a human. One POST of JSON — which run, which phone, the agent's reason — and nothing
 * else: no keys, no secrets, no screenshot. Bounded by a timeout and never fatal: a webhook that is
 * down is logged (by host only: a webhook URL often carries its own token) and the run waits as it
 * would without one.
 */
import type { HumanNeeded } from "./takeovers.js";

export interface WebhookLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export const WEBHOOK_TIMEOUT_MS = 5_000;

export function humanWebhook(
  url: string,
  log: WebhookLog,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): (needed: HumanNeeded) => Promise<void> {
  const host = new URL(url).host;
  return async (needed) => {
    const body = JSON.stringify({ event: "waiting_for_human", ...needed, at: new Date().toISOString() });
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
      await response.body?.cancel();
      if (!response.ok) log.warn({ runId: needed.runId, host, status: response.status }, "webhook refused");
    } catch (error) {
      const reason = error instanceof Error ? error.name : "unknown";
      log.warn({ runId: needed.runId, host, reason }, "webhook failed");
    }
  };
}
