/**
 * One table of coded errors for the whole hub. Every error that crosses a boundary (HTTP, WebSocket,
 * CLI) is a HubError with a code from this table; the table says which HTTP status and which
 * WebSocket close code it maps to, so no caller has to guess.
 */
export const ERROR_TABLE = {
  INVALID_BODY: { status: 400, close: 1008, message: "invalid request body" },
  UNAUTHORIZED: { status: 401, close: 1008, message: "missing or invalid credentials" },
  FORBIDDEN: { status: 403, close: 1008, message: "the key's scope does not allow this" },
  NOT_FOUND: { status: 404, close: 1008, message: "not found" },
  DEVICE_NOT_FOUND: { status: 404, close: 1008, message: "unknown device" },
  CONFLICT: { status: 409, close: 1008, message: "the request conflicts with the current state" },
  DEVICE_BUSY: { status: 409, close: 1013, message: "device is busy" },
  TAKEOVER_TIMEOUT: {
    status: 409,
    close: 1008,
    message: "a human took over the phone and did not hand it back in time",
  },
  // The agent asked for a human (ask_human, a CAPTCHA or OTP wall) and no hand-back came in time.
  HUMAN_TIMEOUT: { status: 409, close: 1008, message: "no human answered the agent in time" },
  // An agent command held while a human had the phone: dropped, the agent looks at the screen again.
  STALE_ACTION: { status: 409, close: 1008, message: "the action was planned before a human took the phone" },
  TOO_MANY_IN_FLIGHT: { status: 429, close: 1013, message: "too many commands in flight for this device" },
  RATE_LIMITED: { status: 429, close: 1008, message: "message rate limit exceeded" },
  DEVICE_OFFLINE: { status: 503, close: 1001, message: "device is offline" },
  TIMEOUT: { status: 504, close: 1001, message: "device did not answer in time" },
  ABORTED: { status: 499, close: 1001, message: "command was aborted" },
  DEVICE_ERROR: { status: 502, close: 1011, message: "device reported an error" },
  PROTOCOL_ERROR: { status: 502, close: 4002, message: "protocol violation" },
  FRAME_TOO_LARGE: { status: 413, close: 1009, message: "frame exceeds the size limit" },
  MALFORMED_FRAME: { status: 400, close: 4001, message: "frame could not be decoded" },
  UNSUPPORTED_PROTOCOL: { status: 400, close: 4003, message: "unsupported protocol version" },
  SESSION_REPLACED: { status: 409, close: 4004, message: "a newer connection took over this device" },
  HEARTBEAT_TIMEOUT: { status: 504, close: 4005, message: "heartbeat missed" },
  NOT_SUPPORTED: { status: 501, close: 1008, message: "not supported by this device" },
  SHUTTING_DOWN: { status: 503, close: 1001, message: "hub is shutting down" },
  PARSE_ERROR: { status: 422, close: 1007, message: "input could not be parsed" },
  IMAGE_INVALID: { status: 422, close: 1007, message: "image could not be decoded" },
  MODEL_NOT_CONFIGURED: { status: 503, close: 1011, message: "no model endpoint is configured" },
  MODEL_ERROR: { status: 502, close: 1011, message: "the model endpoint failed" },
  MODEL_TIMEOUT: { status: 504, close: 1011, message: "the model did not answer in time" },
  MODEL_INVALID_OUTPUT: { status: 502, close: 1011, message: "the model's answer was not valid" },
  MODEL_TOOLS_UNSUPPORTED: { status: 501, close: 1011, message: "the model endpoint does not take tool calls" },
  // The HTTP edge: framework and HTTP-parser refusals, in the same shape as everything else.
  BAD_REQUEST: { status: 400, close: 1008, message: "malformed HTTP request" },
  REQUEST_TIMEOUT: { status: 408, close: 1008, message: "the request was not received in time" },
  PAYLOAD_TOO_LARGE: { status: 413, close: 1009, message: "request body exceeds the size limit" },
  URI_TOO_LONG: { status: 414, close: 1008, message: "a path segment is too long" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, close: 1003, message: "unsupported content-type; send application/json" },
  HEADERS_TOO_LARGE: { status: 431, close: 1008, message: "request headers (or the URL) exceed the size limit" },
  TOO_MANY_CONNECTIONS: { status: 503, close: 1013, message: "too many open connections from this address" },
  TAP_OUTSIDE_ELEMENTS: { status: 422, close: 1008, message: "the point is inside no listed element" },
  // droidhub backup / restore (the CLI prints them; no route returns them).
  BACKUP_INVALID: { status: 422, close: 1008, message: "not a droidhub backup this hub can restore" },
  DATABASE_IN_USE: { status: 409, close: 1008, message: "a running hub holds the database" },
  CONFIG_INVALID: { status: 500, close: 1011, message: "invalid configuration" },
  // The database's schema was migrated by a newer droidhub: this one refuses to run on it.
  SCHEMA_TOO_NEW: { status: 500, close: 1011, message: "the database schema is newer than this hub knows" },
  // migrate-data copies only a database at the schema this hub knows: `droidhub migrate` it first.
  SCHEMA_OUTDATED: { status: 500, close: 1011, message: "the database schema is older than this hub knows" },
  // The configured database could not be reached or refused the hub's login.
  DATABASE_UNAVAILABLE: { status: 503, close: 1011, message: "the database is unavailable" },
  // Cluster mode (hub/cluster): Redis is unreachable, the hub that owns a phone did not answer in
  // time, no live hub owns the phone, or this hub lost a phone's ownership (its epoch is stale).
  CLUSTER_UNAVAILABLE: { status: 503, close: 1011, message: "the cluster's Redis is unavailable" },
  CLUSTER_TIMEOUT: { status: 504, close: 1011, message: "the hub that holds the phone did not answer in time" },
  DEVICE_UNREACHABLE: { status: 503, close: 1011, message: "no live hub holds this phone" },
  STALE_EPOCH: { status: 409, close: 4006, message: "another hub owns this phone now" },
  // Client side (virtual phone, CLI): the hub's TLS key is not the one pinned. 1015 is the "TLS
  // failure" close code a WebSocket reports locally; it is never sent.
  CERT_PIN_MISMATCH: { status: 502, close: 1015, message: "the hub's certificate does not match the pinned key" },
  INTERNAL: { status: 500, close: 1011, message: "internal error" },
} as const satisfies Record<string, { status: number; close: number; message: string }>;

export type HubErrorCode = keyof typeof ERROR_TABLE;

export interface HubErrorOptions {
  /** Machine-readable extra facts (the bad field, the device id, the device's own error code). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class HubError extends Error {
  override readonly name = "HubError";
  readonly code: HubErrorCode;
  readonly status: number;
  readonly closeCode: number;
  readonly details: Record<string, unknown>;

  constructor(code: HubErrorCode, message?: string, options: HubErrorOptions = {}) {
    super(message ?? ERROR_TABLE[code].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = ERROR_TABLE[code].status;
    this.closeCode = ERROR_TABLE[code].close;
    this.details = options.details ?? {};
  }

  toJSON(): { error: { code: HubErrorCode; message: string; details?: Record<string, unknown> } } {
    const body: { code: HubErrorCode; message: string; details?: Record<string, unknown> } = {
      code: this.code,
      message: this.message,
    };
    if (Object.keys(this.details).length > 0) body.details = this.details;
    return { error: body };
  }
}

export function isHubError(value: unknown, code?: HubErrorCode): value is HubError {
  return value instanceof HubError && (code === undefined || value.code === code);
}
