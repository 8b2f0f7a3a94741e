/**
 * The shape the resource commands share (`devices`, `keys`, `fleet-keys`): `<command> [sub] [id]`
 * against the hub's API, and revoking a key by its numeric id.
 */
import { type Args, UsageError } from "./command.js";
import { type HubClient, hubClient } from "./hub-client.js";

export interface ResourceCall {
  /** The subcommand; "list" when none is given. */
  sub: string;
  id: string | undefined;
  client: HubClient;
}

/** Reads `[sub] [id]` (nothing after them) and connects to the hub the flags name. */
export function resourceCall(args: Args<"hub" | "key">): ResourceCall {
  const [sub = "list", id, ...extra] = args.positionals;
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  return { sub, id, client: hubClient(args.string("hub"), args.string("key")) };
}

/** Which keys a command revokes: "keys" and "operator key" at /api/operator-keys, say. */
export interface KeyResource {
  command: string;
  noun: string;
  path: string;
}

/** `<command> revoke ID`: only a numeric id reaches the hub. */
export async function revokeKey(call: ResourceCall, keys: KeyResource, out: NodeJS.WritableStream): Promise<number> {
  const { id, client } = call;
  if (!id || !/^\d+$/.test(id))
    throw new UsageError(`${keys.command} revoke needs the key's numeric ID (see droidhub ${keys.command} list)`);
  await client.json("DELETE", `${keys.path}/${id}`);
  out.write(`revoked ${keys.noun} ${id}\n`);
  return 0;
}

/** An ISO time as "YYYY-MM-DD HH:MM" (`seconds`: with ":SS"), the tables' UTC column. */
export function utcTime(iso: string, seconds = false): string {
  return iso.replace("T", " ").slice(0, seconds ? 19 : 16);
}
