/**
 * Where virtual phones keep the device secrets hubs gave them: one JSON file, keyed by hub and
 * device id, so the same ids can be enrolled on several hubs and one hub's secret is never shown to
 * another. Written whole to a temp file and renamed (a crash never leaves half a file), mode 0600.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

interface SecretsFileShape {
  version: 2;
  /** Hub (see hubKey) → device id → secret. */
  hubs: Record<string, Record<string, string>>;
}

/** The join address of a hub, however it was written: http → ws, no trailing slash or join path. */
export function hubKey(url: string): string {
  const parsed = new URL(url);
  const scheme = parsed.protocol === "https:" || parsed.protocol === "wss:" ? "wss:" : "ws:";
  const pathname = parsed.pathname.replace(/\/v1\/devices\/connect\/?$/, "").replace(/\/+$/, "");
  return `${scheme}//${parsed.host}${pathname}`;
}

export class SimSecrets {
  readonly file: string;
  readonly #hub: string;
  readonly #data: SecretsFileShape;

  private constructor(file: string, hub: string, data: SecretsFileShape) {
    this.file = file;
    this.#hub = hub;
    this.#data = data;
  }

  /** Opens (or starts) the file for one hub; a file that is not ours is an error naming it. */
  static open(file: string, hubUrl: string): SimSecrets {
    const resolved = path.resolve(file);
    const hub = hubKey(hubUrl);
    if (!existsSync(resolved)) return new SimSecrets(resolved, hub, { version: 2, hubs: {} });
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(resolved, "utf8"));
    } catch (error) {
      throw new Error(`${resolved} is not valid JSON (${(error as Error).message}): fix or delete it`);
    }
    return new SimSecrets(resolved, hub, normalise(raw, hub, resolved));
  }

  get(deviceId: string): string | undefined {
    return this.#data.hubs[this.#hub]?.[deviceId];
  }

  set(deviceId: string, secret: string): void {
    this.#data.hubs[this.#hub] = { ...this.#data.hubs[this.#hub], [deviceId]: secret };
    this.#save();
  }

  forget(deviceId: string): void {
    const entries = this.#data.hubs[this.#hub];
    if (!entries || !(deviceId in entries)) return;
    delete entries[deviceId];
    this.#save();
  }

  #save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(this.#data, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.file);
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  );
}

function normalise(raw: unknown, hub: string, file: string): SecretsFileShape {
  if (typeof raw === "object" && raw !== null && (raw as { version?: unknown }).version === 2) {
    const hubs = (raw as { hubs?: unknown }).hubs;
    if (typeof hubs === "object" && hubs !== null && Object.values(hubs).every(isStringRecord))
      return { version: 2, hubs: { ...(hubs as Record<string, Record<string, string>>) } };
  } else if (isStringRecord(raw)) {
    // The first format: device id → secret, with no hub. Those phones were most likely enrolled on
    // the hub they are pointed at now; if not, that hub refuses the secret and they enrol again.
    return { version: 2, hubs: { [hub]: { ...raw } } };
  }
  throw new Error(`${file} is not a droidhub sim secrets file: fix or delete it`);
}
