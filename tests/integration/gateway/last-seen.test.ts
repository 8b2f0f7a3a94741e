/**
 * An idle phone sends nothing but pongs: those must keep its "last seen" current, or the dashboard
 * shows a healthy phone as "Heartbeat 8m ago".
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

let hub: TestHub | undefined;
let phone: SimPhone | undefined;

afterEach(async () => {
  phone?.stop();
  await hub?.close();
});

const lastSeen = async (id: string): Promise<number> =>
  Date.parse((await hub!.api("GET", `/api/devices/${id}`)).json.lastSeen);

describe("last seen", () => {
  it("moves on with every pong of an idle protobuf phone", async () => {
    hub = await startHub({ heartbeatMs: 100 });
    phone = await joinPhone(hub, "idle-1");
    // Let the join's own events land, then measure from there: from now on only pongs arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await lastSeen("idle-1");
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const after = await lastSeen("idle-1");
    expect(after - before).toBeGreaterThanOrEqual(1_500);
    expect((await hub.api("GET", "/api/devices/idle-1")).json.status).toBe("online");
  });
});
