/** `GET /api/cluster`: the hubs of the cluster, their phones and their load; `clustered: false` on a lone hub. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../api/route.js";
import { HubError } from "../errors/hub-error.js";
import type { Cluster } from "./cluster.js";
import { unavailable } from "./errors.js";

const hubAnswer = z.object({
  id: z.string(),
  url: z.string().optional().describe("Where this hub is reached (DROIDHUB_HUB_URL), if set"),
  phones: z.number().int().describe("Phones whose socket this hub holds"),
  running: z.number().int().describe("Runs executing on this hub"),
  load: z.number().describe("running / phones (0 with no phones)"),
  startedAt: z.string(),
  seenAt: z.string().describe("When the hub last renewed its registration"),
  phoneIds: z.array(z.string()),
});
const clusterAnswer = z.object({
  clustered: z.boolean(),
  self: z.string().optional().describe("The id of the hub that answered"),
  hubs: z.array(hubAnswer),
});

export function registerClusterRoute(app: FastifyInstance, cluster: Cluster | undefined): void {
  route(app, {
    method: "GET",
    url: "/api/cluster",
    access: "read",
    summary: "The hubs of the cluster: id, URL, phones (ids), running runs, load; `clustered: false` for one hub.",
    response: clusterAnswer,
    handler: async () => {
      if (!cluster) return { clustered: false, hubs: [] };
      try {
        return { clustered: true, ...(await cluster.view()) };
      } catch (error) {
        throw error instanceof HubError ? error : unavailable(error);
      }
    },
  });
}
