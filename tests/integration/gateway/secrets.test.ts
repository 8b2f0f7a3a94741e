import { describe, expect, it } from "vitest";
import { API_KEY, FLEET_KEY, startHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

describe("secrets stay out of logs", () => {
  it("never logs the fleet key, the operator key, a device secret or typed text", async () => {
    const hub = await startHub();
    const phone = await joinPhone(hub, "secretive");
    try {
      const password = "hunter2-Sup3r-S3cret";
      await hub.api("POST", "/api/devices/secretive/actions", { action: "input", text: password });
      await hub.api("GET", "/api/devices", undefined, "wrong-operator-key-000000");
      await hub.api("POST", "/api/devices/secretive/actions", { action: "tap", x: 99999, y: 1 });
      const logs = hub.logs.join("\n");
      expect(logs.length).toBeGreaterThan(0);
      for (const secret of [FLEET_KEY, API_KEY, phone.deviceSecret!, password, "wrong-operator-key-000000"]) {
        expect(logs).not.toContain(secret);
      }
      // The stored rows hold hashes only.
      const dump = JSON.stringify(hub.db.prepare("SELECT * FROM devices, fleet_keys, operator_keys").all());
      for (const secret of [FLEET_KEY, API_KEY, phone.deviceSecret!]) expect(dump).not.toContain(secret);
    } finally {
      phone.stop();
      await hub.close();
    }
  });
});
