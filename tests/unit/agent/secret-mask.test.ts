/**
 * Whether a run's mask has anything to find beyond the phone's own password fields: the live view
 * reads the phone's tree for each frame only then (hub/live/frame-mask.ts), so a "no" that should
 * be a "yes" would send a typed secret in clear.
 */
import { describe, expect, it } from "vitest";
import { SecretMask } from "../../../hub/agent/secret-mask.js";
import { SecretVault } from "../../../hub/agent/secrets.js";
import type { ScreenMask } from "../../../hub/devices/types.js";
import { joinedPhone } from "../../helpers/joined-phone.js";

describe("SecretMask.hidesMore", () => {
  it("is false for a run without secrets, and true once it has one, or a person typed", () => {
    const bare = new SecretMask(new SecretVault());
    expect(bare.hidesMore).toBe(false);
    expect(new SecretMask(new SecretVault({ password: "hunter22" })).hidesMore).toBe(true);
    // A live view's keystroke: too short to match on its own, but its field is painted from now on.
    bare.hide("4");
    expect(bare.hidesMore).toBe(true);
  });

  it("is what the registry tells the live view for the phone the run holds", () => {
    const { registry } = joinedPhone("p1");
    const session = registry.requireSession("p1");
    expect(registry.runHides("p1")).toBe(false); // no run holds it
    const quiet = new SecretMask(new SecretVault());
    const unset = registry.setScreenMask("p1", quiet.forDevice(session));
    expect(registry.runHides("p1")).toBe(false);
    quiet.hide("123456");
    expect(registry.runHides("p1")).toBe(true);
    unset();
    // A mask that cannot say is taken to hide something.
    const opaque: ScreenMask = { apply: async (image) => image, redact: (value) => value };
    registry.setScreenMask("p1", opaque);
    expect(registry.runHides("p1")).toBe(true);
  });
});
