/** The operator API as the CLI commands use it: base URL and key from flags or the environment. */

export interface HubClient {
  base: string;
  headers: Record<string, string>;
  /** JSON request; throws "CODE: message" for an error answer. */
  json<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Raw response (for non-JSON bodies such as the HTML report); throws on an error status. */
  raw(path: string): Promise<Response>;
}

export const HUB_OPTIONS = {
  hub: { type: "string", default: process.env["DROIDHUB_URL"] ?? "http://127.0.0.1:8080" },
  key: { type: "string", default: process.env["DROIDHUB_API_KEY"] },
} as const;

async function failure(response: Response): Promise<Error> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    return new Error(`${body.error?.code ?? response.status}: ${body.error?.message ?? response.statusText}`);
  } catch {
    return new Error(`${response.status}: ${response.statusText}`);
  }
}

export function hubClient(hub: string | undefined, key: string | undefined): HubClient {
  if (!key) throw new Error("--key (or DROIDHUB_API_KEY) is required");
  const base = (hub ?? "http://127.0.0.1:8080").replace(/\/$/, "");
  const headers = { authorization: `Bearer ${key}` };
  return {
    base,
    headers,
    async json<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(base + path, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw await failure(response);
      return (await response.json()) as T;
    },
    async raw(path: string): Promise<Response> {
      const response = await fetch(base + path, { headers });
      if (!response.ok) throw await failure(response);
      return response;
    },
  };
}

/** `--secret name=value` flags → a record; the value never appears in an error. */
export function parseSecrets(pairs: readonly string[]): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`--secret expects name=value, got "${pair.split("=")[0]}"`);
    secrets[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return secrets;
}
