/**
 * The operator API as the CLI commands use it: the hub's address and key from flags or the
 * environment, and errors that say which hub failed, how, and what to do about it.
 */
import { type Env, type FlagSpec, UsageError } from "./command.js";

export interface HubClient {
  base: string;
  headers: Record<string, string>;
  /** JSON request; throws "CODE: message" for an error answer. */
  json<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Raw response (for non-JSON bodies such as the HTML report); throws on an error status. */
  raw(path: string): Promise<Response>;
}

/** The hub on this machine: DROIDHUB_PORT (the port `droidhub serve` listens on), else 8080. */
export function localHub(env: Env, scheme: "http" | "ws"): string {
  return `${scheme}://127.0.0.1:${env["DROIDHUB_PORT"] || "8080"}`;
}

export const HUB_FLAG = {
  name: "hub",
  type: "string",
  value: "URL",
  env: "DROIDHUB_URL",
  default: (env: Env) => localHub(env, "http"),
  defaultText: "http://127.0.0.1:$DROIDHUB_PORT, port 8080 when unset",
  description: "the hub's address",
} as const satisfies FlagSpec<"hub">;

export const KEY_FLAG = {
  name: "key",
  type: "string",
  value: "KEY",
  env: "DROIDHUB_API_KEY",
  description: "operator key (a generated one is in <data dir>/operator-key, ./.droidhub/operator-key by default)",
} as const satisfies FlagSpec<"key">;

/** --hub and --key, shared by every command that talks to a running hub. */
export const HUB_FLAGS = [HUB_FLAG, KEY_FLAG] as const;

const NO_KEY =
  "no operator key: pass --key KEY or set DROIDHUB_API_KEY. A hub that generated its key keeps it in " +
  "<data dir>/operator-key: export DROIDHUB_API_KEY=$(cat .droidhub/operator-key)";

async function failure(response: Response, method: string, url: string): Promise<Error> {
  const text = await response.text();
  let code = String(response.status);
  let message = response.statusText;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    code = body.error?.code ?? code;
    message = body.error?.message ?? message;
  } catch {
    // Not our JSON (a proxy's error page): the status says enough.
  }
  if (response.status === 401)
    return new Error(`${code}: the hub at ${origin(url)} refused the operator key; check --key / DROIDHUB_API_KEY`);
  if (response.status === 403)
    return new Error(`${code}: ${message} (${method} ${pathOf(url)}); use a key with a higher scope`);
  return new Error(`${code}: ${message} (HTTP ${response.status} from ${method} ${url})`);
}

/** A fetch that failed before any answer, as one sentence naming the hub and the next step. */
export function unreachable(url: string, error: unknown): Error {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return new Error(
    `cannot reach the hub at ${origin(url)} (${why}): is it running? Start one with "npx droidhub serve", ` +
      "or point --hub / DROIDHUB_URL at it",
  );
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw unreachable(url, error);
  }
}

export function hubClient(hub: string | undefined, key: string | undefined): HubClient {
  if (!key) throw new UsageError(NO_KEY);
  const base = (hub || "http://127.0.0.1:8080").replace(/\/$/, "");
  if (!/^https?:\/\//.test(base)) throw new UsageError(`--hub must be an http:// or https:// URL, got "${base}"`);
  const headers = { authorization: `Bearer ${key}` };
  return {
    base,
    headers,
    async json<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await send(base + path, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw await failure(response, method, base + path);
      return (await response.json()) as T;
    },
    async raw(path: string): Promise<Response> {
      const response = await send(base + path, { headers });
      if (!response.ok) throw await failure(response, "GET", base + path);
      return response;
    },
  };
}

/** `--secret name=value` flags → a record; the value never appears in an error. */
export function parseSecrets(pairs: readonly string[]): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`--secret expects name=value, got "${pair.split("=")[0]}"`);
    secrets[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return secrets;
}
