/**
 * Remote control of one phone: list, inspect, read its UI and screen, send actions.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseAction, toDeviceRequest } from "../devices/actions.js";
import { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import { invalidBody } from "../errors/invalid-body.js";
import { pb } from "../protocol/codec.js";
import { uiView } from "./ui-view.js";

const idParams = z.object({ id: z.string().min(1).max(128) });

const screenshotQuery = z.object({
  format: z.enum(["jpeg", "webp", "png"]).default("jpeg"),
  quality: z.coerce.number().int().min(1).max(100).default(80),
  max_side: z.coerce.number().int().min(0).max(8192).default(0),
});

const FORMATS = {
  jpeg: pb.ImageFormat.IMAGE_FORMAT_JPEG,
  webp: pb.ImageFormat.IMAGE_FORMAT_WEBP,
  png: pb.ImageFormat.IMAGE_FORMAT_PNG,
} as const;

const CONTENT_TYPES: Record<number, string> = {
  [pb.ImageFormat.IMAGE_FORMAT_JPEG]: "image/jpeg",
  [pb.ImageFormat.IMAGE_FORMAT_UNSPECIFIED]: "image/jpeg",
  [pb.ImageFormat.IMAGE_FORMAT_WEBP]: "image/webp",
  [pb.ImageFormat.IMAGE_FORMAT_PNG]: "image/png",
};

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

const uiQuery = z.object({ raw: z.enum(["0", "1", "true", "false"]).optional() });

export function registerDeviceRoutes(app: FastifyInstance, registry: DeviceRegistry): void {
  app.get("/api/devices", async () => ({
    devices: registry.list().map((entry) => DeviceRegistry.view(entry)),
  }));

  app.get("/api/devices/:id", async (request) => {
    const { id } = parse(idParams, request.params);
    return DeviceRegistry.view(registry.require(id));
  });

  app.get("/api/devices/:id/ui", async (request) => {
    const { id } = parse(idParams, request.params);
    const { raw } = parse(uiQuery, request.query);
    const session = registry.requireSession(id);
    const { result, ms } = await session.call({ getUi: { allWindows: true } });
    if (!result.ui) throw new HubError("PROTOCOL_ERROR", "getUi answered without a tree");
    return { deviceId: id, ms, ...uiView(result.ui, raw === "1" || raw === "true") };
  });

  app.get("/api/devices/:id/screenshot", async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const query = parse(screenshotQuery, request.query);
    const session = registry.requireSession(id);
    const { result } = await session.call({
      screenshot: { format: FORMATS[query.format], quality: query.quality, maxSide: query.max_side },
    });
    const image = result.image;
    if (!image?.data || image.data.length === 0) throw new HubError("PROTOCOL_ERROR", "screenshot without image data");
    return reply
      .header("content-type", CONTENT_TYPES[image.format ?? 0] ?? "application/octet-stream")
      .header("cache-control", "no-store")
      .header("x-image-width", String(image.width ?? 0))
      .header("x-image-height", String(image.height ?? 0))
      .header("x-screen-secure", String(image.secure ?? false))
      .send(await registry.maskScreenshot(id, Buffer.from(image.data)));
  });

  app.post("/api/devices/:id/actions", async (request) => {
    const { id } = parse(idParams, request.params);
    const action = parseAction(request.body);
    const entry = registry.require(id);
    if (entry.lease) {
      throw new HubError("DEVICE_BUSY", `device ${id} is running ${entry.lease}`, {
        details: { deviceId: id, lease: entry.lease },
      });
    }
    const session = registry.requireSession(id);
    const { ms } = await session.call(toDeviceRequest(action, entry.info?.screen));
    return { ok: true, ms };
  });
}
