/**
 * `droidhub devices`: the phones a hub knows, removing one that is gone for good, and resetting a
 * phone's enrolment so a wiped phone (which lost its device secret) can enrol again.
 */
import { defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS } from "./hub-client.js";
import { resourceCall } from "./resource-command.js";
import { table } from "./table.js";

interface DeviceLine {
  id: string;
  status: string;
  manufacturer?: string;
  model?: string;
  sdkInt?: number;
  tags: string[];
  lastSeen: string;
}

export const devicesCommandSpec = defineCommand({
  name: "devices",
  summary: "the phones a hub knows; remove one that is gone for good, or reset its enrolment",
  usage: ["devices [list]", "devices remove ID", "devices reset-enrollment ID"],
  about: `  list               id, status, model, Android SDK, tags and when each phone was last seen
  remove             forget an offline phone and its enrolment (needs an admin key); it can join
                     again later with a fleet key, as a new phone. Refused (409) while the phone is
                     online or busy.
  reset-enrollment   forget the device secret issued to the phone (needs an admin key): the id can
                     enrol again with a fleet key (a wiped phone, new hardware); the old secret is
                     refused from now on, and a connected phone is disconnected.`,
  positionals: true,
  flags: [...HUB_FLAGS],
  async run(args, { out }) {
    const { sub, id, client } = resourceCall(args);
    switch (sub) {
      case "list": {
        const { devices } = await client.json<{ devices: DeviceLine[] }>("GET", "/api/devices");
        if (devices.length === 0) {
          out.write("no phones yet: join virtual ones with droidhub sim, or see the README's Phones section\n");
          return 0;
        }
        const rows = devices.map((d) => [
          d.id,
          d.status,
          [d.manufacturer, d.model].filter(Boolean).join(" ") || "-",
          d.sdkInt ? String(d.sdkInt) : "-",
          d.tags.join(",") || "-",
          d.lastSeen.replace("T", " ").slice(0, 19),
        ]);
        out.write(`${table([["ID", "STATUS", "MODEL", "SDK", "TAGS", "LAST SEEN"], ...rows])}\n`);
        return 0;
      }
      case "remove": {
        if (!id) throw new UsageError("usage: droidhub devices remove ID");
        await client.json("DELETE", `/api/devices/${encodeURIComponent(id)}`);
        out.write(`removed ${id}: the hub forgot the phone and its enrolment\n`);
        return 0;
      }
      case "reset-enrollment": {
        if (!id) throw new UsageError("usage: droidhub devices reset-enrollment ID");
        const answer = await client.json<{ id: string; disconnected: boolean }>(
          "DELETE",
          `/api/devices/${encodeURIComponent(id)}/enrollment`,
        );
        const connection = answer.disconnected ? "the phone was disconnected and " : "";
        out.write(`${answer.id}: enrolment reset; ${connection}can enrol again with a fleet key\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown devices subcommand "${sub}" (list, remove, reset-enrollment)`);
    }
  },
});

export function devicesCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(devicesCommandSpec, argv, { out });
}
