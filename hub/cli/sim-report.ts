/**
 * Phones that could not join, grouped by why, as sentences that name the hub, the cause and the
 * next step. The hub's 401 says nothing about why (on purpose: it must not tell a stranger which ids
 * are enrolled), so a refused fleet key names both possible causes.
 */
import { itemAt } from "../errors/invariant.js";
import type { JoinOutcome } from "../sim/join.js";

/** OpenSSL's verdicts on a chain the client does not trust (Node puts them in the error's code). */
const UNTRUSTED_CERTIFICATE =
  /SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY_LEAF)|CERT_(HAS_EXPIRED|NOT_YET_VALID|UNTRUSTED|SIGNATURE_FAILURE)|ERR_TLS_CERT_ALTNAME_INVALID/;

export function explainFailures(hub: string, outcomes: readonly { id: string; outcome: JoinOutcome }[]): string[] {
  const lines: string[] = [];
  const untrusted = outcomes.filter((o) => o.outcome.kind === "untrusted");
  if (untrusted.length > 0) {
    lines.push(
      `the hub's certificate does not match the pinned key (--pin / DROIDHUB_HUB_PIN) for ${names(untrusted)}: ` +
        `${hub} presents another key, so nothing was sent and the phones will not retry. Check the pin against ` +
        "the certificate.pin the hub logs at start; if it is right, something between here and the hub answers in its place.",
    );
  }
  const unreachable = outcomes.filter((o) => o.outcome.kind === "unreachable");
  if (unreachable.length > 0) {
    const first = itemAt(unreachable, 0, "unreachable phone").outcome as Extract<JoinOutcome, { kind: "unreachable" }>;
    const why = (first.error as NodeJS.ErrnoException).code ?? first.error.message;
    lines.push(
      UNTRUSTED_CERTIFICATE.test(why)
        ? `${hub}'s certificate is not trusted here (${why}) for ${names(unreachable)}: pass --ca FILE (the CA ` +
            "that signed it) or --pin sha256/… (its key: the certificate.pin the hub logs at start)."
        : `cannot reach the hub at ${hub} (${why}) for ${names(unreachable)}: is it running? Start one with ` +
            '"npx droidhub serve", or point --hub / DROIDHUB_URL at it.',
    );
  }
  const keyRefused = outcomes.filter((o) => o.outcome.kind === "refused" && o.outcome.status === 401);
  if (keyRefused.length > 0) {
    lines.push(
      `${hub} refused the fleet key for ${names(keyRefused)} (HTTP 401). Either the key is wrong — check --key / ` +
        "DROIDHUB_FLEET_KEY against the hub's DROIDHUB_FLEET_KEY or a key from POST /api/fleet-keys — or these ids " +
        "are enrolled there with secrets this machine does not have: remove them on the hub " +
        "(droidhub devices remove ID) or pick other ids with --prefix.",
    );
  }
  const otherStatus = outcomes.filter((o) => o.outcome.kind === "refused" && o.outcome.status !== 401);
  for (const status of new Set(otherStatus.map((o) => (o.outcome as { status: number }).status))) {
    const group = otherStatus.filter((o) => (o.outcome as { status: number }).status === status);
    lines.push(
      `${hub} answered HTTP ${status} instead of a phone join for ${names(group)}: is --hub a droidhub hub ` +
        "(phones join at /v1/devices/connect)?",
    );
  }
  return lines;
}

function names(group: readonly { id: string }[]): string {
  const ids = group.map((o) => o.id);
  return ids.length > 4 ? `${ids.slice(0, 3).join(", ")} and ${ids.length - 3} more` : ids.join(", ");
}
