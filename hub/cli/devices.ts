/**
 * `droidhub devices reset-enrollment ID`: forgets a phone's device secret through the hub, so a
 * wiped phone (which lost it) can enrol again with a fleet key. A connected phone is closed.
 */
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient } from "./hub-client.js";

export const DEVICES_USAGE = `usage: droidhub devices reset-enrollment ID [--hub URL] [--key KEY]

  reset-enrollment ID   forget the device secret issued to phone ID: the id can enrol again with a
                        fleet key (a wiped phone, a phone moved to new hardware); the old secret is
                        refused from now on, and a connected phone is disconnected

options:
  --hub URL    the hub's HTTP address (default $DROIDHUB_URL or http://127.0.0.1:8080)
  --key KEY    an operator key with the admin scope (default $DROIDHUB_API_KEY)
  --help       this text
`;

interface ResetAnswer {
  id: string;
  reset: boolean;
  disconnected: boolean;
}

export async function devicesCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...HUB_OPTIONS, help: { type: "boolean", short: "h", default: false } },
  });
  if (values.help) {
    out.write(DEVICES_USAGE);
    return 0;
  }
  const [sub, id, ...extra] = positionals;
  if (sub !== "reset-enrollment" || !id || extra.length > 0) {
    process.stderr.write(DEVICES_USAGE);
    return 2;
  }
  const client = hubClient(values.hub, values.key);
  const answer = await client.json<ResetAnswer>("DELETE", `/api/devices/${encodeURIComponent(id)}/enrollment`);
  const connection = answer.disconnected ? "the phone was disconnected and " : "";
  out.write(`${answer.id}: enrolment reset; ${connection}can enrol again with a fleet key\n`);
  return 0;
}
