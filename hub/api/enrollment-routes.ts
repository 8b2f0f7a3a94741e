/**
 * Enrolment: once a phone has its device secret only that secret claims its id, so a wiped phone
 * (which lost the secret) can enrol again only after an operator resets the id's enrolment.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { deviceIdSchema } from "../devices/device-limits.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import type { KeyStore } from "./ports.js";
import { route } from "./route.js";

const idParams = z.object({ id: deviceIdSchema });

export function registerEnrollmentRoutes(app: FastifyInstance, credentials: KeyStore, registry: DeviceRegistry): void {
  route(app, {
    method: "DELETE",
    url: "/api/devices/:id/enrollment",
    access: "admin",
    summary:
      "Forget the phone's device secret so the id can enrol again with a fleet key; a connected phone is closed.",
    params: idParams,
    target: "device",
    response: z.object({ id: z.string(), reset: z.literal(true), disconnected: z.boolean() }),
    handler: async ({ params }) => {
      const { id } = params;
      if (!(await credentials.resetEnrollment(id))) {
        throw new HubError("DEVICE_NOT_FOUND", `unknown device ${id}`, { details: { deviceId: id } });
      }
      // The socket was let in with the secret that is gone: 1008 (policy), and the phone's next join
      // with that secret is a 401, which the portal shows as revoked.
      const connected = registry.get(id)?.session?.connected ?? false;
      registry.endSession(
        id,
        new HubError("UNAUTHORIZED", "the device's enrolment was reset", { details: { deviceId: id } }),
      );
      return { id, reset: true, disconnected: connected };
    },
  });
}
