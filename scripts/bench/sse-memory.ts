/**
 * bench:sse-memory — not a test. The scenario of issue 13 (item 3), measured on a real hub process:
 * one `/api/events` client that sends its request and never reads, and one phone with a large
 * `manufacturer` (1 MiB by default) sending 100 state events a second for 10 s. Prints the hub's
 * resident set size (from /proc) before the events, every second, and after.
 *   node --import tsx scripts/bench/sse-memory.ts             (the hub of this checkout)
 * The final figure is taken once the hub has applied the last event (it may lag behind the phone).
 *   BENCH_HUB_DIR=/tmp/other-checkout node --import tsx scripts/bench/sse-memory.ts
 * Env: BENCH_SECONDS (10), BENCH_RATE (events/s, 100), BENCH_MANUFACTURER_BYTES (1048576).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ClientSocket } from "../../hub/gateway/client-socket.js";
import { decodeEnvelope, encodeEnvelope, pb } from "../../hub/protocol/codec.js";
import { freePort } from "../../tests/helpers/free-port.js";

const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 10);
const RATE = Number(process.env["BENCH_RATE"] ?? 100);
const MANUFACTURER_BYTES = Number(process.env["BENCH_MANUFACTURER_BYTES"] ?? 1024 * 1024);
const HUB_DIR = path.resolve(
  process.env["BENCH_HUB_DIR"] ?? path.join(path.dirname(new URL(import.meta.url).pathname), "../.."),
);
const API_KEY = "bench-operator-key-0123456789abcdef";
const FLEET_KEY = "bench-fleet-key-0123456789abcdef";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function rss(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

async function startHub(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      path.join(HUB_DIR, "bin/droidhub.js"),
      "serve",
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--data-dir",
      dataDir,
    ],
    {
      cwd: HUB_DIR,
      env: { ...process.env, DROIDHUB_API_KEY: API_KEY, DROIDHUB_FLEET_KEY: FLEET_KEY, DROIDHUB_LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill();
  throw new Error("the hub did not start");
}

/** GET /api/events over a raw socket, then never read: a stuck browser tab. */
function silentClient(port: number): net.Socket {
  const socket = net.connect(port, "127.0.0.1");
  socket.pause();
  socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${API_KEY}\r\n\r\n`);
  socket.on("error", () => undefined);
  return socket;
}

async function joinPhone(port: number): Promise<ClientSocket> {
  let welcomed = false;
  const socket: ClientSocket = new ClientSocket(
    `ws://127.0.0.1:${port}/v1/devices/connect`,
    {
      onOpen: () =>
        socket.send(
          encodeEnvelope({
            id: 1,
            hello: {
              deviceId: "bench-phone",
              protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1,
              manufacturer: "M".repeat(MANUFACTURER_BYTES),
              model: "Bench",
              screen: { width: 1080, height: 2400, densityDpi: 420 },
            },
          }),
        ),
      onMessage: (data) => {
        if (decodeEnvelope(data, 64 * 1024 * 1024).body === "welcome") welcomed = true;
      },
      onClose: (code, reason) => console.error(`phone closed: ${code} ${reason}`),
    },
    { headers: { authorization: `Bearer ${FLEET_KEY}`, "x-device-id": "bench-phone" } },
  );
  for (let i = 0; i < 100 && !welcomed; i++) await sleep(100);
  if (!welcomed) throw new Error("the phone was not welcomed");
  return socket;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-sse-bench-"));
  const port = await freePort();
  const hub = await startHub(port, dataDir);
  const pid = hub.pid!;
  try {
    const stuck = silentClient(port);
    await sleep(500);
    const phone = await joinPhone(port);
    await sleep(1_000);
    const start = rss(pid);
    console.log(`hub ${HUB_DIR}`);
    console.log(
      `manufacturer ${MANUFACTURER_BYTES} bytes, ${RATE} events/s for ${SECONDS} s, one client that never reads`,
    );
    console.log(`t=0s rss ${mb(start)}`);
    let peak = start;
    let sent = 0;
    for (let second = 1; second <= SECONDS; second++) {
      // A tenth of the second's events every 100 ms: no 10 ms timer to drift on a loaded machine.
      for (let tick = 0; tick < 10; tick++) {
        for (let i = 0; i < RATE / 10; i++, sent++) {
          const battery = { level: sent % 101, charging: sent % 2 === 0 };
          phone.send(encodeEnvelope({ id: 0, event: { atMs: Date.now(), battery } }));
        }
        await sleep(100);
      }
      const now = rss(pid);
      peak = Math.max(peak, now);
      console.log(`t=${second}s rss ${mb(now)}`);
    }
    await sleep(500);
    const device = (await (
      await fetch(`http://127.0.0.1:${port}/api/devices/bench-phone`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      })
    ).json()) as { battery?: { level: number } };
    console.log(`the hub has the phone's last change: ${device.battery?.level === (sent - 1) % 101}`);
    const end = rss(pid);
    peak = Math.max(peak, end);
    console.log(`events sent ${sent}; rss start ${mb(start)} → after ${SECONDS} s ${mb(end)} (peak ${mb(peak)})`);
    stuck.destroy();
    phone.terminate();
  } finally {
    hub.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
