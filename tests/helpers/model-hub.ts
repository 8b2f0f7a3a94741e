/**
 * A hub on a real port with a given Model and one virtual phone joined over a real socket: what the
 * `droidhub run` end-to-end tests need. Pass `dataDir` for a SQLite file; the default is in memory.
 */
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import type { Model } from "../../hub/llm/model.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { API_KEY, FLEET_KEY } from "./hub.js";

export interface ModelHub {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  port: number;
  device: VirtualDevice;
  /** GET on the hub's API with the operator key; the parsed JSON. */
  get<T>(path: string): Promise<T>;
  /** GET, the body as text. */
  text(path: string): Promise<string>;
  /** Stops the phone, then the hub. */
  close(): Promise<void>;
}

export async function startModelHub(options: {
  model: Model;
  deviceId: string;
  app: string;
  dataDir?: string;
  secretsFile?: string;
}): Promise<ModelHub> {
  const dataDir = options.dataDir ?? ":memory:";
  const secretsFile = options.secretsFile ? { secretsFile: options.secretsFile } : {};
  const config = loadConfig({
    overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir, ...secretsFile },
  });
  const app = await buildApp(config, {
    model: options.model,
    logger: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const device = new VirtualDevice({ deviceId: options.deviceId, app: options.app });
  const phone = new SimPhone(device, { url: `ws://127.0.0.1:${port}/v1/devices/connect`, fleetKey: FLEET_KEY });
  try {
    await phone.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  const fetchApi = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${API_KEY}` } });
  return {
    base,
    port,
    device,
    get: async <T>(path: string) => (await (await fetchApi(path)).json()) as T,
    text: async (path: string) => (await fetchApi(path)).text(),
    close: async () => {
      phone.stop();
      await app.close();
    },
  };
}
