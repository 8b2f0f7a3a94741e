/**
 * Which peers are reverse proxies whose X-Forwarded-For the hub believes. Off by default: a hub
 * reached directly must not let any client name its own address. Behind nginx or Caddy, name the
 * proxy (`127.0.0.1`, `10.0.0.0/8`, `loopback`, `private`). No hop count and no "trust all": either
 * believes the header from whoever connects, so a phone reaching the hub directly could name any
 * address (fastify itself now refuses to trust on a hop count alone).
 */
import { isIP } from "node:net";
import { z } from "zod";

/** false: no proxy; a list: peers in these addresses/CIDRs are proxies. */
export type TrustProxy = false | readonly string[];

const NAMED: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** One entry of the list: an address, an address/prefix, or a name from NAMED; undefined when invalid. */
function entries(item: string): readonly string[] | undefined {
  const named = NAMED[item.toLowerCase()];
  if (named) return named;
  const [address = "", prefix, extra] = item.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return undefined;
  if (prefix === undefined) return [address];
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && bits <= max ? [`${address}/${bits}`] : undefined;
}

const FORGEABLE =
  "would let any client that reaches the hub directly forge its address; name the proxy instead: an address, a CIDR, loopback or private";

export const trustProxySchema = z.union([z.literal(false), z.string()]).transform((value, ctx): TrustProxy => {
  if (value === false) return false;
  const text = value.trim();
  if (["", "false", "off", "0"].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text) || ["true", "on", "all"].includes(text.toLowerCase())) {
    const what = /^\d+$/.test(text) ? "a hop count" : `"${text}"`;
    ctx.addIssue({ code: "custom", message: `${what} ${FORGEABLE}` });
    return z.NEVER;
  }
  const list: string[] = [];
  for (const item of text.split(",").map((part) => part.trim())) {
    const found = entries(item);
    if (!found) {
      ctx.addIssue({
        code: "custom",
        message: `"${item}" is not an address, a CIDR, loopback or private`,
      });
      return z.NEVER;
    }
    list.push(...found);
  }
  return list;
});
