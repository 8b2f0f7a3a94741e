/**
 * The reverse proxies the hub trusts (config `trustProxy`), in the two forms the edge needs:
 * fastify's `trustProxy` option, which makes `request.ip` the client named in X-Forwarded-For (logs,
 * refusal counts, the audit trail), and a test for a TCP peer, which the per-address connection cap
 * uses to leave the proxy's own connections uncounted — behind a proxy every phone arrives from the
 * proxy's address, and the proxy, not the hub, sees (and can limit) each client.
 */
import { BlockList, isIPv4 } from "node:net";
import type { TrustProxy } from "../config/trust-proxy.js";

export interface TrustedProxies {
  /** For fastify's `trustProxy` option. */
  readonly option: false | string[];
  /** Whether a connection from this TCP peer comes through a trusted proxy. */
  isProxy(address: string | undefined): boolean;
}

export function trustedProxies(setting: TrustProxy): TrustedProxies {
  if (setting === false) return { option: false, isProxy: () => false };
  const list = new BlockList();
  for (const entry of setting) {
    const [address = "", prefix] = entry.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return {
    option: [...setting],
    isProxy: (address) => {
      if (!address) return false;
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
      const plain = mapped ?? address;
      return list.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
    },
  };
}
