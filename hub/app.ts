/**
 * Builds the whole hub as a fastify instance without listening: main.ts listens, tests call
 * buildApp() and use inject() or listen on port 0.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { installAccessControl, redactAccessToken } from "./api/access.js";
import { installAuditTrail } from "./api/audit.js";
import { registerAuditRoutes } from "./api/audit-routes.js";
import { registerDeviceRoutes } from "./api/device-routes.js";
import { registerEnrollmentLinkRoutes } from "./api/enrollment-link-routes.js";
import { registerEnrollmentRoutes } from "./api/enrollment-routes.js";
import { installErrorHandler } from "./api/error-handler.js";
import { registerEventRoutes } from "./api/event-routes.js";
import { registerFleetKeyRoutes } from "./api/fleet-key-routes.js";
import { registerFleetRoutes } from "./api/fleet-routes.js";
import { READINESS_URL, registerHealthRoutes } from "./api/health-routes.js";
import { registerMetricsRoute } from "./api/metrics-route.js";
import { registerDocs } from "./api/openapi.js";
import { registerOperatorKeyRoutes } from "./api/operator-key-routes.js";
import { documentRoute } from "./api/route.js";
import { registerRunRoutes } from "./api/run-routes.js";
import { SseStreams } from "./api/sse.js";
import { registerTakeoverRoutes } from "./api/takeover-routes.js";
import { registerTaskRoutes } from "./api/task-routes.js";
import { clusterHubId, startCluster } from "./cluster/start.js";
import type { Config } from "./config/config.js";
import { loadNamedSecrets, type NamedSecrets } from "./config/named-secrets.js";
import { DroidhubDirectory } from "./devices/droidhub-directory.js";
import { DeviceRegistry } from "./devices/registry.js";
import { createRequestIdSource } from "./devices/request-ids.js";
import { ConnectionTracker } from "./edge/connections.js";
import { installJsonBody } from "./edge/json-body.js";
import { trustedProxies } from "./edge/proxies.js";
import { refusalSummaryLine } from "./edge/refusal-log.js";
import { serverOptions } from "./edge/server-options.js";
import { closeStragglers, installShutdown } from "./edge/shutdown.js";
import { loadTls, type TlsMaterial, tlsFiles } from "./edge/tls.js";
import { HubError } from "./errors/hub-error.js";
import { Dispatcher, type DispatcherOptions } from "./fleet/dispatcher.js";
import type { FleetTx, TaskStore } from "./fleet/ports.js";
import { registerDroidhubGateway } from "./gateway/droidhub-gateway.js";
import { Heartbeat } from "./gateway/heartbeat.js";
import { registerMobilerunGateway } from "./gateway/mobilerun-gateway.js";
import { registerViewerGateway } from "./gateway/viewer-gateway.js";
import { LiveHub } from "./live/live-hub.js";
import type { Model } from "./llm/model.js";
import { registerMcpRoute } from "./mcp/http-route.js";
import { humanWebhook } from "./runs/human-webhook.js";
import { TaskRunner } from "./runs/task-runner.js";
import { openStores, type Stores } from "./store/stores.js";
import { type Clock, systemClock } from "./util/clock.js";
import { PrettyStream, wantsPretty } from "./util/console-log.js";
import { RefusalCounter } from "./util/refusals.js";
import { registerWeb } from "./web/web-routes.js";

export interface HubContext {
  config: Config;
  /** Every store port (store/stores.ts); app.ts itself runs no SQL. */
  stores: Stores;
  credentials: Stores["credentials"];
  registry: DeviceRegistry;
  sessions: DroidhubDirectory;
  heartbeat: Heartbeat;
  /** The operator key generated on this start, if one had to be; main.ts prints it once. */
  generatedApiKey: string | undefined;
  runner: TaskRunner<FleetTx>;
  tasks: TaskStore;
  dispatcher: Dispatcher;
  /** Open server-sent event streams (bounded per client, ended at shutdown). */
  streams: SseStreams;
  /** What the HTTP edge refused (joins, 401s, connections over the cap, bad HTTP), for /metrics. */
  refusals: RefusalCounter;
  /** Live screens and their viewers (`GET /api/devices/:id/stream`). */
  live: LiveHub;
}

export interface AppDeps {
  /** Use these stores instead of opening the configured ones (the caller closes them). */
  stores?: Stores;
  /** What decides when retries run; the system clock unless a test moves time. */
  clock?: Clock;
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
  const edge = createServer(config, deps);
  const { app } = edge;
  // Read before anything opens: a bad secrets file stops the start, naming the file.
  const namedSecrets = loadNamedSecrets(config.secretsFile);
  const { hub, interrupted } = await openHub(app, config, deps, edge.refusals);
  app.decorate("hub", hub);
  const shutdown = installShutdown(app, async () => {
    // Runs stop while their phones are still connected, so each ends "interrupted" (its task retried).
    hub.dispatcher.stop();
    await hub.runner.stopAll();
  }, [READINESS_URL]);
  installJsonBody(app);
  installErrorHandler(app, edge.refusals);
  // Before any route: a route that declares no access cannot be registered.
  installAccessControl(app, hub.credentials);
  installAuditTrail(app, hub.stores.audit);
  const auditPruner = pruneAuditDaily(hub);
  registerHealthRoutes(app, {
    probeStore: () => hub.stores.probeWrite(),
    get closing() {
      return shutdown.closing;
    },
    devices: () => hub.registry.size,
  });
  await registerGateways(app, hub);
  registerApi(app, hub, edge, namedSecrets);
  await hub.dispatcher.start(interrupted, config.redisUrl !== undefined);
  const cluster = await startCluster(app, config, hub);
  registerWeb(app);
  closeStragglers(app, {
    graceMs: config.http.shutdownGraceMs,
    connections: edge.connections,
    endStreams: () => hub.streams.endAll(),
  });
  app.addHook("onClose", async () => {
    clearInterval(auditPruner);
    edge.refusals.flush();
    hub.heartbeat.stop();
    hub.live.closeAll(new HubError("SHUTTING_DOWN"));
    hub.sessions.closeAll(new HubError("SHUTTING_DOWN"));
    await cluster?.close();
    if (!deps.stores) await hub.stores.close();
  });
  return app;
}

/** The HTTP edge: the fastify instance with its logger, TLS, limits and connection cap. */
interface Edge {
  app: FastifyInstance;
  tls: TlsMaterial | undefined;
  refusals: RefusalCounter;
  connections: ConnectionTracker;
}

function createServer(config: Config, deps: AppDeps): Edge {
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
  const app: FastifyInstance = Fastify({
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
  return { app, tls, refusals, connections };
}

/** Opens the stores and builds what the routes share; `interrupted` are the runs a dead hub left. */
async function openHub(
  app: FastifyInstance,
  config: Config,
  deps: AppDeps,
  refusals: RefusalCounter,
): Promise<{ hub: HubContext; interrupted: Awaited<ReturnType<Stores["runs"]["markInterrupted"]>> }> {
  const clock = deps.clock ?? systemClock;
  const stores =
    deps.stores ??
    (await openStores({
      dataDir: config.dataDir,
      clock,
      databaseUrl: config.databaseUrl,
      blobDir: config.blobDir,
      hubId: clusterHubId(config),
    }));
  const credentials = stores.credentials;
  if (config.fleetKey) await credentials.ensureFleetKey(config.fleetKey, "DROIDHUB_FLEET_KEY");
  const generatedApiKey = await credentials.ensureOperatorKey(config.apiKey);
  const registry = await loadRegistry(stores);
  // Cluster mode: only this hub's own runs were cut off; the others' are running on their hubs.
  const interrupted = await stores.runs.markInterrupted(clusterHubId(config));
  const runner = new TaskRunner<FleetTx>(
    registry,
    stores,
    deps.model,
    { lessons: stores.lessons, references: stores.references },
    {
      takeoverTimeoutMs: config.takeoverTimeoutMs,
      humanTimeoutMs: config.humanTimeoutMs,
      ...(config.webhookUrl ? { notify: humanWebhook(config.webhookUrl, app.log) } : {}),
    },
  );
  const hub: HubContext = {
    config,
    stores,
    credentials,
    registry,
    sessions: phoneSessions(app, config, registry),
    heartbeat: new Heartbeat(config.gateway.heartbeatMs, config.gateway.missedPongs),
    generatedApiKey,
    runner,
    tasks: stores.tasks,
    dispatcher: new Dispatcher({ ...stores, clock }, runner, registry, app.log, deps.fleet),
    streams: new SseStreams({ maxBufferBytes: config.sseMaxBufferBytes }),
    refusals,
    live: new LiveHub(registry, { viewerBufferBytes: config.liveViewerBufferBytes }),
  };
  return { hub, interrupted };
}

/** The registry starts with every phone the store knows, offline until it joins. */
async function loadRegistry(stores: Stores): Promise<DeviceRegistry> {
  const registry = new DeviceRegistry();
  for (const device of await stores.devices.list()) {
    registry.remember(device.id, device.info, device.tags, device.lastSeenAt);
    registry.setHealth(device.id, device.health);
  }
  return registry;
}

function phoneSessions(app: FastifyInstance, config: Config, registry: DeviceRegistry): DroidhubDirectory {
  const gateway = config.gateway;
  return new DroidhubDirectory(
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
}

/** Drops audit entries older than the retention now and once a day. */
function pruneAuditDaily({ stores, config }: HubContext): NodeJS.Timeout {
  const audit = stores.audit;
  const pruneAudit = () => void audit.prune(Date.now() - config.auditRetentionDays * 86_400_000);
  pruneAudit();
  const auditPruner = setInterval(pruneAudit, 86_400_000);
  auditPruner.unref();
  return auditPruner;
}

/** The phones' WebSocket endpoints (both dialects) and the live-screen viewers'. */
async function registerGateways(app: FastifyInstance, hub: HubContext): Promise<void> {
  const { credentials, registry, heartbeat, refusals } = hub;
  const config = hub.config.gateway;
  const devices = hub.stores.devices;
  await registerDroidhubGateway(
    app,
    { config, credentials, devices, sessions: hub.sessions, heartbeat, log: app.log },
    refusals,
  );
  registerMobilerunGateway(app, { config, credentials, devices, registry, heartbeat, log: app.log }, refusals);
  registerViewerGateway(app, hub.live);
  documentRoute(app, {
    method: "GET",
    url: "/api/devices/:id/stream",
    access: "read",
    summary:
      "The phone's live screen (WebSocket upgrade; key in Authorization or ?access_token=): binary JPEG frames, JSON notices",
    produces: "application/octet-stream",
    queryToken: true,
  });
}

/** The operator API, one module per resource, then the MCP endpoint, metrics and the docs of them all. */
function registerApi(app: FastifyInstance, hub: HubContext, edge: Edge, namedSecrets: NamedSecrets): void {
  const { registry, runner, dispatcher, credentials, tasks, config } = hub;
  const audit = hub.stores.audit;
  registerDeviceRoutes(app, registry, runner.takeovers);
  registerEnrollmentRoutes(app, credentials, registry);
  // The pin names the key, which a renewal usually keeps; a renewal with a new key needs a restart here.
  registerEnrollmentLinkRoutes(app, credentials, {
    hubPin: () => edge.tls?.facts.pin,
    portalApk: config.portalApk,
  });
  registerTaskRoutes(app, dispatcher, tasks, hub.stores.runs);
  registerRunRoutes(app, runner, dispatcher);
  registerTakeoverRoutes(app, runner);
  registerEventRoutes(app, runner, dispatcher, registry, hub.streams);
  registerFleetRoutes(app, dispatcher);
  registerFleetKeyRoutes(app, credentials);
  registerOperatorKeyRoutes(app, credentials);
  registerAuditRoutes(app, audit);
  registerMcpRoute(app, { registry, audit, idleMs: config.mcpIdleMs, namedSecrets });
  registerMetricsRoute(app, registry, runner, tasks, {
    refusals: edge.refusals,
    openConnections: () => edge.connections.open,
  });
  registerDocs(app);
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
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: redactAccessToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
