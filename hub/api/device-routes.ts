/**
 * Remote control of one phone: list, inspect, read its UI and screen, send actions.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { actionSchema, performAction } from "../devices/actions.js";
import { deviceIdSchema } from "../devices/device-limits.js";
import { imageMime, Phone } from "../devices/phone.js";
import { type DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import type { FleetDeviceView } from "../devices/remote-devices.js";
import { HubError } from "../errors/hub-error.js";
import { describeHumanAction, type Takeovers } from "../runs/takeovers.js";
import { deviceAnswer } from "./responses.js";
import { route } from "./route.js";
import { uiAnswer, uiView } from "./ui-view.js";

const idParams = z.object({ id: deviceIdSchema });

const screenshotQuery = z.object({
  format: z.enum(["jpeg", "webp", "png"]).default("jpeg"),
  quality: z.coerce.number().int().min(1).max(100).default(80),
  max_side: z.coerce.number().int().min(0).max(8192).default(0),
});

const uiQuery = z.object({ raw: z.enum(["0", "1", "true", "false"]).optional() });

export function registerDeviceRoutes(app: FastifyInstance, registry: DeviceRegistry, takeovers?: Takeovers): void {
  listDevices(app, registry);
  getDevice(app, registry);
  getUi(app, registry);
  getScreenshot(app, registry);
  postAction(app, registry, takeovers);
}

function listDevices(app: FastifyInstance, registry: DeviceRegistry): void {
  route(app, {
    method: "GET",
    url: "/api/devices",
    access: "read",
    summary: "Every known phone with status, info, health and last report.",
    response: z.object({ devices: z.array(deviceAnswer) }),
    handler: async () => ({ devices: fleetViews(registry) }),
  });
}

/** This hub's phones and, in cluster mode, those other hubs hold (each named with its hub). */
function fleetViews(registry: DeviceRegistry): FleetDeviceView[] {
  const { remote } = registry;
  const views: FleetDeviceView[] = registry.list().map((entry) => fleetView(registry, entry));
  const listed = new Set(views.map((v) => v.id));
  for (const view of remote.list()) if (!listed.has(view.id)) views.push(view);
  return views;
}

/** A phone this hub knows: its own view while its socket is here, else another hub's if one holds it. */
function fleetView(registry: DeviceRegistry, entry: DeviceEntry): FleetDeviceView {
  if (entry.session?.connected) return { ...DeviceRegistry.view(entry), hub: registry.remote.self };
  return registry.remote.get(entry.id) ?? DeviceRegistry.view(entry);
}

function getDevice(app: FastifyInstance, registry: DeviceRegistry): void {
  route(app, {
    method: "GET",
    url: "/api/devices/:id",
    access: "read",
    summary: "One phone.",
    params: idParams,
    response: deviceAnswer,
    handler: async ({ params }) => {
      const entry = registry.get(params.id);
      return (entry ? undefined : registry.remote.get(params.id)) ?? fleetView(registry, registry.require(params.id));
    },
  });
}

function getUi(app: FastifyInstance, registry: DeviceRegistry): void {
  route(app, {
    method: "GET",
    url: "/api/devices/:id/ui",
    access: "read",
    summary: "The compact element list of the phone's screen (?raw=1 adds the tree).",
    params: idParams,
    query: uiQuery,
    response: uiAnswer,
    handler: async ({ params, query }) => {
      const { tree, ms } = await new Phone(registry.requireSession(params.id)).getUi();
      // While a run holds the phone, a secret it typed shows as its placeholder, as the model sees it.
      const view = registry.redactScreen(params.id, uiView(tree, query.raw === "1" || query.raw === "true"));
      return { deviceId: params.id, ms, ...view };
    },
  });
}

function getScreenshot(app: FastifyInstance, registry: DeviceRegistry): void {
  route(app, {
    method: "GET",
    url: "/api/devices/:id/screenshot",
    access: "read",
    summary: "Screen image bytes (?format=jpeg|webp|png&quality=&max_side=).",
    produces: "image/*",
    params: idParams,
    query: screenshotQuery,
    handler: async ({ params, query }, _request, reply) => {
      const phone = new Phone(registry.requireSession(params.id));
      const { image } = await phone.screenshot({
        format: query.format,
        quality: query.quality,
        maxSide: query.max_side,
      });
      if (!image?.data || image.data.length === 0)
        throw new HubError("PROTOCOL_ERROR", "screenshot without image data");
      return reply
        .header("content-type", imageMime(image.format) ?? "application/octet-stream")
        .header("cache-control", "no-store")
        .header("x-image-width", String(image.width ?? 0))
        .header("x-image-height", String(image.height ?? 0))
        .header("x-screen-secure", String(image.secure ?? false))
        .send(await registry.maskScreenshot(params.id, Buffer.from(image.data)));
    },
  });
}

function postAction(app: FastifyInstance, registry: DeviceRegistry, takeovers: Takeovers | undefined): void {
  route(app, {
    method: "POST",
    url: "/api/devices/:id/actions",
    access: "control",
    summary: "One remote-control action → {ok, ms}.",
    params: idParams,
    body: actionSchema,
    target: "device",
    response: z.object({ ok: z.literal(true), ms: z.number() }),
    handler: async ({ params, body: action }, request) => {
      const { id } = params;
      // The kind of action only: an input's text can be a password.
      request.audit = { detail: { action: action.action } };
      const entry = registry.require(id);
      // A run's phone takes actions only from the key that took it over (POST /api/runs/:id/takeover).
      const tookOver = request.operator !== undefined && takeovers?.holderOf(id) === request.operator.keyId;
      if (entry.lease && !tookOver) {
        throw new HubError("DEVICE_BUSY", `device ${id} is running ${entry.lease}`, {
          details: { deviceId: id, lease: entry.lease },
        });
      }
      // What a person types on a run's phone may be an OTP or a password: its run paints it over from
      // before it reaches the screen (live frames, the action's screenshot, the agent's next look).
      if (tookOver && action.action === "input") registry.hideTyped(id, action.text);
      const { ms } = await performAction(new Phone(registry.requireSession(id)), action);
      if (tookOver) await takeovers?.humanActed(id, describeHumanAction(action));
      return { ok: true, ms };
    },
  });
}
