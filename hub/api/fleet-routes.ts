/** Fleet health controls: drain / undrain, release from quarantine, tags. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { deviceIdSchema } from "../devices/device-limits.js";
import { DeviceRegistry } from "../devices/registry.js";
import { parseOrThrow } from "../errors/invalid-body.js";
import type { Dispatcher } from "../fleet/dispatcher.js";

const idParams = z.object({ id: deviceIdSchema });
export const tagsBody = z.object({ tags: z.array(z.string().trim().min(1).max(64)).max(32) }).strict();

export function registerFleetRoutes(app: FastifyInstance, dispatcher: Dispatcher): void {
  app.post("/api/devices/:id/drain", async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    return DeviceRegistry.view(dispatcher.drain(id, true));
  });

  app.post("/api/devices/:id/undrain", async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    return DeviceRegistry.view(dispatcher.drain(id, false));
  });

  app.post("/api/devices/:id/release", async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    return DeviceRegistry.view(dispatcher.release(id));
  });

  app.put("/api/devices/:id/tags", async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    const { tags } = parseOrThrow(tagsBody, request.body);
    return DeviceRegistry.view(dispatcher.setTags(id, [...new Set(tags)]));
  });
}
