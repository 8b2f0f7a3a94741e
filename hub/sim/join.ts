/**
 * Joining one virtual phone to a hub, with its secret kept between runs: a phone with a stored
 * secret presents it; when the hub refuses that secret (it was reset, has a new data dir, or the
 * phone was removed) the stale secret is dropped and the phone enrols again with the fleet key —
 * fine for a virtual phone, whose id carries no history worth protecting. Every way a join can end
 * is an outcome the caller can explain, never a hang.
 */

import { isPinMismatch } from "../gateway/hub-trust.js";
import type { SimSecrets } from "./secrets-file.js";
import { type SimDevice, SimPhone, type SimPhoneOptions } from "./sim-phone.js";

export type JoinOutcome =
  | { kind: "joined"; phone: SimPhone; reenrolled: boolean }
  /** The hub answered with an HTTP status instead of an upgrade; `withSecret`: a stored secret was shown. */
  | { kind: "refused"; status: number; withSecret: boolean }
  /** No answer at all: nothing listening, a wrong host, TLS, a handshake timeout. */
  | { kind: "unreachable"; error: Error }
  /** The hub's certificate does not match the pinned key: nothing was sent, and no retry. */
  | { kind: "untrusted"; error: Error };

export interface JoinOptions {
  /** The join endpoint: ws(s)://HOST/v1/devices/connect. */
  url: string;
  fleetKey: string;
  secrets: SimSecrets;
  device: (deviceId: string) => SimDevice;
  /** Told when a stored secret was refused, before the phone enrols again. */
  onStaleSecret?: (deviceId: string) => void;
  phone?: Pick<SimPhoneOptions, "dropEveryMs" | "reconnectBaseMs" | "reconnectCapMs" | "trust">;
}

export async function joinVirtualPhone(deviceId: string, options: JoinOptions): Promise<JoinOutcome> {
  const stored = options.secrets.get(deviceId);
  const first = await attempt(deviceId, stored, options);
  if (first.kind !== "refused" || first.status !== 401 || !stored) return first;
  options.onStaleSecret?.(deviceId);
  options.secrets.forget(deviceId);
  const second = await attempt(deviceId, undefined, options);
  return second.kind === "joined" ? { ...second, reenrolled: true } : second;
}

function attempt(deviceId: string, secret: string | undefined, options: JoinOptions): Promise<JoinOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: JoinOutcome): void => {
      if (settled) return;
      settled = true;
      if (outcome.kind !== "joined") phone.stop();
      resolve(outcome);
    };
    const phone: SimPhone = new SimPhone(options.device(deviceId), {
      ...options.phone,
      url: options.url,
      fleetKey: options.fleetKey,
      ...(secret ? { deviceSecret: secret } : {}),
      onSecret: (id, next) => options.secrets.set(id, next),
      // Only the first attempt decides; a phone that has joined reconnects by itself later.
      onRefused: (status) => {
        if (phone.joins === 0) settle({ kind: "refused", status, withSecret: secret !== undefined });
      },
      onConnectError: (error) => {
        if (phone.joins === 0) settle({ kind: isPinMismatch(error) ? "untrusted" : "unreachable", error });
      },
    });
    phone.start().then(
      () => settle({ kind: "joined", phone, reenrolled: false }),
      (error: unknown) =>
        settle(
          isPinMismatch(error)
            ? { kind: "untrusted", error: error as Error }
            : { kind: "refused", status: 401, withSecret: secret !== undefined },
        ),
    );
  });
}
