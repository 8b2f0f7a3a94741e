/**
 * Child process of tests/helpers/cluster-phones.ts: COUNT virtual phones (the launcher app, which
 * also opens the login app for chain tasks) joining URL, each logging what it executes into one
 * CommandLog. Phones live here rather than in the test's process so that 300 of them and the test's
 * own polling do not share one event loop. Answers the parent's messages:
 *   { type: "log" }  → { type: "log", entries, joins, online }
 *   { type: "drop", ids } → cuts those phones' connections (they reconnect through the balancer)
 *   { type: "stop" } → stops the phones and exits.
 */

import { CommandLog } from "../../hub/sim/command-log.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";

const [url, countText, fleetKey, prefix] = process.argv.slice(2);
const count = Number(countText);
// A test that dies must not leave hundreds of phones reconnecting to a dead balancer.
process.on("disconnect", () => process.exit(0));

const log = new CommandLog();
const phones: SimPhone[] = [];
for (let i = 0; i < count; i++) {
  const device = new VirtualDevice({
    deviceId: `${prefix}-${i}`,
    app: "launcher",
    record: false,
    // Gestures take their time, as on a real phone: a task holds its phone for at least its long
    // press, so a drain lasts long enough to be caught mid-way however fast the machine is.
    knobs: { latencyMs: 10, holdGestures: true },
  });
  phones.push(
    new SimPhone(device, {
      url: url!,
      fleetKey: fleetKey!,
      commandLog: log,
      reconnectBaseMs: 100,
      reconnectCapMs: 1_000,
    }),
  );
}

process.on("message", (message: { type: string }) => {
  if (message.type === "log") {
    process.send?.({
      type: "log",
      entries: log.entries,
      joins: Object.fromEntries(phones.map((p) => [p.device.deviceId, p.joins])),
      online: phones.filter((p) => p.state === "online").length,
    });
  } else if (message.type === "drop") {
    const ids = new Set((message as { ids?: string[] }).ids ?? []);
    for (const phone of phones) if (ids.has(phone.device.deviceId)) phone.drop();
  } else if (message.type === "stop") {
    for (const phone of phones) phone.stop();
    setTimeout(() => process.exit(0), 200);
  }
});

// In batches: 300 handshakes at once through one balancer to hubs on 2 cores time out needlessly.
// A phone refused for good (HTTP 401) is reported, not thrown: the parent fails with its id.
const refused: string[] = [];
for (let start = 0; start < count; start += 50) {
  await Promise.all(phones.slice(start, start + 50).map((p) => p.start().catch(() => refused.push(p.device.deviceId))));
}
process.send?.({ type: "ready", refused });
