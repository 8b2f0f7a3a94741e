/**
 * The hub's whole configuration: one zod schema over environment variables and CLI flags, validated
 * once at start-up and frozen. Flags win over the environment; the environment wins over defaults.
 * Mirrored in README.md and .env.example — keep the three in step. The model endpoint settings are
 * read by hub/llm/config.ts (MODEL_ENV_VARS), which only the model layer needs.
 */

import path from "node:path";
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { itemAt } from "../errors/invariant.js";
import { trustProxySchema } from "./trust-proxy.js";

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);
const optionalSecret = z
  .string()
  .min(16, "must be at least 16 characters")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const configSchema = z.object({
  port: port.default(8080),
  host: z.string().min(1).default("0.0.0.0"),
  dataDir: z.string().min(1).default("./.droidhub"),
  /** postgres://…: tasks, runs, devices, keys and the audit trail live there (SQLite in the data dir when unset). */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//i, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** redis://…: cluster mode (hub/cluster) — phone ownership, routing, fan-out; off when unset. Needs databaseUrl. */
  redisUrl: z
    .string()
    .regex(/^rediss?:\/\//i, "must be a redis:// or rediss:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** This hub's name in the cluster (default: a random id per start). */
  hubId: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "letters, digits, . _ - (at most 64)")
    .optional(),
  /** How other hubs and operators reach this hub (listed by GET /api/cluster). */
  hubUrl: z.string().url().optional(),
  /** A phone's ownership key (and a hub's registration) lapses this long after its last renewal. */
  ownershipTtlMs: positiveInt.default(15_000),
  /** Screenshots go here instead of <data dir>/screenshots (a directory several hubs share). */
  blobDir: z.string().min(1).optional(),
  /** Operator key for the HTTP API; generated, stored and printed once when unset. */
  apiKey: optionalSecret,
  /** A reusable fleet key that phones join with; stored hashed at start. */
  fleetKey: optionalSecret,
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** auto: human-readable lines on a terminal, JSON lines otherwise (files, journald, log shippers). */
  logFormat: z.enum(["auto", "pretty", "json"]).default("auto"),
  /** PEM files: with both the hub serves https and wss on its one port; SIGHUP reads them again. */
  tls: z.object({ cert: z.string().min(1).optional(), key: z.string().min(1).optional() }).default({}),
  /** The portal APK the hub serves at /portal.apk for phones to install (npm run portal:apk builds one). */
  portalApk: z.string().min(1).optional(),
  /** A JSON file of named secrets the hub holds ({"name": "value"}): MCP's run_task names them, never sends them. */
  secretsFile: z.string().min(1).optional(),
  /** Reverse proxies whose X-Forwarded-For names the client (hub/config/trust-proxy.ts). */
  trustProxy: trustProxySchema.default(false),
  /** Audit entries older than this many days are deleted (daily and at start). */
  auditRetentionDays: positiveInt.default(90),
  /** An event-stream (SSE) client this many bytes behind is disconnected (it resumes or re-lists). */
  sseMaxBufferBytes: positiveInt.default(1024 * 1024),
  /** An MCP session with no request for this long is closed and the phones it allocated are released. */
  mcpIdleMs: positiveInt.default(300_000),
  /** A live-screen viewer this many bytes behind has frames dropped (never buffered further). */
  liveViewerBufferBytes: positiveInt.default(1024 * 1024),
  /** A human who took over a run's phone unasked and did not hand it back within this fails the run (TAKEOVER_TIMEOUT). */
  takeoverTimeoutMs: positiveInt.default(600_000),
  /** An agent's question to a human with no hand-back within this fails the run (HUMAN_TIMEOUT); a task may set its own. */
  humanTimeoutMs: positiveInt.default(600_000),
  /** Told (POST, JSON: run, device, reason) when a run starts waiting for a human. */
  webhookUrl: z
    .string()
    .regex(/^https?:\/\//i, "must be an http:// or https:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  gateway: z
    .object({
      heartbeatMs: positiveInt.default(20_000),
      missedPongs: positiveInt.default(2),
      helloTimeoutMs: positiveInt.default(10_000),
      maxFrameBytes: positiveInt.default(16 * 1024 * 1024),
      maxInFlight: positiveInt.default(32),
      maxMessagesPerSecond: positiveInt.default(200),
      resumeGraceMs: positiveInt.default(60_000),
      commandTimeoutMs: positiveInt.default(30_000),
      resultAckMs: positiveInt.default(200),
    })
    .default({
      heartbeatMs: 20_000,
      missedPongs: 2,
      helloTimeoutMs: 10_000,
      maxFrameBytes: 16 * 1024 * 1024,
      maxInFlight: 32,
      maxMessagesPerSecond: 200,
      resumeGraceMs: 60_000,
      commandTimeoutMs: 30_000,
      resultAckMs: 200,
    }),
  /**
   * The HTTP server's edge, for every connection (operator API, dashboard, SSE and phone sockets).
   * Why these defaults (README, "Slow clients and connection limits"):
   * - headers within 20 s: a phone's upgrade request is one small packet; 20 s covers several TCP
   *   retransmissions on a bad cellular link, and a slowloris socket dies after 20 s, not minutes;
   * - a whole request within 60 s: the largest body (1 MiB) at 20 KB/s; an established WebSocket or
   *   SSE stream has finished its request, so neither timeout ever cuts one;
   * - idle keep-alive 72 s: longer than the 60 s idle timeout of common load balancers, so the
   *   balancer, not the hub, closes a pooled connection (no race on a reused socket);
   * - 1,024 open connections per address (an IPv6 /64 counts as one address): above a phone farm
   *   behind one router or a carrier-grade NAT exit (each phone holds one socket), yet one address
   *   cannot hold the hub's file descriptors. Behind a reverse proxy every connection comes from the
   *   proxy's address: set 0 (no cap) there and let the proxy limit per client.
   */
  http: z
    .object({
      headersTimeoutMs: positiveInt.default(20_000),
      requestTimeoutMs: positiveInt.default(60_000),
      keepAliveTimeoutMs: positiveInt.default(72_000),
      /** 0 = no cap. */
      maxConnectionsPerAddress: nonNegativeInt.default(1024),
      /** Refused joins, 401s and cut connections are summed into one log line per interval. */
      refusalLogIntervalMs: positiveInt.default(60_000),
      /** On shutdown, sockets still open this long after their polite close are destroyed. */
      shutdownGraceMs: positiveInt.default(1_000),
    })
    .default({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 1024,
      refusalLogIntervalMs: 60_000,
      shutdownGraceMs: 1_000,
    }),
});

export type Config = Readonly<z.infer<typeof configSchema>>;

/** The data dir value for a hub that keeps nothing on disk. */
export const MEMORY = ":memory:";
export type GatewayConfig = Config["gateway"];
export type HttpConfig = Config["http"];
export type TlsConfig = Config["tls"];

/** Environment variable → config path. One table, so README, .env.example and code agree. */
export const ENV_VARS: Record<string, string> = {
  DROIDHUB_PORT: "port",
  DROIDHUB_HOST: "host",
  DROIDHUB_DATA_DIR: "dataDir",
  DROIDHUB_DATABASE_URL: "databaseUrl",
  DROIDHUB_REDIS_URL: "redisUrl",
  DROIDHUB_HUB_ID: "hubId",
  DROIDHUB_HUB_URL: "hubUrl",
  DROIDHUB_OWNERSHIP_TTL_MS: "ownershipTtlMs",
  DROIDHUB_BLOB_DIR: "blobDir",
  DROIDHUB_API_KEY: "apiKey",
  DROIDHUB_FLEET_KEY: "fleetKey",
  DROIDHUB_LOG_LEVEL: "logLevel",
  DROIDHUB_LOG_FORMAT: "logFormat",
  DROIDHUB_TLS_CERT: "tls.cert",
  DROIDHUB_TLS_KEY: "tls.key",
  DROIDHUB_TRUST_PROXY: "trustProxy",
  DROIDHUB_PORTAL_APK: "portalApk",
  DROIDHUB_SECRETS_FILE: "secretsFile",
  DROIDHUB_AUDIT_RETENTION_DAYS: "auditRetentionDays",
  DROIDHUB_SSE_MAX_BUFFER_BYTES: "sseMaxBufferBytes",
  DROIDHUB_MCP_IDLE_MS: "mcpIdleMs",
  DROIDHUB_LIVE_VIEWER_BUFFER_BYTES: "liveViewerBufferBytes",
  DROIDHUB_TAKEOVER_TIMEOUT_MS: "takeoverTimeoutMs",
  DROIDHUB_HUMAN_TIMEOUT_MS: "humanTimeoutMs",
  DROIDHUB_WEBHOOK_URL: "webhookUrl",
  DROIDHUB_HEARTBEAT_MS: "gateway.heartbeatMs",
  DROIDHUB_MISSED_PONGS: "gateway.missedPongs",
  DROIDHUB_HELLO_TIMEOUT_MS: "gateway.helloTimeoutMs",
  DROIDHUB_MAX_FRAME_BYTES: "gateway.maxFrameBytes",
  DROIDHUB_MAX_IN_FLIGHT: "gateway.maxInFlight",
  DROIDHUB_MAX_MESSAGES_PER_SECOND: "gateway.maxMessagesPerSecond",
  DROIDHUB_RESUME_GRACE_MS: "gateway.resumeGraceMs",
  DROIDHUB_COMMAND_TIMEOUT_MS: "gateway.commandTimeoutMs",
  DROIDHUB_RESULT_ACK_MS: "gateway.resultAckMs",
  DROIDHUB_HEADERS_TIMEOUT_MS: "http.headersTimeoutMs",
  DROIDHUB_REQUEST_TIMEOUT_MS: "http.requestTimeoutMs",
  DROIDHUB_KEEP_ALIVE_TIMEOUT_MS: "http.keepAliveTimeoutMs",
  DROIDHUB_MAX_CONNECTIONS_PER_ADDRESS: "http.maxConnectionsPerAddress",
  DROIDHUB_REFUSAL_LOG_INTERVAL_MS: "http.refusalLogIntervalMs",
  DROIDHUB_SHUTDOWN_GRACE_MS: "http.shutdownGraceMs",
};

/** One line per variable for `droidhub serve --help`; the README's table says more. */
export const ENV_HELP: Record<string, string> = {
  DROIDHUB_PORT: "HTTP and WebSocket port",
  DROIDHUB_HOST: "listen address",
  DROIDHUB_DATA_DIR: "SQLite database, screenshots, and the generated operator key",
  DROIDHUB_DATABASE_URL:
    "postgres://user:password@host:port/db: keep the hub's records in PostgreSQL (several hubs may share it); SQLite when unset",
  DROIDHUB_REDIS_URL:
    "redis://host:port: cluster mode (several hubs, one fleet; needs DROIDHUB_DATABASE_URL); off when unset",
  DROIDHUB_HUB_ID: "this hub's name in the cluster (default: random per start)",
  DROIDHUB_HUB_URL: "how other hubs and operators reach this hub (listed by GET /api/cluster)",
  DROIDHUB_OWNERSHIP_TTL_MS: "a phone's ownership (and a hub's registration) lapses this long after its last renewal",
  DROIDHUB_BLOB_DIR: "directory for step screenshots instead of <data dir>/screenshots (may be shared by several hubs)",
  DROIDHUB_API_KEY:
    "admin operator key (≥ 16 chars); unset: one is generated, printed once, kept in <data dir>/operator-key",
  DROIDHUB_FLEET_KEY: "fleet key phones join with (≥ 16 chars); without one no phone can join",
  DROIDHUB_LOG_LEVEL: "fatal, error, warn, info, debug, trace or silent",
  DROIDHUB_LOG_FORMAT: "auto (readable lines on a terminal, JSON otherwise), pretty or json",
  DROIDHUB_TLS_CERT: "PEM certificate (chain) file: serve https and wss; SIGHUP reloads it",
  DROIDHUB_TLS_KEY: "PEM private key file for DROIDHUB_TLS_CERT",
  DROIDHUB_TRUST_PROXY:
    "reverse proxies whose X-Forwarded-For names the client: addresses, CIDRs, loopback or private (comma-separated); off when unset",
  DROIDHUB_AUDIT_RETENTION_DAYS: "audit entries older than this many days are deleted",
  DROIDHUB_SECRETS_FILE:
    'JSON file of named secrets ({"name": "value"}) that MCP run_task may name; values never pass through MCP',
  DROIDHUB_PORTAL_APK: 'portal APK file served at /portal.apk for the "Add phones" page (npm run portal:apk builds it)',
  DROIDHUB_HEARTBEAT_MS: "ping interval for phone sockets",
  DROIDHUB_MISSED_PONGS: "pings a phone may leave unanswered before it is cut",
  DROIDHUB_HELLO_TIMEOUT_MS: "time a new phone socket has to send Hello",
  DROIDHUB_MAX_FRAME_BYTES: "largest frame accepted from a phone",
  DROIDHUB_MAX_IN_FLIGHT: "commands queued or running per phone",
  DROIDHUB_MAX_MESSAGES_PER_SECOND: "per-connection message rate",
  DROIDHUB_RESUME_GRACE_MS: "how long a dropped phone's session waits for it to resume",
  DROIDHUB_COMMAND_TIMEOUT_MS: "default command timeout",
  DROIDHUB_RESULT_ACK_MS: "results are acknowledged to the phone in batches this far apart",
  DROIDHUB_SSE_MAX_BUFFER_BYTES: "an event-stream client this many unsent bytes behind is disconnected",
  DROIDHUB_MCP_IDLE_MS: "an MCP session idle this long is closed and the phones it allocated released",
  DROIDHUB_LIVE_VIEWER_BUFFER_BYTES: "a live-screen viewer this many unsent bytes behind has frames dropped",
  DROIDHUB_TAKEOVER_TIMEOUT_MS:
    "a human who takes over a run's phone and does not hand it back within this fails the run",
  DROIDHUB_HUMAN_TIMEOUT_MS: "an agent's question to a human with no hand-back within this fails the run",
  DROIDHUB_WEBHOOK_URL: "told (POST JSON) when a run waits for a human",
  DROIDHUB_HEADERS_TIMEOUT_MS: "a request's headers must arrive within this (408 after)",
  DROIDHUB_REQUEST_TIMEOUT_MS: "a whole request must arrive within this; never cuts a WebSocket or SSE stream",
  DROIDHUB_KEEP_ALIVE_TIMEOUT_MS: "idle keep-alive connections are closed after this",
  DROIDHUB_MAX_CONNECTIONS_PER_ADDRESS: "open connections per remote address (an IPv6 /64 is one); 0 = no cap",
  DROIDHUB_REFUSAL_LOG_INTERVAL_MS: "refused joins and 401s are summed up in one log line per this interval",
  DROIDHUB_SHUTDOWN_GRACE_MS: "on SIGTERM, sockets still open this long after their polite close are destroyed",
};

/** CLI flag → config path. */
export const FLAGS: Record<string, string> = {
  "--port": "port",
  "--host": "host",
  "--data-dir": "dataDir",
  "--database-url": "databaseUrl",
  "--redis-url": "redisUrl",
  "--hub-id": "hubId",
  "--hub-url": "hubUrl",
  "--blob-dir": "blobDir",
  "--log-level": "logLevel",
  "--log-format": "logFormat",
  "--tls-cert": "tls.cert",
  "--tls-key": "tls.key",
  "--trust-proxy": "trustProxy",
  "--portal-apk": "portalApk",
  "--secrets-file": "secretsFile",
  "--max-connections-per-address": "http.maxConnectionsPerAddress",
};

type Raw = Record<string, unknown>;

function setPath(target: Raw, dotted: string, value: unknown): void {
  const parts = dotted.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === undefined) node[part] = {};
    node = node[part] as Raw;
  }
  node[itemAt(parts, parts.length - 1, "key part")] = value;
}

/** Parses `--flag value` and `--flag=value` pairs for the flags in FLAGS; unknown flags are an error. */
export function parseFlags(argv: readonly string[]): Raw {
  const raw: Raw = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = itemAt(argv, i, "argument");
    const [name, inline] = arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const key = FLAGS[name ?? arg];
    if (!key) throw new HubError("CONFIG_INVALID", `unknown option ${name}`, { details: { field: name } });
    const value = inline ?? argv[++i];
    if (value === undefined)
      throw new HubError("CONFIG_INVALID", `option ${name} needs a value`, { details: { field: name } });
    setPath(raw, key, value);
  }
  return raw;
}

function deepMerge(base: Raw, over: Raw): Raw {
  const out: Raw = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] = v && typeof v === "object" && !Array.isArray(v) ? deepMerge((out[k] as Raw) ?? {}, v as Raw) : v;
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export interface LoadConfigInput {
  env?: Readonly<Record<string, string | undefined>>;
  argv?: readonly string[];
  overrides?: Raw;
}

/** Hubs of one fleet share their queue and records in PostgreSQL; Redis holds only what expires. */
function requireDatabaseForCluster(config: { redisUrl?: string | undefined; databaseUrl?: string | undefined }): void {
  if (config.redisUrl === undefined || config.databaseUrl !== undefined) return;
  throw new HubError(
    "CONFIG_INVALID",
    "config redisUrl: cluster mode (--redis-url / DROIDHUB_REDIS_URL) needs --database-url (DROIDHUB_DATABASE_URL)",
    { details: { field: "redisUrl" } },
  );
}

/** Builds the frozen config; throws CONFIG_INVALID naming the first bad field. */
export function loadConfig(input: LoadConfigInput = {}): Config {
  let raw: Raw = {};
  for (const [name, key] of Object.entries(ENV_VARS)) {
    const value = input.env?.[name];
    if (value !== undefined && value !== "") setPath(raw, key, value);
  }
  raw = deepMerge(raw, parseFlags(input.argv ?? []));
  raw = deepMerge(raw, input.overrides ?? {});
  if (raw["gateway"]) raw["gateway"] = { ...configSchema.shape.gateway.parse(undefined), ...(raw["gateway"] as Raw) };
  if (raw["http"]) raw["http"] = { ...configSchema.shape.http.parse(undefined), ...(raw["http"] as Raw) };
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = itemAt(parsed.error.issues, 0, "config issue");
    const field = issue.path.join(".");
    // Name it the way the operator set it: the flag and the variable, never the value (it may be a key).
    const names = [
      ...Object.keys(FLAGS).filter((flag) => FLAGS[flag] === field),
      ...Object.keys(ENV_VARS).filter((name) => ENV_VARS[name] === field),
    ];
    const where = names.length ? ` (${names.join(" / ")})` : "";
    throw new HubError("CONFIG_INVALID", `config ${field}${where}: ${issue.message}`, { details: { field } });
  }
  const { cert, key } = parsed.data.tls;
  if ((cert === undefined) !== (key === undefined)) {
    const field = cert === undefined ? "tls.cert" : "tls.key";
    throw new HubError(
      "CONFIG_INVALID",
      "config tls: --tls-cert (DROIDHUB_TLS_CERT) and --tls-key (DROIDHUB_TLS_KEY) go together; give both or neither",
      { details: { field } },
    );
  }
  requireDatabaseForCluster(parsed.data);
  const { headersTimeoutMs, requestTimeoutMs } = parsed.data.http;
  if (headersTimeoutMs > requestTimeoutMs) {
    // Node refuses a header timeout longer than the whole request's.
    const field = "http.headersTimeoutMs";
    throw new HubError(
      "CONFIG_INVALID",
      `config ${field}: must not exceed http.requestTimeoutMs (${requestTimeoutMs})`,
      {
        details: { field },
      },
    );
  }
  // ":memory:" means nothing on disk (tests, demos): kept as is so the stores can tell.
  const dataDir = parsed.data.dataDir === MEMORY ? MEMORY : path.resolve(parsed.data.dataDir);
  // Absolute, so a reload and every message name the same file whatever the working directory.
  const tls = cert && key ? { cert: path.resolve(cert), key: path.resolve(key) } : {};
  const portalApk = parsed.data.portalApk === undefined ? {} : { portalApk: path.resolve(parsed.data.portalApk) };
  const blobDir = parsed.data.blobDir === undefined ? {} : { blobDir: path.resolve(parsed.data.blobDir) };
  const secretsFile =
    parsed.data.secretsFile === undefined ? {} : { secretsFile: path.resolve(parsed.data.secretsFile) };
  return deepFreeze({ ...parsed.data, dataDir, tls, ...portalApk, ...blobDir, ...secretsFile });
}
