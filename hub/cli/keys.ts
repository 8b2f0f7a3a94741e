/** `droidhub keys`: operator keys through the hub's API (an admin key is needed). */
import { defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS } from "./hub-client.js";
import { type KeyResource, resourceCall, revokeKey, utcTime } from "./resource-command.js";
import { table } from "./table.js";

interface KeyLine {
  id: number;
  label: string;
  scope: string;
  createdAt: string;
  revoked: boolean;
  fromEnvironment: boolean;
}

const OPERATOR_KEYS: KeyResource = { command: "keys", noun: "operator key", path: "/api/operator-keys" };

export const keysCommandSpec = defineCommand({
  name: "keys",
  summary: "operator keys: list, create, revoke (needs an admin key)",
  usage: ["keys [list]", "keys create --label TEXT --scope read|control|admin", "keys revoke ID"],
  about: `  list     the keys, their scopes and labels (never the keys themselves)
  create   a new key, printed once; scopes: read (watch), control (act on phones, run tasks), admin (keys, enrolment)
  revoke   refuse that key from its next request on (not the DROIDHUB_API_KEY one, not the last admin key)`,
  positionals: true,
  flags: [
    ...HUB_FLAGS,
    { name: "label", type: "string", value: "TEXT", description: "keys create: what the key is for" },
    { name: "scope", type: "string", value: "SCOPE", description: "keys create: read, control or admin" },
  ],
  async run(args, { out }) {
    const call = resourceCall(args);
    const { client } = call;
    switch (call.sub) {
      case "list": {
        const { keys } = await client.json<{ keys: KeyLine[] }>("GET", "/api/operator-keys");
        const rows = keys.map((k) => [
          String(k.id),
          k.scope,
          k.revoked ? "revoked" : "active",
          utcTime(k.createdAt, true),
          k.fromEnvironment ? `${k.label} (environment)` : k.label,
        ]);
        out.write(`${table([["ID", "SCOPE", "STATE", "CREATED", "LABEL"], ...rows])}\n`);
        return 0;
      }
      case "create": {
        const label = args.string("label");
        const scope = args.string("scope");
        if (!label || !scope) throw new UsageError("keys create needs --label TEXT and --scope read|control|admin");
        const created = await client.json<KeyLine & { key: string }>("POST", "/api/operator-keys", { label, scope });
        out.write(
          `created operator key ${created.id} (${created.scope}, "${created.label}"); shown once:\n${created.key}\n`,
        );
        return 0;
      }
      case "revoke":
        return revokeKey(call, OPERATOR_KEYS, out);
      default:
        throw new UsageError(`unknown keys subcommand "${call.sub}" (list, create, revoke)`);
    }
  },
});

export function keysCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(keysCommandSpec, argv, { out });
}
