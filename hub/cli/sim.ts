/**
 * `droidhub sim`: N virtual phones in this process, joined to a hub with a fleet key. Device
 * secrets are kept in a small file so the same phones can rejoin after a restart.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { listApps, VirtualDevice } from "../sim/device/index.js";
import { SimPhone } from "../sim/sim-phone.js";

export async function simCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      hub: { type: "string", default: "ws://127.0.0.1:8080" },
      key: { type: "string", default: process.env["DROIDHUB_FLEET_KEY"] },
      count: { type: "string", default: "1" },
      app: { type: "string", default: "launcher" },
      prefix: { type: "string", default: "sim" },
      "secrets-file": { type: "string", default: "./.droidhub/sim-secrets.json" },
      "latency-ms": { type: "string", default: "0" },
      "jitter-ms": { type: "string", default: "0" },
      "popup-after": { type: "string" },
      "move-button-after": { type: "string" },
      "stale-tree": { type: "string" },
      "max-ui-nodes": { type: "string" },
      "drop-every-ms": { type: "string" },
    },
    strict: true,
  });
  if (!values.key) throw new Error("--key (or DROIDHUB_FLEET_KEY) is required");
  if (!listApps().includes(values.app!)) throw new Error(`--app must be one of ${listApps().join(", ")}`);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error("--count must be a positive integer");
  const url = `${values.hub!.replace(/\/$/, "")}/v1/devices/connect`;
  const secretsFile = path.resolve(values["secrets-file"]!);
  const secrets = existsSync(secretsFile)
    ? (JSON.parse(readFileSync(secretsFile, "utf8")) as Record<string, string>)
    : {};
  const saveSecret = (id: string, secret: string): void => {
    secrets[id] = secret;
    mkdirSync(path.dirname(secretsFile), { recursive: true });
    writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  };
  const knobs = {
    latencyMs: Number(values["latency-ms"]),
    jitterMs: Number(values["jitter-ms"]),
    ...(values["popup-after"] ? { popupAfterActions: Number(values["popup-after"]) } : {}),
    ...(values["move-button-after"] ? { moveButtonAfterActions: Number(values["move-button-after"]) } : {}),
    ...(values["stale-tree"] ? { staleTreeProbability: Number(values["stale-tree"]) } : {}),
    ...(values["max-ui-nodes"] ? { maxUiNodes: Number(values["max-ui-nodes"]) } : {}),
  };
  const phones: SimPhone[] = [];
  for (let i = 1; i <= count; i++) {
    const deviceId = `${values.prefix}-${i}`;
    const device = new VirtualDevice({ deviceId, app: values.app!, knobs, record: false });
    const secret = secrets[deviceId];
    phones.push(
      new SimPhone(device, {
        url,
        fleetKey: values.key,
        ...(secret ? { deviceSecret: secret } : {}),
        ...(values["drop-every-ms"] ? { dropEveryMs: Number(values["drop-every-ms"]) } : {}),
        onSecret: saveSecret,
      }),
    );
  }
  const results = await Promise.allSettled(phones.map((phone) => phone.start()));
  const failed = results.filter((r) => r.status === "rejected");
  process.stderr.write(`droidhub sim: ${count - failed.length}/${count} virtual phones joined ${url}\n`);
  if (failed.length === count) return 1;
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  for (const phone of phones) phone.stop();
  return 0;
}
