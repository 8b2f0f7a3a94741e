/**
 * What the registry announces with each change: only the fields that moved (`null` for a cleared
 * one), plus the status when the change moved it. `/api/events` sends exactly this as
 * `device_updated` / `device_left`, instead of the whole device record.
 */
import { describe, expect, it } from "vitest";
import type { DroidhubDirectory } from "../../../hub/devices/droidhub-directory.js";
import type { DeviceChange, DeviceRegistry } from "../../../hub/devices/registry.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { pb } from "../../../hub/protocol/codec.js";
import { joinedPhone } from "../../helpers/joined-phone.js";

function joined(): { registry: DeviceRegistry; directory: DroidhubDirectory; changes: [string, DeviceChange][] } {
  const { registry, directory } = joinedPhone();
  const changes: [string, DeviceChange][] = [];
  registry.on("updated", (_entry, change) => changes.push(["updated", change]));
  registry.on("left", (_entry, change) => changes.push(["left", change]));
  return { registry, directory, changes };
}

describe("DeviceRegistry changes", () => {
  it("announces a lease, its end and health flags with the status they move", () => {
    const { registry, changes } = joined();
    registry.acquire("p1", "run-1");
    registry.release("p1", "run-1");
    registry.setHealth("p1", { infraFailures: 1 });
    registry.setHealth("p1", { infraFailures: 3, quarantined: true });
    expect(changes).toEqual([
      ["updated", { lease: "run-1", status: "busy" }],
      ["updated", { lease: null, status: "online" }],
      ["updated", { infraFailures: 1 }],
      ["updated", { infraFailures: 3, quarantined: true, status: "quarantined" }],
    ]);
  });

  it("announces each phone state event as the one field it sets, and nothing for the rest", () => {
    const { registry, changes } = joined();
    registry.applyEvent("p1", { battery: { level: 12, charging: true } });
    registry.applyEvent("p1", { network: { type: pb.NetworkType.NETWORK_TYPE_WIFI } });
    registry.applyEvent("p1", { screen: { on: false } });
    registry.applyEvent("p1", { foreground: { packageName: "com.example.mail", activity: ".Inbox" } });
    registry.applyEvent("p1", { keyboard: { shown: true } });
    registry.setTags("p1", ["lab"]);
    // The installed apps are not in the view: dispatch hears of them, a watcher learns nothing new.
    registry.setApps("p1", new Set(["com.example.mail"]));
    expect(changes).toEqual([
      ["updated", { battery: { level: 12, charging: true } }],
      ["updated", { network: "wifi" }],
      ["updated", { screenOn: false }],
      ["updated", { foreground: { package: "com.example.mail", activity: ".Inbox" } }],
      ["updated", { tags: ["lab"] }],
      ["updated", {}],
    ]);
  });

  it("says a phone that left is offline, with its connection time and lease cleared", () => {
    const { registry, directory, changes } = joined();
    registry.acquire("p1", "run-1");
    directory.closeAll(new HubError("SHUTTING_DOWN"));
    expect(changes.at(-1)).toEqual(["left", { status: "offline", connectedAt: null, lease: null }]);
    expect(registry.get("p1")?.lease).toBeUndefined();
  });
});
