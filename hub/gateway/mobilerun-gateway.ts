/**
 * The Mobilerun/droidrun Portal dialect on the same hub: phones running that app join with their
 * custom connection URL set to `wss://HOST/v1/providers/personal/join` and a fleet key as token.
 * Matched against droidrun/droidrun-portal 0.7.2 (commit 88b301c, ReverseConnectionService):
 * identity travels only in the upgrade headers (Authorization: Bearer, X-Device-ID, X-Device-Name,
 * X-Device-Country, X-Remote-Device-Key; X-User-ID is documented and tolerated), the app reconnects
 * every 3 s for up to 30 min and stops only on a terminal refusal, which the hub gives as an HTTP
 * 401 status line before any upgrade. Liveness uses WebSocket-level pings (the shared Heartbeat).
 *
 * Register after registerDroidhubGateway: that call installs @fastify/websocket for both dialects.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { GatewayConfig } from "../config/config.js";
import { boundedText, isDeviceId, isOverLimit } from "../devices/device-limits.js";
import {
  DEFAULT_MOBILERUN_OPTIONS,
  type MobilerunOptions,
  mobilerunCapabilities,
} from "../devices/mobilerun-commands.js";
import { MobilerunDirectory } from "../devices/mobilerun-directory.js";
import type { MobilerunSession } from "../devices/mobilerun-session.js";
import type { DeviceStore } from "../devices/ports.js";
import type { DeviceRegistry } from "../devices/registry.js";
import type { DeviceInfo } from "../devices/types.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { RefusalCounter } from "../util/refusals.js";
import { bearerToken } from "../util/secrets.js";
import { refuseSpentKey } from "./droidhub-auth.js";
import type { Heartbeat } from "./heartbeat.js";
import { MobilerunConnection } from "./mobilerun-connection.js";
import type { DeviceCredentials, FleetKeyRecord } from "./ports.js";
import { releaseUpgrade } from "./upgrade-release.js";

export const MOBILERUN_JOIN_PATHS = ["/v1/providers/personal/join", "/v1/providers/join"] as const;

export interface MobilerunGatewayContext {
  config: GatewayConfig;
  credentials: DeviceCredentials;
  devices: DeviceStore;
  registry: DeviceRegistry;
  heartbeat: Heartbeat;
  log: FastifyBaseLogger;
  options?: Partial<MobilerunOptions>;
}

export interface MobilerunAuth {
  deviceId: string;
  fleetKey: FleetKeyRecord;
  tags: string[];
  name: string;
  country: string;
}

/** The running Mobilerun gateway; `options` may be tuned while the hub runs (tests shorten delays). */
export interface MobilerunGateway {
  readonly options: MobilerunOptions;
  readonly directory: MobilerunDirectory;
}

declare module "fastify" {
  interface FastifyInstance {
    mobilerunGateway: MobilerunGateway;
  }
  interface FastifyRequest {
    mobilerunAuth?: MobilerunAuth;
  }
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return ((Array.isArray(value) ? value[0] : value) ?? "").trim();
}

/**
 * A header the phone describes itself with: bounded like everything a phone reports (refused, not
 * cut, over the limit), and printable characters only, since it ends up in logs and the dashboard.
 */
function describingHeader(headers: IncomingHttpHeaders, name: string): string {
  return boundedText(name, header(headers, name.toLowerCase())).replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, "");
}

const ENROLLED = "device id is enrolled by a droidhub-dialect phone";

/**
 * The Mobilerun app can hold no per-device secret, so a Mobilerun phone joins with a fleet key every
 * time, and never for a device id the hub has issued a secret for: that id stays its phone's.
 */
export async function authenticateMobilerun(
  headers: IncomingHttpHeaders,
  credentials: DeviceCredentials,
  ip = "",
): Promise<MobilerunAuth> {
  const token = bearerToken(headers.authorization);
  if (!token) throw new HubError("UNAUTHORIZED", "missing bearer token");
  const fleetKey = await credentials.findFleetKey(token);
  if (!fleetKey) throw new HubError("UNAUTHORIZED", "unknown key");
  const deviceId = header(headers, "x-device-id");
  if (!isDeviceId(deviceId)) throw new HubError("UNAUTHORIZED", "missing or malformed X-Device-ID header");
  const bound = await credentials.getDevice(deviceId);
  if (bound?.secretHash !== undefined) throw new HubError("UNAUTHORIZED", ENROLLED, { details: { deviceId } });
  // The key is a Portal phone's only credential: the phone it enrolled keeps joining with it.
  if (bound?.fleetKeyId !== fleetKey.id) await refuseSpentKey(fleetKey, deviceId, credentials, ip);
  return {
    deviceId,
    fleetKey,
    tags: bound?.tags.length ? bound.tags : fleetKey.tags,
    name: describingHeader(headers, "X-Device-Name"),
    country: describingHeader(headers, "X-Device-Country").toUpperCase(),
  };
}

/** `refusals` counts refused joins (metrics, one summary log line per interval) instead of a line each. */
export function registerMobilerunGateway(
  app: FastifyInstance,
  ctx: MobilerunGatewayContext,
  refusals: RefusalCounter,
): MobilerunGateway {
  const options: MobilerunOptions = { ...DEFAULT_MOBILERUN_OPTIONS, ...ctx.options };
  const directory = new MobilerunDirectory(
    ctx.registry,
    {
      maxInFlight: ctx.config.maxInFlight,
      commandTimeoutMs: ctx.config.commandTimeoutMs,
      resumeGraceMs: ctx.config.resumeGraceMs,
    },
    () => options,
    (message, details) => ctx.log.warn(details, message),
  );
  const gateway: MobilerunGateway = { options, directory };
  app.decorate("mobilerunGateway", gateway);
  app.addHook("onClose", async () => directory.closeAll(new HubError("SHUTTING_DOWN")));

  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.mobilerunAuth = await authenticateMobilerun(request.headers, ctx.credentials, request.ip);
    } catch (error) {
      const hubError = isHubError(error) ? error : new HubError("UNAUTHORIZED");
      refusals.count(
        { kind: "upgrade", code: hubError.code, dialect: "mobilerun", reason: hubError.message },
        request.ip,
        request.raw,
      );
      request.log.debug(
        { code: hubError.code, ip: request.ip, dialect: "mobilerun" },
        `device join refused: ${hubError.message}`,
      );
      return reply.code(401).send({ error: { code: "UNAUTHORIZED", message: "invalid device credentials" } });
    }
  };

  // The same as the droidhub gateway's plugin-wide error handler, as one function for every socket.
  const onSocketError = function (this: WebSocket, error: Error): void {
    ctx.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, "device socket error");
    this.terminate();
  };
  for (const path of MOBILERUN_JOIN_PATHS) {
    app.get(path, { websocket: true, config: { access: "device" }, preValidation }, (socket, request) => {
      releaseUpgrade(socket, request, onSocketError);
      const auth = request.mobilerunAuth;
      if (!auth) {
        socket.close(1008, "not authenticated");
        return;
      }
      void join(socket, auth, ctx, options, directory);
    });
  }
  return gateway;
}

/** Stores the join, then starts the session; frames that come meanwhile wait in the connection. */
async function join(
  socket: WebSocket,
  auth: MobilerunAuth,
  ctx: MobilerunGatewayContext,
  options: MobilerunOptions,
  directory: MobilerunDirectory,
): Promise<void> {
  const connection = new MobilerunConnection(socket, auth.deviceId, {
    config: ctx.config,
    directory,
    registry: ctx.registry,
    heartbeat: ctx.heartbeat,
    log: ctx.log,
  });
  const info = mobilerunInfo(auth, options);
  if (!(await storeJoin(auth, ctx, connection))) return;
  // The takeover rule lives in the directory: a live session of this id, in either dialect, ends
  // and its socket closes with 4004.
  const { session, resumed } = directory.join({
    deviceId: auth.deviceId,
    info,
    tags: auth.tags,
    transport: connection,
  });
  connection.ready();
  ctx.log.info(
    { deviceId: auth.deviceId, resumed, sessionId: session.sessionId, dialect: "mobilerun", country: auth.country },
    "device joined",
  );
  probeSession(session, auth, ctx);
}

/**
 * Records the join (the phone stays listed across hub restarts) and says whether the session may
 * start; otherwise the connection is closed with the reason.
 */
async function storeJoin(
  auth: MobilerunAuth,
  ctx: MobilerunGatewayContext,
  connection: MobilerunConnection,
): Promise<boolean> {
  let enrolled: boolean;
  try {
    // The record holds no secret, so a fleet key may still enrol the id.
    await ctx.credentials.addDevice(auth.deviceId, auth.fleetKey.id, auth.tags);
    enrolled = (await ctx.credentials.getDevice(auth.deviceId))?.secretHash !== undefined;
  } catch (error) {
    ctx.log.error({ deviceId: auth.deviceId, dialect: "mobilerun", err: String(error) }, "could not store a join");
    connection.close(new HubError("INTERNAL", "the join could not be stored"));
    return false;
  }
  if (connection.closed) return false;
  if (enrolled) {
    // A droidhub-dialect phone enrolled the id after this socket's upgrade was let in: it keeps it.
    connection.close(new HubError("UNAUTHORIZED", ENROLLED, { details: { deviceId: auth.deviceId } }));
    return false;
  }
  return true;
}

/** Learns the app version and screen size; failures are logged, the phone stays usable. */
function probeSession(session: MobilerunSession, auth: MobilerunAuth, ctx: MobilerunGatewayContext): void {
  const touch = (): void => {
    ctx.devices
      .touch(auth.deviceId, { ...session.info, name: auth.name, country: auth.country })
      .catch((error: unknown) =>
        ctx.log.warn({ deviceId: auth.deviceId, dialect: "mobilerun", err: String(error) }, "could not store a probe"),
      );
  };
  session
    .probe()
    .then(({ result }) => {
      touch();
      ctx.registry.applyEvent(auth.deviceId, {
        foreground: {
          packageName: result.state?.foregroundPackage ?? "",
          activity: result.state?.foregroundActivity ?? "",
        },
      });
      ctx.registry.applyEvent(auth.deviceId, { accessibility: { enabled: true } });
    })
    .catch((error: unknown) => {
      if (isOverLimit(error)) {
        // Like a Hello over a limit: closed with 4002, the value stored nowhere.
        ctx.log.warn(
          { deviceId: auth.deviceId, code: error.code, dialect: "mobilerun" },
          `mobilerun probe: ${error.message}`,
        );
        session.end(error);
        return;
      }
      touch();
      const hubError = isHubError(error) ? error : undefined;
      if (hubError?.code === "DEVICE_ERROR")
        ctx.registry.applyEvent(auth.deviceId, { accessibility: { enabled: false } });
      ctx.log.warn(
        { deviceId: auth.deviceId, code: hubError?.code, dialect: "mobilerun" },
        `mobilerun probe failed: ${hubError?.message ?? String(error)}`,
      );
    });
}

function mobilerunInfo(auth: MobilerunAuth, options: MobilerunOptions): DeviceInfo {
  return {
    dialect: "mobilerun",
    portalVersion: "",
    protocolVersion: 0,
    manufacturer: "",
    model: auth.name,
    sdkInt: 0,
    screen: { width: 0, height: 0, densityDpi: 0, rotation: 0 },
    capabilities: mobilerunCapabilities(options),
  };
}
