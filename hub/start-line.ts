/**
 * What a person reads when the hub is up: one plain line (not a JSON log line) with the dashboard,
 * the address phones join, the data dir and the operator key or where it is; then, only when
 * something would stop them, a note saying what and how to fix it.
 */
import { networkInterfaces } from "node:os";

export type KeyState =
  /** Generated on this start: shown in full, once. */
  | { kind: "generated"; key: string; file: string | undefined }
  | { kind: "environment" }
  | { kind: "file"; file: string }
  /** The file holds a key the hub no longer accepts (revoked), or there is no file. */
  | { kind: "unknown"; file: string | undefined; stale: boolean };

export interface StartFacts {
  version: string;
  host: string;
  port: number;
  /** Served over https and wss. */
  tls?: boolean;
  dataDir: string;
  key: KeyState;
  fleetKey: boolean;
  model: string | undefined;
}

/** An address other machines can reach this one at, when the hub listens on every interface. */
export function publicHost(host: string, interfaces = networkInterfaces()): string {
  if (host !== "0.0.0.0" && host !== "::") return host.includes(":") ? `[${host}]` : host;
  for (const list of Object.values(interfaces)) {
    for (const address of list ?? []) {
      if (address.family === "IPv4" && !address.internal) return address.address;
    }
  }
  return "127.0.0.1";
}

function keyText(key: KeyState): string {
  switch (key.kind) {
    case "generated":
      return `operator key ${key.key} (generated, shown once${key.file ? `; also in ${key.file}` : ""})`;
    case "environment":
      return "operator key from DROIDHUB_API_KEY";
    case "file":
      return `operator key in ${key.file}`;
    case "unknown":
      return "operator key: the one printed at the first start";
  }
}

export function startText(facts: StartFacts): string {
  const local = facts.host === "0.0.0.0" || facts.host === "::" ? "localhost" : publicHost(facts.host);
  const [http, ws] = facts.tls ? ["https", "wss"] : ["http", "ws"];
  const dashboard = `${http}://${local}:${facts.port}/`;
  const join = `${ws}://${publicHost(facts.host)}:${facts.port}/v1/devices/connect`;
  const line = `droidhub ${facts.version} is up · dashboard ${dashboard} · phones join ${join} · data ${facts.dataDir} · ${keyText(facts.key)}`;
  const notes: string[] = [];
  if (facts.key.kind === "unknown") {
    notes.push(
      `${facts.key.stale ? `${facts.key.file} holds a revoked key. ` : ""}Lost the key? Set DROIDHUB_API_KEY to ` +
        "a key of your own (16+ characters) and restart; it becomes an admin key.",
    );
  }
  if (!facts.fleetKey)
    notes.push(
      "no phone can join yet: set DROIDHUB_FLEET_KEY (16+ characters) or create one with POST /api/fleet-keys.",
    );
  if (!facts.model)
    notes.push(
      "no model endpoint: agent tasks are refused until OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL " +
        "(any OpenAI-compatible endpoint) is set; script and replay tasks work without one.",
    );
  return `\n  ${line}\n${notes.map((note) => `    note: ${note}\n`).join("")}\n`;
}
