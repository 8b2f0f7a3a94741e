/**
 * `droidhub keys`: operator keys through the hub's API (an admin key is needed).
 *   keys [list]                            the keys, their scopes and labels (never the keys)
 *   keys create --label L --scope S        a new key, printed once (S: read | control | admin)
 *   keys revoke ID                         refuse that key from its next request on
 */
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient } from "./hub-client.js";
import { table } from "./runs.js";

interface KeyLine {
  id: number;
  label: string;
  scope: string;
  createdAt: string;
  revoked: boolean;
  fromEnvironment: boolean;
}

export async function keysCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...HUB_OPTIONS, label: { type: "string" }, scope: { type: "string" } },
  });
  const [sub = "list", id] = positionals;
  const client = hubClient(values.hub, values.key);
  switch (sub) {
    case "list": {
      const { keys } = await client.json<{ keys: KeyLine[] }>("GET", "/api/operator-keys");
      const rows = keys.map((k) => [
        String(k.id),
        k.scope,
        k.revoked ? "revoked" : "active",
        k.createdAt.replace("T", " ").slice(0, 19),
        k.fromEnvironment ? `${k.label} (environment)` : k.label,
      ]);
      out.write(`${table([["ID", "SCOPE", "STATE", "CREATED", "LABEL"], ...rows])}\n`);
      return 0;
    }
    case "create": {
      if (!values.label || !values.scope)
        throw new Error("keys create needs --label TEXT and --scope read|control|admin");
      const created = await client.json<KeyLine & { key: string }>("POST", "/api/operator-keys", {
        label: values.label,
        scope: values.scope,
      });
      out.write(
        `created operator key ${created.id} (${created.scope}, "${created.label}"); shown once:\n${created.key}\n`,
      );
      return 0;
    }
    case "revoke": {
      if (!id || !/^\d+$/.test(id)) throw new Error("keys revoke needs the key's numeric ID (see droidhub keys list)");
      await client.json("DELETE", `/api/operator-keys/${id}`);
      out.write(`revoked operator key ${id}\n`);
      return 0;
    }
    default:
      throw new Error(`unknown keys subcommand '${sub}' (list, create, revoke)`);
  }
}
