/**
 * The Mobilerun/droidrun Portal dialect on the same hub: phones running that app join with their
 * custom connection URL set to `wss://HOST/v1/providers/personal/join` and a fleet key as token.
 * Matched against droidrun/droidrun-portal 0.7.2 (commit 88b301c, ReverseConnectionService):
 * identity travels only in the upgrade headers (Authorization: Bearer, X-Device-ID, X-Device-Name,
 * X-Device-Country, X-Remote-Device-Key; X-User-ID is documented and tolerated), the app reconnects
 * every 3 s for up to 30 min and stops only on a terminal refusal, which the hub gives as an HTTP
 * 401 status line before any upgrade. Liveness uses WebSocket-level pings (the shared Heartbeat).
 *
 * Register after registerDeviceGateway: that call installs @fastify/websocket for both dialects.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { GatewayConfig } from "../config/config.js";
import { DEFAULT_PORTAL_OPTIONS, type PortalOptions, portalCapabilities } from "../devices/portal-commands.js";
import { PortalDirectory } from "../devices/portal-directory.js";
import type { DeviceRegistry } from "../devices/registry.js";
import type { SessionDirectory } from "../devices/session-directory.js";
import type { DeviceInfo } from "../devices/types.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { CredentialStore, FleetKeyRecord } from "../store/credentials.js";
import type { RefusalCounter } from "../util/refusals.js";
import { bearerToken } from "../util/secrets.js";
import { DEVICE_ID_PATTERN } from "./device-auth.js";
import type { Heartbeat } from "./heartbeat.js";
import { PortalConnection } from "./portal-connection.js";

export const PORTAL_JOIN_PATHS = ["/v1/providers/personal/join", "/v1/providers/join"] as const;

export interface PortalGatewayContext {
  config: GatewayConfig;
  credentials: CredentialStore;
  registry: DeviceRegistry;
  /** The droidhub-dialect sessions, to keep one device id in one dialect at a time. */
  sessions: SessionDirectory;
  heartbeat: Heartbeat;
  log: FastifyBaseLogger;
  portal?: Partial<PortalOptions>;
}

export interface PortalAuth {
  deviceId: string;
  fleetKey: FleetKeyRecord;
  tags: string[];
  name: string;
  country: string;
}

/** The running Portal gateway; `options` may be tuned while the hub runs (tests shorten delays). */
export interface PortalGateway {
  readonly options: PortalOptions;
  readonly portals: PortalDirectory;
}

declare module "fastify" {
  interface FastifyInstance {
    portalGateway: PortalGateway;
  }
  interface FastifyRequest {
    portalAuth?: PortalAuth;
  }
}

function header(headers: IncomingHttpHeaders, name: string, max = 128): string {
  const value = headers[name];
  const text = (Array.isArray(value) ? value[0] : value) ?? "";
  // Header text ends up in logs and the dashboard: printable characters only, bounded.
  return text
    .replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, "")
    .trim()
    .slice(0, max);
}

/**
 * The Portal app can hold no per-device secret, so a Portal phone joins with a fleet key every
 * time. A device id already enrolled by a droidhub-dialect phone (confirmed secret) stays theirs.
 */
export function authenticatePortal(headers: IncomingHttpHeaders, credentials: CredentialStore): PortalAuth {
  const token = bearerToken(headers.authorization);
  if (!token) throw new HubError("UNAUTHORIZED", "missing bearer token");
  const fleetKey = credentials.findFleetKey(token);
  if (!fleetKey) throw new HubError("UNAUTHORIZED", "unknown key");
  const deviceId = header(headers, "x-device-id");
  if (!DEVICE_ID_PATTERN.test(deviceId)) throw new HubError("UNAUTHORIZED", "missing or malformed X-Device-ID header");
  const bound = credentials.getDevice(deviceId);
  if (bound?.secretConfirmed) {
    throw new HubError("UNAUTHORIZED", "device id is enrolled by a droidhub-dialect phone", { details: { deviceId } });
  }
  return {
    deviceId,
    fleetKey,
    tags: bound?.tags.length ? bound.tags : fleetKey.tags,
    name: header(headers, "x-device-name"),
    country: header(headers, "x-device-country", 8).toUpperCase(),
  };
}

/** `refusals` counts refused joins (metrics, one summary log line per interval) instead of a line each. */
export function registerPortalGateway(
  app: FastifyInstance,
  ctx: PortalGatewayContext,
  refusals: RefusalCounter,
): PortalGateway {
  const options: PortalOptions = { ...DEFAULT_PORTAL_OPTIONS, ...ctx.portal };
  const portals = new PortalDirectory(
    ctx.registry,
    {
      maxInFlight: ctx.config.maxInFlight,
      commandTimeoutMs: ctx.config.commandTimeoutMs,
      resumeGraceMs: ctx.config.resumeGraceMs,
    },
    () => options,
    (message, details) => ctx.log.warn(details, message),
  );
  const gateway: PortalGateway = { options, portals };
  app.decorate("portalGateway", gateway);
  app.addHook("onClose", async () => portals.closeAll(new HubError("SHUTTING_DOWN")));

  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.portalAuth = authenticatePortal(request.headers, ctx.credentials);
    } catch (error) {
      const hubError = isHubError(error) ? error : new HubError("UNAUTHORIZED");
      refusals.count(
        { kind: "upgrade", code: hubError.code, dialect: "portal", reason: hubError.message },
        request.ip,
        request.raw,
      );
      request.log.debug(
        { code: hubError.code, ip: request.ip, dialect: "portal" },
        `device join refused: ${hubError.message}`,
      );
      return reply.code(401).send({ error: { code: "UNAUTHORIZED", message: "invalid device credentials" } });
    }
    const deviceId = request.portalAuth.deviceId;
    if (ctx.sessions.get(deviceId)?.connected) {
      // Not terminal for the app (it retries every 3 s), so the phone joins once the other leaves.
      refusals.count({ kind: "upgrade", code: "DEVICE_BUSY", dialect: "portal" }, request.ip, request.raw);
      return reply.code(409).send(
        new HubError("DEVICE_BUSY", `device ${deviceId} is connected in the droidhub dialect`, {
          details: { deviceId },
        }).toJSON(),
      );
    }
  };

  for (const path of PORTAL_JOIN_PATHS) {
    app.get(path, { websocket: true, preValidation }, (socket, request) => {
      const auth = request.portalAuth;
      if (!auth) {
        socket.close(1008, "not authenticated");
        return;
      }
      join(socket, auth, ctx, options, portals);
    });
  }
  return gateway;
}

function join(
  socket: WebSocket,
  auth: PortalAuth,
  ctx: PortalGatewayContext,
  options: PortalOptions,
  portals: PortalDirectory,
): void {
  const connection = new PortalConnection(socket, auth.deviceId, {
    config: ctx.config,
    portals,
    registry: ctx.registry,
    heartbeat: ctx.heartbeat,
    log: ctx.log,
  });
  const info = portalInfo(auth, options);
  if (!ctx.credentials.getDevice(auth.deviceId)) {
    // A row keeps the phone listed across hub restarts; its secret is never handed out, so it stays
    // unconfirmed and never locks the fleet key out.
    ctx.credentials.bindDevice(auth.deviceId, auth.fleetKey.id, auth.tags);
  }
  const { session, resumed, replaced } = portals.join({
    deviceId: auth.deviceId,
    info,
    tags: auth.tags,
    transport: connection,
  });
  if (replaced instanceof PortalConnection && replaced !== connection) {
    replaced.close(new HubError("SESSION_REPLACED"));
  }
  ctx.log.info(
    { deviceId: auth.deviceId, resumed, sessionId: session.sessionId, dialect: "portal", country: auth.country },
    "device joined",
  );
  // Learn the app version and screen size; failures are logged, the phone stays usable.
  session
    .probe()
    .then(({ result }) => {
      ctx.credentials.touchDevice(auth.deviceId, { ...session.info, name: auth.name, country: auth.country });
      ctx.registry.applyEvent(auth.deviceId, {
        foreground: {
          packageName: result.state?.foregroundPackage ?? "",
          activity: result.state?.foregroundActivity ?? "",
        },
      });
      ctx.registry.applyEvent(auth.deviceId, { accessibility: { enabled: true } });
    })
    .catch((error: unknown) => {
      ctx.credentials.touchDevice(auth.deviceId, { ...session.info, name: auth.name, country: auth.country });
      const hubError = isHubError(error) ? error : undefined;
      if (hubError?.code === "DEVICE_ERROR")
        ctx.registry.applyEvent(auth.deviceId, { accessibility: { enabled: false } });
      ctx.log.warn(
        { deviceId: auth.deviceId, code: hubError?.code, dialect: "portal" },
        `portal probe failed: ${hubError?.message ?? String(error)}`,
      );
    });
}

function portalInfo(auth: PortalAuth, options: PortalOptions): DeviceInfo {
  return {
    dialect: "portal",
    portalVersion: "",
    protocolVersion: 0,
    manufacturer: "",
    model: auth.name,
    sdkInt: 0,
    screen: { width: 0, height: 0, densityDpi: 0, rotation: 0 },
    capabilities: portalCapabilities(options),
  };
}
