/**
 * The hub's HTTP API with the operator key from sessionStorage: JSON calls, images as blob URLs,
 * and EventSource streams (which cannot send headers, so the key goes in ?access_token=).
 */
const KEY = "droidhub.operatorKey";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export const auth = {
  get key() {
    return sessionStorage.getItem(KEY);
  },
  set(key) {
    sessionStorage.setItem(KEY, key);
  },
  clear() {
    sessionStorage.removeItem(KEY);
  },
};

async function request(path, { method = "GET", body, key = auth.key } = {}) {
  const headers = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 401 && key === auth.key) {
    auth.clear();
    window.dispatchEvent(new Event("droidhub:signed-out"));
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const error = (await response.json()).error;
      if (error?.message) message = error.message;
    } catch {}
    throw new ApiError(response.status, message);
  }
  return response;
}

export async function api(path, options) {
  const response = await request(path, options);
  return response.status === 204 ? undefined : response.json();
}

/** Fetches bytes with the bearer header and answers a blob: URL (the caller revokes it). */
export async function blobUrl(path) {
  const response = await request(path);
  return URL.createObjectURL(await response.blob());
}

export function eventSource(path) {
  const separator = path.includes("?") ? "&" : "?";
  return new EventSource(`${path}${separator}access_token=${encodeURIComponent(auth.key ?? "")}`);
}

/** Checks a key before keeping it. */
export async function signIn(key) {
  await request("/api/devices", { key });
  auth.set(key);
}
