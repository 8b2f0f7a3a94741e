/**
 * Builds the whole hub as a fastify instance without listening: main.ts listens, tests call
 * buildApp() and use inject() or listen on port 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { installAccessControl, redactAccessToken } from "./api/access.js";
import { installAuditTrail } from "./api/audit.js";
import { registerAuditRoutes } from "./api/audit-routes.js";
import { registerDeviceRoutes } from "./api/device-routes.js";
import { registerEnrollmentRoutes } from "./api/enrollment-routes.js";
import { installErrorHandler } from "./api/error-handler.js";
import { registerEventRoutes } from "./api/event-routes.js";
import { registerFleetKeyRoutes } from "./api/fleet-key-routes.js";
import { registerFleetRoutes } from "./api/fleet-routes.js";
import { READINESS_URL, registerHealthRoutes } from "./api/health-routes.js";
import { registerMetricsRoute } from "./api/metrics-route.js";
import { registerDocs } from "./api/openapi.js";
import { registerOperatorKeyRoutes } from "./api/operator-key-routes.js";
import { registerRunRoutes } from "./api/run-routes.js";
import { SseStreams } from "./api/sse.js";
import { registerTaskRoutes } from "./api/task-routes.js";
import { type Config, MEMORY } from "./config/config.js";
import { DEVICE_ID_MAX_LENGTH } from "./devices/device-limits.js";
import { DeviceRegistry } from "./devices/registry.js";
import { createRequestIdSource } from "./devices/request-ids.js";
import { SessionDirectory } from "./devices/session-directory.js";
import type { DeviceInfo } from "./devices/types.js";
import { ConnectionTracker } from "./edge/connections.js";
import { installJsonBody } from "./edge/json-body.js";
import { trustedProxies } from "./edge/proxies.js";
import { refusalSummaryLine } from "./edge/refusal-log.js";
import { serverOptions } from "./edge/server-options.js";
import { closeStragglers, installShutdown } from "./edge/shutdown.js";
import { loadTls, tlsFiles } from "./edge/tls.js";
import { HubError } from "./errors/hub-error.js";
import { Dispatcher, type DispatcherOptions } from "./fleet/dispatcher.js";
import { registerDeviceGateway } from "./gateway/device-gateway.js";
import { Heartbeat } from "./gateway/heartbeat.js";
import { registerPortalGateway } from "./gateway/portal-gateway.js";
import type { Model } from "./llm/model.js";
import { TaskRunner } from "./runs/task-runner.js";
import { SqliteAuditLog } from "./store/audit-store.js";
import { CredentialStore } from "./store/credentials.js";
import { type Db, openDatabase } from "./store/database.js";
import { SqliteLessonRepository, SqliteReferenceRunRepository } from "./store/memory-store.js";
import { probeStoreWrite } from "./store/readiness.js";
import { RunStore } from "./store/run-store.js";
import { ScreenshotStore } from "./store/screenshot-store.js";
import { SecretBox } from "./store/secret-box.js";
import { TaskStore } from "./store/task-store.js";
import { PrettyStream, wantsPretty } from "./util/console-log.js";
import { RefusalCounter } from "./util/refusals.js";
import { registerWeb } from "./web/web-routes.js";

export interface HubContext {
  config: Config;
  db: Db;
  credentials: CredentialStore;
  registry: DeviceRegistry;
  sessions: SessionDirectory;
  heartbeat: Heartbeat;
  /** The operator key generated on this start, if one had to be; main.ts prints it once. */
  generatedApiKey: string | undefined;
  runner: TaskRunner;
  tasks: TaskStore;
  dispatcher: Dispatcher;
  /** Open server-sent event streams (bounded per client, ended at shutdown). */
  streams: SseStreams;
  /** What the HTTP edge refused (joins, 401s, connections over the cap, bad HTTP), for /metrics. */
  refusals: RefusalCounter;
}

export interface AppDeps {
  /** Use an already open database (tests pass ":memory:" databases). */
  db?: Db;
  /** fastify logger options or instance; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions["logger"];
  /** The model agents use; defaults to the OpenAI-compatible endpoint from the environment, if any. */
  model?: Model;
  /** Fleet dispatch tuning (retry backoff, quarantine threshold). */
  fleet?: Partial<DispatcherOptions>;
}

declare module "fastify" {
  interface FastifyInstance {
    hub: HubContext;
  }
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? {
    level: config.logLevel,
    // Keys travel in headers; make sure no serializer ever prints them.
    redact: ["req.headers.authorization", 'req.headers["x-device-secret"]'],
    ...(wantsPretty(config.logFormat, process.stdout) ? { stream: new PrettyStream(process.stdout) } : {}),
  };
  // Before anything is opened: a bad certificate or key stops the start with the file's name.
  const files = tlsFiles(config.tls);
  const tls = files ? loadTls(files) : undefined;
  const proxies = trustedProxies(config.trustProxy);
  const refusals = new RefusalCounter({
    intervalMs: config.http.refusalLogIntervalMs,
    report: (summary) => app.log.warn(...refusalSummaryLine(summary)),
  });
  const app = Fastify({
    // The SSE routes also take the key as ?access_token= (EventSource sends no headers): logged URLs hide it.
    logger: isLoggerOptions(logger)
      ? { ...logger, serializers: { req: serializeRequest, ...logger.serializers } }
      : logger,
    ...serverOptions(config.http, refusals, { tls, proxies }),
  });
  if (tls) app.log.info({ certificate: tls.facts }, "serving https and wss");
  if (tls?.facts.expired) app.log.warn({ certificate: tls.facts }, "the TLS certificate has expired");
  const connections = new ConnectionTracker(
    config.http.maxConnectionsPerAddress,
    (address) => refusals.count({ kind: "connection", code: "TOO_MANY_CONNECTIONS" }, address),
    proxies.isProxy,
  );
  connections.attach(app.server);

  const db = deps.db ?? openDatabase(config.dataDir);
  const credentials = new CredentialStore(db);
  if (config.fleetKey) credentials.ensureFleetKey(config.fleetKey, "DROIDHUB_FLEET_KEY");
  const generatedApiKey = credentials.ensureOperatorKey(config.apiKey);

  const registry = new DeviceRegistry();
  for (const row of db
    .prepare("SELECT id, info, tags, last_seen_at, quarantined, draining, infra_failures FROM devices")
    .all() as {
    id: string;
    info: string;
    tags: string;
    last_seen_at: number;
    quarantined: number;
    draining: number;
    infra_failures: number;
  }[]) {
    const info = JSON.parse(row.info) as Partial<DeviceInfo>;
    registry.remember(row.id, info.dialect ? (info as DeviceInfo) : undefined, JSON.parse(row.tags), row.last_seen_at);
    registry.setHealth(row.id, {
      quarantined: row.quarantined === 1,
      draining: row.draining === 1,
      infraFailures: row.infra_failures,
    });
  }

  const gateway = config.gateway;
  const sessions = new SessionDirectory(
    registry,
    {
      maxInFlight: gateway.maxInFlight,
      commandTimeoutMs: gateway.commandTimeoutMs,
      resumeGraceMs: gateway.resumeGraceMs,
      resultAckMs: gateway.resultAckMs,
    },
    createRequestIdSource(),
    (message, details) => app.log.warn(details, message),
  );
  const heartbeat = new Heartbeat(gateway.heartbeatMs, gateway.missedPongs);
  const runStore = new RunStore(db);
  const interrupted = runStore.markInterrupted();
  // A hub with no data dir still needs files for step screenshots: a temp dir, removed on close.
  const ephemeral = config.dataDir === MEMORY ? mkdtempSync(path.join(tmpdir(), "droidhub-shots-")) : undefined;
  const screenshots = new ScreenshotStore(ephemeral ?? path.join(config.dataDir, "screenshots"));
  const runner = new TaskRunner(registry, runStore, screenshots, deps.model, {
    lessons: new SqliteLessonRepository(db),
    references: new SqliteReferenceRunRepository(db),
  });
  const tasks = new TaskStore(db, SecretBox.open(deps.db ? MEMORY : config.dataDir));
  const dispatcher = new Dispatcher(tasks, runner, registry, credentials, app.log, deps.fleet);
  const hub: HubContext = {
    config,
    db,
    credentials,
    registry,
    sessions,
    heartbeat,
    generatedApiKey,
    runner,
    tasks,
    dispatcher,
    streams: new SseStreams({ maxBufferBytes: config.sseMaxBufferBytes }),
    refusals,
  };
  app.decorate("hub", hub);

  const shutdown = installShutdown(app, async () => {
    // Runs stop while their phones are still connected, so each ends "interrupted" (its task retried).
    dispatcher.stop();
    await runner.stopAll();
  }, [READINESS_URL]);
  installJsonBody(app);
  installErrorHandler(app, refusals);
  // Before any route: a route that declares no access cannot be registered.
  installAccessControl(app, credentials);
  const audit = new SqliteAuditLog(db);
  installAuditTrail(app, audit);
  const pruneAudit = () => void audit.prune(Date.now() - config.auditRetentionDays * 86_400_000);
  pruneAudit();
  const auditPruner = setInterval(pruneAudit, 86_400_000);
  auditPruner.unref();
  registerHealthRoutes(app, {
    probeStore: () => probeStoreWrite(db),
    get closing() {
      return shutdown.closing;
    },
    devices: () => registry.size,
  });

  await registerDeviceGateway(app, { config: gateway, credentials, sessions, heartbeat, log: app.log }, refusals);
  registerPortalGateway(app, { config: gateway, credentials, registry, heartbeat, log: app.log }, refusals);
  registerDeviceRoutes(app, registry);
  registerEnrollmentRoutes(app, credentials, registry);
  registerTaskRoutes(app, dispatcher, tasks, runStore);
  registerRunRoutes(app, runner, dispatcher);
  registerEventRoutes(app, runner, dispatcher, registry, hub.streams);
  registerFleetRoutes(app, dispatcher);
  registerFleetKeyRoutes(app, credentials);
  registerOperatorKeyRoutes(app, credentials);
  registerAuditRoutes(app, audit);
  registerMetricsRoute(app, registry, runner, tasks, { refusals, openConnections: () => connections.open });
  registerDocs(app);
  dispatcher.start(interrupted);
  registerWeb(app);

  closeStragglers(app, {
    graceMs: config.http.shutdownGraceMs,
    connections,
    endStreams: () => hub.streams.endAll(),
  });
  app.addHook("onClose", async () => {
    clearInterval(auditPruner);
    refusals.flush();
    if (ephemeral) rmSync(ephemeral, { recursive: true, force: true });
    heartbeat.stop();
    sessions.closeAll(new HubError("SHUTTING_DOWN"));
    if (!deps.db) db.close();
  });
  return app;
}

type LoggerOption = FastifyServerOptions["logger"];

function isLoggerOptions(logger: LoggerOption): logger is Exclude<LoggerOption, boolean | undefined> & {
  serializers?: Record<string, unknown>;
} {
  return typeof logger === "object" && logger !== null && typeof (logger as { child?: unknown }).child !== "function";
}

/** fastify's default request serializer, with any access_token in the URL redacted. */
function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: redactAccessToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
