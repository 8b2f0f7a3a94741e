/** `GET /api/cluster`: the hubs of the cluster, their phones and their load; `clustered: false` on a lone hub. */
import type { FastifyInstance } from "fastify";
import { route } from "../api/route.js";
import { HubError } from "../errors/hub-error.js";
import type { Cluster } from "./cluster.js";
import { unavailable } from "./errors.js";

export function registerClusterRoute(app: FastifyInstance, cluster: Cluster | undefined): void {
  route(app, {
    method: "GET",
    url: "/api/cluster",
    access: "read",
    summary: "The hubs of the cluster: id, URL, phones (ids), running runs, load; `clustered: false` for one hub.",
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
