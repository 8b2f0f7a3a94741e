/**
 * `droidhub sim`: N virtual phones in this process, joined to a hub with a fleet key and kept online
 * until Ctrl-C. Their device secrets are kept per hub in a small file so the same phones rejoin
 * after a restart; every way a join can fail is said in words, with what to do next.
 */
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import type { HubTrust } from "../gateway/hub-trust.js";
import { listApps } from "../sim/apps/index.js";
import type { SimKnobs } from "../sim/device/knobs.js";
import { isPin } from "../util/certificate-pin.js";
import { type CommandContext, defineCommand, requiredFlag, UsageError } from "./command.js";
import { localHub } from "./hub-client.js";

const SIM_APPS = listApps();

export const simCommandSpec = defineCommand({
  name: "sim",
  summary: "connect virtual phones to a hub; they stay online until Ctrl-C",
  usage: ["sim [--hub URL] [--key FLEET_KEY] [--count N] [--app NAME] [--prefix ID] [--pin PIN | --ca FILE] [knobs]"],
  about: `Phones are named PREFIX-1 … PREFIX-N. A phone joins with the fleet key the first time and gets a
device secret, kept in --secrets-file for that hub; later runs join with the secret. If the hub no
longer knows a stored secret (a new data dir, or the phone was removed), the phone enrols again with
the fleet key. Exit code 1 when no phone could join.

A wss:// hub with a self-signed certificate is trusted by its pin (--pin, the key's SHA-256 that the
hub logs at start as certificate.pin); one signed by a private CA by that CA (--ca). A hub whose
certificate does not match the pin is refused for good: the phones send nothing and do not retry.`,
  flags: [
    {
      name: "hub",
      type: "string",
      value: "URL",
      env: "DROIDHUB_URL",
      default: (env) => localHub(env, "ws"),
      defaultText: "ws://127.0.0.1:$DROIDHUB_PORT, port 8080 when unset",
      description: "the hub to join: http(s):// or ws(s)://",
    },
    {
      name: "key",
      type: "string",
      value: "FLEET_KEY",
      env: "DROIDHUB_FLEET_KEY",
      description: "fleet key: the hub's DROIDHUB_FLEET_KEY, or one from POST /api/fleet-keys",
    },
    {
      name: "pin",
      type: "string",
      value: "PIN",
      env: "DROIDHUB_HUB_PIN",
      description: "sha256/… of the hub certificate's public key: accept that key, even self-signed",
    },
    {
      name: "ca",
      type: "string",
      value: "FILE",
      env: "DROIDHUB_HUB_CA",
      description: "PEM file of a CA to trust for the hub besides the system's",
    },
    { name: "count", type: "string", value: "N", default: "1", description: "how many phones" },
    {
      name: "app",
      type: "string",
      value: "NAME",
      default: "launcher",
      description: `first app: ${SIM_APPS.join(", ")}`,
    },
    { name: "prefix", type: "string", value: "ID", default: "sim", description: "device id prefix" },
    {
      name: "secrets-file",
      type: "string",
      value: "FILE",
      default: "./.droidhub/sim-secrets.json",
      description: "where the phones' device secrets are kept, per hub",
    },
    { name: "latency-ms", type: "string", value: "N", default: "0", description: "knob: delay before each answer" },
    {
      name: "jitter-ms",
      type: "string",
      value: "N",
      default: "0",
      description: "knob: random extra delay, up to N ms",
    },
    {
      name: "drop-every-ms",
      type: "string",
      value: "N",
      description: "knob: cut the link at random, on average this often",
    },
    {
      name: "stale-tree",
      type: "string",
      value: "P",
      description: "knob: probability (0-1) that getUi answers the previous screen",
    },
    {
      name: "max-ui-nodes",
      type: "string",
      value: "N",
      description: "knob: cap the tree at N nodes and mark it truncated",
    },
    {
      name: "unpainted",
      type: "boolean",
      description: "knob: stream frames leave password fields for the hub to paint (phones paint them by default)",
    },
    { name: "popup-after", type: "string", value: "N", description: "knob: a popup covers the screen after N actions" },
    {
      name: "move-button-after",
      type: "string",
      value: "N",
      description: "knob: the main button moves after N actions",
    },
  ],
  async run(args, ctx) {
    const fleetKey = args.string("key");
    if (!fleetKey)
      throw new UsageError(
        "no fleet key: pass --key KEY or set DROIDHUB_FLEET_KEY (the key the hub was started with, or one from POST /api/fleet-keys)",
      );
    const app = requiredFlag(args.string("app"), "app");
    if (!SIM_APPS.includes(app)) throw new UsageError(`--app must be one of ${SIM_APPS.join(", ")}, got "${app}"`);
    const count = requiredFlag(args.integer("count", 1), "count");
    const hub = joinBase(requiredFlag(args.string("hub"), "hub"));
    const knobs = {
      latencyMs: args.integer("latency-ms", 0) ?? 0,
      jitterMs: args.integer("jitter-ms", 0) ?? 0,
      ...optional("popupAfterActions", args.integer("popup-after", 1)),
      ...optional("moveButtonAfterActions", args.integer("move-button-after", 1)),
      ...optional("staleTreeProbability", args.number("stale-tree", 0, 1)),
      ...optional("maxUiNodes", args.integer("max-ui-nodes", 1)),
      ...(args.boolean("unpainted") && { paintPasswords: false }),
    };
    const dropEveryMs = args.integer("drop-every-ms", 1);
    const trust = hubTrust(hub, args.string("pin"), args.string("ca"));
    return runPhones(ctx, {
      hub,
      ...(trust ? { trust } : {}),
      fleetKey,
      ids: Array.from({ length: count }, (_, i) => `${args.string("prefix")}-${i + 1}`),
      app,
      knobs,
      secretsFile: requiredFlag(args.string("secrets-file"), "secrets-file"),
      ...(dropEveryMs ? { dropEveryMs } : {}),
    });
  },
});

/** --pin and --ca, checked before any phone dials: a typo is a usage error, not a failed handshake. */
function hubTrust(hub: string, pin: string | undefined, caFile: string | undefined): HubTrust | undefined {
  if (!pin && !caFile) return undefined;
  if (!hub.startsWith("wss:"))
    throw new UsageError(`--pin and --ca need a TLS hub (https:// or wss://); --hub is ${hub}`);
  if (pin && !isPin(pin))
    throw new UsageError(
      `--pin must be sha256/ and 44 base64 characters (the SHA-256 of the hub certificate's public key), got "${pin}"`,
    );
  let ca: Buffer | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile);
      new X509Certificate(ca);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(`--ca ${caFile}: not a readable PEM certificate (${why})`);
    }
  }
  return { ...(pin ? { pin } : {}), ...(ca ? { ca } : {}) };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}

/** ws(s)://HOST[:PORT][/prefix] from whatever the user wrote (http(s) too, with or without the join path). */
export function joinBase(hub: string): string {
  let url: URL;
  try {
    url = new URL(hub);
  } catch {
    throw new UsageError(`--hub must be a URL such as ws://127.0.0.1:8080, got "${hub}"`);
  }
  const scheme = { "http:": "ws:", "ws:": "ws:", "https:": "wss:", "wss:": "wss:" }[url.protocol];
  if (!scheme) throw new UsageError(`--hub must be ws://, wss://, http:// or https://, got "${hub}"`);
  const prefix = url.pathname.replace(/\/v1\/devices\/connect\/?$/, "").replace(/\/+$/, "");
  return `${scheme}//${url.host}${prefix}`;
}

interface PhonesPlan {
  hub: string;
  fleetKey: string;
  ids: string[];
  app: string;
  knobs: SimKnobs;
  secretsFile: string;
  dropEveryMs?: number;
  trust?: HubTrust;
}

async function runPhones(ctx: CommandContext, plan: PhonesPlan): Promise<number> {
  // Loaded here so that `droidhub --help` does not pay for the renderer.
  const { VirtualDevice } = await import("../sim/device/index.js");
  const { joinVirtualPhone } = await import("../sim/join.js");
  const { SimSecrets } = await import("../sim/secrets-file.js");
  const { explainFailures } = await import("./sim-report.js");
  const url = `${plan.hub}/v1/devices/connect`;
  const secrets = SimSecrets.open(plan.secretsFile, plan.hub);
  const say = (text: string) => ctx.err.write(`droidhub sim: ${text}\n`);
  const outcomes = await Promise.all(
    plan.ids.map(async (id) => ({
      id,
      outcome: await joinVirtualPhone(id, {
        url,
        fleetKey: plan.fleetKey,
        secrets,
        device: (deviceId) => new VirtualDevice({ deviceId, app: plan.app, knobs: plan.knobs, record: false }),
        onStaleSecret: (deviceId) =>
          say(
            `${plan.hub} refused the secret stored for ${deviceId} in ${secrets.file} (HTTP 401): that hub no ` +
              "longer knows this phone (a new data dir, or the phone was removed). Enrolling it again with the fleet key.",
          ),
        phone: {
          ...(plan.dropEveryMs ? { dropEveryMs: plan.dropEveryMs } : {}),
          ...(plan.trust ? { trust: plan.trust } : {}),
        },
      }),
    })),
  );
  const phones = outcomes.flatMap(({ outcome }) => (outcome.kind === "joined" ? [outcome.phone] : []));
  for (const line of explainFailures(plan.hub, outcomes)) say(line);
  say(`${phones.length}/${plan.ids.length} virtual phones joined ${url}`);
  if (phones.length === 0) return 1;
  say(`device secrets: ${secrets.file}; Ctrl-C stops the phones`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  for (const phone of phones) phone.stop();
  return 0;
}
