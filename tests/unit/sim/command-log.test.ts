import { describe, expect, it } from "vitest";
import { CommandLog, repeatedCommands } from "../../../hub/sim/command-log.js";

describe("CommandLog", () => {
  it("names a command id executed twice on one phone, and only that", () => {
    const log = new CommandLog();
    log.record("p1", 7, "tap");
    log.record("p2", 7, "tap"); // another phone: ids are per hub start, so not a repeat
    log.record("p1", 8, "getUi");
    log.record("p1", 7, "tap");
    expect(log.repeats().map((e) => [e.deviceId, e.id, e.kind])).toEqual([["p1", 7, "tap"]]);
    expect(repeatedCommands(log.entries.slice(0, 3))).toEqual([]);
  });
});
