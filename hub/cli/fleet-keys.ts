/** `droidhub fleet-keys`: the keys phones enrol with, through the hub's API (an admin key is needed). */
import { defineCommand, invoke, UsageError } from "./command.js";
import { parseDuration } from "./enroll.js";
import { HUB_FLAGS } from "./hub-client.js";
import { type KeyResource, resourceCall, revokeKey, utcTime } from "./resource-command.js";
import { table } from "./table.js";

interface FleetKeyLine {
  id: number;
  label: string;
  tags: string[];
  createdAt: string;
  revoked: boolean;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
}

const FLEET_KEYS: KeyResource = { command: "fleet-keys", noun: "fleet key", path: "/api/fleet-keys" };

function state(k: FleetKeyLine, now: number): string {
  if (k.revoked) return "revoked";
  if (k.expiresAt && Date.parse(k.expiresAt) <= now) return "expired";
  if (k.maxUses !== null && k.uses >= k.maxUses) return "used up";
  return "active";
}

export const fleetKeysCommandSpec = defineCommand({
  name: "fleet-keys",
  summary: "fleet keys phones enrol with: list, create (may expire, single use), revoke (needs an admin key)",
  usage: [
    "fleet-keys [list]",
    "fleet-keys create --label TEXT [--tags a,b] [--expires 1h] [--single-use]",
    "fleet-keys revoke ID",
  ],
  about: `  list     the keys, their tags, uses and expiry (never the keys themselves)
  create   a new key, printed once; --expires and --single-use limit the phones it enrols, not their
           connections (an enrolled phone reconnects with its own secret). droidhub enroll makes one
           with its QR code.
  revoke   no phone joins with the key from now on (enrolled phones keep their own secrets)`,
  positionals: true,
  flags: [
    ...HUB_FLAGS,
    { name: "label", type: "string", value: "TEXT", description: "fleet-keys create: what the key is for" },
    { name: "tags", type: "string", value: "A,B", description: "fleet-keys create: tags its phones get" },
    {
      name: "expires",
      type: "string",
      value: "DURATION",
      description: "fleet-keys create: enrols no phone after (30m, 1h, 7d)",
    },
    { name: "single-use", type: "boolean", description: "fleet-keys create: enrols one phone" },
  ],
  async run(args, { out }) {
    const call = resourceCall(args);
    const { client } = call;
    switch (call.sub) {
      case "list": {
        const { keys } = await client.json<{ keys: FleetKeyLine[] }>("GET", "/api/fleet-keys");
        const now = Date.now();
        const rows = keys.map((k) => [
          String(k.id),
          state(k, now),
          k.maxUses === null ? String(k.uses) : `${k.uses}/${k.maxUses}`,
          k.expiresAt ? utcTime(k.expiresAt) : "-",
          k.tags.join(",") || "-",
          k.label,
        ]);
        out.write(`${table([["ID", "STATE", "USES", "EXPIRES (UTC)", "TAGS", "LABEL"], ...rows])}\n`);
        return 0;
      }
      case "create": {
        const label = args.string("label");
        if (!label) throw new UsageError("fleet-keys create needs --label TEXT");
        const expires = args.string("expires");
        const tags = (args.string("tags") ?? "")
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean);
        const created = await client.json<FleetKeyLine & { key: string }>("POST", "/api/fleet-keys", {
          label,
          tags,
          singleUse: args.boolean("single-use"),
          ...(expires === undefined ? {} : { expiresInS: parseDuration(expires) }),
        });
        out.write(`created fleet key ${created.id} ("${created.label}"); shown once:\n${created.key}\n`);
        return 0;
      }
      case "revoke":
        return revokeKey(call, FLEET_KEYS, out);
      default:
        throw new UsageError(`unknown fleet-keys subcommand "${call.sub}" (list, create, revoke)`);
    }
  },
});

export function fleetKeysCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(fleetKeysCommandSpec, argv, { out });
}
