/**
 * `droidhub enroll`: a fleet key made for enrolment, as the portal's signed deep link and its QR
 * code in the terminal — the same link the dashboard's "Add phones" page shows. The link holds the
 * key: it is printed once, like the key.
 */
import { defined } from "../errors/invariant.js";
import { defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS, hubClient } from "./hub-client.js";

interface Enrollment {
  fleetKey: { id: number; expiresAt: string | null; maxUses: number | null; tags: string[] };
  url: string;
  pin: string | null;
  link: string;
  apk: string | null;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90s`, `15m`, `1h`, `7d` → seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (!match) throw new UsageError(`--expires takes a duration such as 30m, 1h or 7d, got "${text}"`);
  return Number(match[1]) * defined(UNITS[match[2] ?? ""], "duration unit");
}

export const enrollCommandSpec = defineCommand({
  name: "enroll",
  summary: "a QR code (and deep link) that enrols phones running the portal app (needs an admin key)",
  usage: ["enroll [--tags a,b] [--expires 1h] [--single-use] [--url URL] [--pin PIN|none]"],
  about: `Makes a fleet key for enrolment and prints the portal's enrolment link and its QR code: scan it
with the phone's camera, or open the link on the phone. Phones enrolled with the key get its tags.
The link holds the fleet key: share it like the key. The hub refuses the key once it expired or,
with --single-use, once one phone enrolled with it; enrolled phones keep their own secrets.`,
  flags: [
    ...HUB_FLAGS,
    { name: "tags", type: "string", value: "A,B", description: "tags every phone enrolled with the key gets" },
    {
      name: "expires",
      type: "string",
      value: "DURATION",
      description: "the key enrols no phone after this (30m, 1h, 7d)",
    },
    { name: "single-use", type: "boolean", description: "the key enrols one phone" },
    { name: "label", type: "string", value: "TEXT", default: "enrolment", description: "what the key is for" },
    {
      name: "url",
      type: "string",
      value: "URL",
      description: "the address phones reach the hub at (default: --hub, which is often a local address)",
    },
    {
      name: "pin",
      type: "string",
      value: "PIN",
      description: "the hub certificate's pin (sha256/…), or none; default: the hub's own when it serves TLS",
    },
  ],
  async run(args, { out }) {
    const client = hubClient(args.string("hub"), args.string("key"));
    const expires = args.string("expires");
    const pin = args.string("pin");
    const tags = (args.string("tags") ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t !== "");
    const made = await client.json<Enrollment>("POST", "/api/enrollments", {
      label: args.string("label"),
      tags,
      singleUse: args.boolean("single-use"),
      url: args.string("url") ?? client.base,
      ...(expires === undefined ? {} : { expiresInS: parseDuration(expires) }),
      ...(pin === undefined ? {} : { pin: pin === "none" ? null : pin }),
    });
    // Loaded here, not at the top: `droidhub --help` and every other command start without it.
    const { default: QRCode } = await import("qrcode");
    const qr = await QRCode.toString(made.link, { type: "utf8", errorCorrectionLevel: "L", margin: 2 });
    out.write(`${qr}\n`);
    out.write(`${made.link}\n\n`);
    const limits = [
      made.fleetKey.expiresAt ? `expires ${made.fleetKey.expiresAt.replace("T", " ").slice(0, 16)} UTC` : "no expiry",
      made.fleetKey.maxUses === 1 ? "single use" : "any number of phones",
      made.fleetKey.tags.length ? `tags ${made.fleetKey.tags.join(", ")}` : "no tags",
    ];
    out.write(
      `fleet key ${made.fleetKey.id} for ${made.url} (${limits.join("; ")})${made.pin ? `, pin ${made.pin}` : ""}\n`,
    );
    out.write(
      made.apk
        ? `portal app: ${client.base}${made.apk}\n`
        : "portal app: no APK configured: build it with npm run portal:apk and set DROIDHUB_PORTAL_APK\n",
    );
    return 0;
  },
});

export function enrollCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(enrollCommandSpec, argv, { out });
}
