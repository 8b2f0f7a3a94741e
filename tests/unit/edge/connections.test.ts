import { describe, expect, it } from "vitest";
import { addressKey } from "../../../hub/edge/connections.js";

describe("addressKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:10.0.0.1", "10.0.0.1"],
    // One IPv6 host gets a whole /64: every address in it is one key.
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    [undefined, "unknown"],
  ])("%s → %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
