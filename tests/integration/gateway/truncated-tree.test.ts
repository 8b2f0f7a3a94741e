import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeScreen, observe } from "../../../hub/agent/observe.js";
import { TRUNCATED_TREE_NOTE } from "../../../hub/perception/index.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

describe("a phone that caps its UI tree", () => {
  let hub: TestHub;
  let phone: SimPhone;
  beforeAll(async () => {
    hub = await startHub();
    phone = await joinPhone(hub, "capped", { app: "login", knobs: { maxUiNodes: 5 } });
  });
  afterAll(async () => {
    phone.stop();
    await hub.close();
  });

  it("says so on the wire, and the hub tells the API and the model", async () => {
    const session = hub.app.hub.registry.requireSession("capped");
    const { result } = await session.call({ getUi: { allWindows: true } });
    expect(result.ui?.truncated).toBe(true);
    expect(result.ui?.nodes).toHaveLength(5);

    const view = await hub.api("GET", "/api/devices/capped/ui");
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ truncated: true, needsVision: true });

    expect(describeScreen(await observe(session))).toContain(TRUNCATED_TREE_NOTE);
  });
});
