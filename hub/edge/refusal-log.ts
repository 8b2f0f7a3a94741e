/** The one log line that sums up an interval's refusals (see hub/util/refusals.ts). */
import type { RefusalSummary } from "../util/refusals.js";

const LOOPBACK = /^(127\.|::1$|0:0:0:0::\/64$)/;

/** pino arguments: the details object and the message. */
export function refusalSummaryLine(summary: RefusalSummary): [Record<string, unknown>, string] {
  const details: Record<string, unknown> = {
    refused: summary.refused,
    addresses: summary.addresses,
    seconds: summary.seconds,
  };
  const capped = Object.keys(summary.refused).some((name) => name.startsWith("connection TOO_MANY_CONNECTIONS"));
  if (capped && Object.keys(summary.addresses).some((address) => LOOPBACK.test(address))) {
    // Behind a reverse proxy every connection comes from the proxy: the cap then limits the whole fleet.
    details["hint"] =
      "connections from a loopback address hit the per-address cap: behind a reverse proxy set DROIDHUB_TRUST_PROXY to its address (its connections are then not capped) and limit per client in the proxy";
  }
  return [
    details,
    `refused ${summary.total} in the last ${summary.seconds} s (totals: droidhub_refused_total in /metrics)`,
  ];
}
