/** Fleet health controls: drain / undrain, release from quarantine, tags, removing a phone for good. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { deviceIdSchema } from "../devices/device-limits.js";
import { DeviceRegistry } from "../devices/registry.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import { deviceAnswer } from "./responses.js";
import { route } from "./route.js";

const idParams = z.object({ id: deviceIdSchema });
export const tagsBody = z.object({ tags: z.array(z.string().trim().min(1).max(64)).max(32) }).strict();

export function registerFleetRoutes(app: FastifyInstance, dispatcher: Dispatcher): void {
  const health = (url: string, summary: string, act: (id: string) => ReturnType<Dispatcher["release"]>) =>
    route(app, {
      method: "POST",
      url,
      access: "control",
      summary,
      params: idParams,
      target: "device",
      response: deviceAnswer,
      handler: async ({ params }) => DeviceRegistry.view(await act(params.id)),
    });
  health("/api/devices/:id/drain", "Finish the current run, take no new task.", (id) => dispatcher.drain(id, true));
  health("/api/devices/:id/undrain", "Take tasks again.", (id) => dispatcher.drain(id, false));
  health("/api/devices/:id/release", "Let a quarantined phone back into dispatch.", (id) => dispatcher.release(id));

  route(app, {
    method: "PUT",
    url: "/api/devices/:id/tags",
    access: "control",
    summary: "Set the phone's tags.",
    params: idParams,
    body: tagsBody,
    target: "device",
    response: deviceAnswer,
    handler: async ({ params, body }) =>
      DeviceRegistry.view(await dispatcher.setTags(params.id, [...new Set(body.tags)])),
  });

  route(app, {
    method: "DELETE",
    url: "/api/devices/:id",
    access: "admin",
    summary: "Forget an offline phone and its enrolment (409 while it is online or busy); its runs stay.",
    params: idParams,
    target: "device",
    response: z.object({ removed: z.string(), cancelledTasks: z.array(z.string()) }),
    handler: async ({ params }, request) => {
      const { cancelledTasks } = await dispatcher.forget(params.id);
      request.audit = { detail: { cancelledTasks: cancelledTasks.length } };
      return { removed: params.id, cancelledTasks };
    },
  });
}
