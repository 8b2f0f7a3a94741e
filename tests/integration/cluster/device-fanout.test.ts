/**
 * Phones joining and leaving are fanned out across hubs: two hub processes on one PostgreSQL and one
 * Redis; phones join hub B only, and hub A's GET /api/devices lists them (with B named as their hub)
 * and its /api/events announces their joins and leaves. A hub that starts learns the phones already
 * on the others; a hub SIGKILLed (no "left" from it) has its phones shown offline once it is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { type ClusterHub, call, startClusterHub } from "../../helpers/cluster.js";
import { API_KEY, FLEET_KEY } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";
import { type RedisServer, requireRedis, startRedis } from "../../helpers/redis.js";
import { type SseFrame, SseReader } from "../../helpers/sse-client.js";

const TTL_MS = 3_000;
// A phone that hangs up is "left" once its resume window ends: short here.
const HUB_ENV = { DROIDHUB_OWNERSHIP_TTL_MS: String(TTL_MS), DROIDHUB_RESUME_GRACE_MS: "1000" };

interface DeviceView {
  id: string;
  status: string;
  hub?: string;
}

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.resolve(check()).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function phone(id: string, wsUrl: string): SimPhone {
  return new SimPhone(new VirtualDevice({ deviceId: id, app: "launcher", record: false }), {
    url: `${wsUrl}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
    reconnectBaseMs: 200,
    reconnectCapMs: 1_000,
  });
}

const about = (frames: SseFrame[], event: string, id: string): SseFrame[] =>
  frames.filter((f) => f.event === event && (f.data as { id: string }).id === id);

requirePostgres("device join/leave across hubs", (pgBin) =>
  requireRedis("device join/leave across hubs", (redisBin) => {
    describe("device join/leave across hubs", () => {
      let pg: PostgresCluster;
      let redis: RedisServer;
      let database: string;
      const hubs: ClusterHub[] = [];
      const phones: SimPhone[] = [];
      const streams: SseReader[] = [];

      beforeAll(async () => {
        pg = await startPostgres(pgBin);
        redis = await startRedis(redisBin);
        database = await pg.createDatabase();
        hubs.push(await startClusterHub("hub-b", database, redis.url, HUB_ENV));
      }, 180_000);

      afterAll(async () => {
        for (const stream of streams) stream.close();
        for (const p of phones) p.stop();
        for (const hub of hubs) await hub.process.dispose();
        await redis?.stop();
        await pg?.stop();
      });

      it("shows every hub's phones on any hub, live, and drops a dead hub's", async () => {
        const b = hubs[0]!.process;
        // A phone already on B when A starts: A learns it from B's answer to its hello.
        phones.push(phone("early-1", b.wsUrl));
        await phones[0]!.start();
        hubs.push(await startClusterHub("hub-a", database, redis.url, HUB_ENV));
        const a = hubs[1]!.process.baseUrl;
        const devicesOnA = async () => (await call<{ devices: DeviceView[] }>(a, "GET", "/api/devices")).body.devices;
        await waitFor("A to list B's earlier phone", 30_000, async () =>
          (await devicesOnA()).some((d) => d.id === "early-1" && d.status === "online"),
        );
        expect((await devicesOnA()).find((d) => d.id === "early-1")).toMatchObject({ status: "online", hub: "hub-b" });
        const one = await call<DeviceView>(a, "GET", "/api/devices/early-1");
        expect(one.status).toBe(200);
        expect(one.body).toMatchObject({ id: "early-1", status: "online", hub: "hub-b" });

        // A phone joining B later is announced on A's fleet stream, then its leave.
        const sse = new SseReader(`${a}/api/events?access_token=${API_KEY}`, {});
        streams.push(sse);
        await waitFor("A's event stream", 10_000, () => sse.status === 200);
        const late = phone("late-1", b.wsUrl);
        phones.push(late);
        await late.start();
        await waitFor(
          "late-1's join on A's stream",
          20_000,
          () => about(sse.frames, "device_joined", "late-1").length > 0,
        );
        expect(about(sse.frames, "device_joined", "late-1")[0]!.data).toMatchObject({
          id: "late-1",
          status: "online",
          hub: "hub-b",
        });
        expect((await devicesOnA()).find((d) => d.id === "late-1")).toMatchObject({ status: "online", hub: "hub-b" });
        late.stop();
        await waitFor(
          "late-1's leave on A's stream",
          20_000,
          () => about(sse.frames, "device_left", "late-1").length > 0,
        );
        expect(about(sse.frames, "device_left", "late-1")[0]!.data).toEqual({
          id: "late-1",
          hub: "hub-b",
          status: "offline",
          connectedAt: null,
          lease: null,
        });
        const left = (await devicesOnA()).find((d) => d.id === "late-1");
        expect(left?.status).toBe("offline");
        expect(left?.hub).toBeUndefined();

        // B dies without a word: once its registration lapses, A shows its phone offline.
        b.child.kill("SIGKILL");
        await b.exited;
        await waitFor(
          "early-1's leave on A's stream",
          6 * TTL_MS + 10_000,
          () => about(sse.frames, "device_left", "early-1").length > 0,
        );
        expect((await devicesOnA()).find((d) => d.id === "early-1")?.status).toBe("offline");
      }, 180_000);
    });
  }),
);
