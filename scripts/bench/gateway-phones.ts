/**
 * Child process of bench:gateway: opens N phone connections and answers as fast as it can, so the
 * measurement is the hub's cost, not the virtual apps'.
 *   mode "phones": droidhub protocol (SimPhone) with a device that answers every request ok.
 *   mode "echo":   plain ws clients that echo every frame back (the baseline).
 */
import { ClientSocket } from "../../hub/gateway/client-socket.js";
import type { droidhub } from "../../hub/protocol/generated/droidhub.js";
import { type SimDevice, SimPhone } from "../../hub/sim/sim-phone.js";

const [mode, url, countText, key, firstText] = process.argv.slice(2);
const count = Number(countText);
// bench:cluster runs one such process per hub: the ids must not collide across them.
const first = Number(firstText ?? 0);
// A parent that crashes must not leave thousands of phones reconnecting to a dead port.
process.on("disconnect", () => process.exit(0));

class InstantDevice implements SimDevice {
  constructor(readonly deviceId: string) {}
  hello(): droidhub.v1.IHello {
    return {
      deviceId: this.deviceId,
      portalVersion: "bench",
      model: "Bench",
      screen: { width: 1080, height: 2400, densityDpi: 420 },
    };
  }
  async execute(): Promise<droidhub.v1.IResult> {
    return { ok: true, durationMs: 0 };
  }
  onEvent(): () => void {
    return () => {};
  }
}

async function openPhones(): Promise<void> {
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    const joins: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const phone = new SimPhone(new InstantDevice(`bench-${first + i}`), { url: url!, fleetKey: key! });
      joins.push(phone.start());
    }
    await Promise.all(joins);
  }
}

async function openEchoClients(): Promise<void> {
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    const opens: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      opens.push(
        new Promise((resolve) => {
          const socket: ClientSocket = new ClientSocket(url!, {
            onOpen: () => resolve(),
            onMessage: (data) => socket.send(data),
          });
        }),
      );
    }
    await Promise.all(opens);
  }
}

await (mode === "echo" ? openEchoClients() : openPhones());
process.send?.({ ready: true });

// BENCH_PHONES_PROFILE=FILE: a CPU profile of this process from ready until the parent's SIGTERM,
// to name what a phone costs per command beside the echo client (profile-top.ts reads it).
const profileFile = process.env["BENCH_PHONES_PROFILE"];
if (profileFile) {
  const { Session } = await import("node:inspector/promises");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  process.once("SIGTERM", async () => {
    try {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(`${profileFile}-${mode}.cpuprofile`, JSON.stringify(profile));
    } finally {
      process.exit(143); // ended by SIGTERM, as without the profile
    }
  });
}
