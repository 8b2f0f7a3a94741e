/**
 * Not a test: what five phones with 8 MB strings in their Hello leave in a hub. Each Hello carries
 * an 8 MB manufacturer and an 8 MB model (16 MB frames fit the default 16 MiB frame limit barely,
 * so 8 MB minus a little). Prints how each socket ended, the bytes the devices table holds and the
 * size of one GET /api/devices answer.
 *   node --import tsx scripts/bench/hello-bloat.ts
 */
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { ClientSocket } from "../../hub/gateway/client-socket.js";
import { encodeEnvelope } from "../../hub/protocol/codec.js";
import { openDatabase } from "../../hub/store/database.js";
import { sqliteStores } from "../../hub/store/stores.js";

const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
const API_KEY = "bench-operator-key-0123456789abcdef";
const PHONES = 5;
const CHARS = 8 * 1000 * 1000 - 4096;

async function hello(wsUrl: string, deviceId: string): Promise<string> {
  return new Promise((resolve) => {
    let welcomed = false;
    const socket = new ClientSocket(
      `${wsUrl}/v1/devices/connect`,
      {
        onOpen: () =>
          socket.send(
            encodeEnvelope({
              id: 1,
              hello: { deviceId, protocolVersion: 1, manufacturer: "m".repeat(CHARS), model: "x".repeat(CHARS) },
            }),
          ),
        onMessage: () => {
          welcomed = true;
          socket.close(1000, "done");
        },
        onClose: (code, reason) => resolve(welcomed ? "welcomed" : `closed ${code} ${reason}`),
        onRefused: (status) => resolve(`refused ${status}`),
      },
      { headers: { authorization: `Bearer ${FLEET_KEY}`, "x-device-id": deviceId } },
    );
  });
}

const config = loadConfig({
  overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:", logLevel: "silent" },
});
const db = openDatabase(":memory:");
const stores = sqliteStores(db, { dataDir: ":memory:" });
const app = await buildApp(config, { stores, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
try {
  for (let i = 0; i < PHONES; i++) console.log(`hello ${i}: ${await hello(`ws://127.0.0.1:${port}`, `bloat-${i}`)}`);
  const { bytes } = db.prepare("SELECT COALESCE(SUM(LENGTH(info)), 0) AS bytes FROM devices").get() as {
    bytes: number;
  };
  const list = await fetch(`http://127.0.0.1:${port}/api/devices`, { headers: { authorization: `Bearer ${API_KEY}` } });
  const answer = Buffer.from(await list.arrayBuffer()).length;
  console.log(
    `devices table info: ${(bytes / 1e6).toFixed(1)} MB; GET /api/devices: ${answer.toLocaleString("en")} bytes`,
  );
} finally {
  await app.close();
  await stores.close();
}
