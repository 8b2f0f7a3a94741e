/**
 * A fleet of virtual phones in a child process (cluster-phone-process.ts) for the cluster tests:
 * they join through the balancer, reconnect by themselves when their hub dies, and log every command
 * they execute (hub/sim/command-log.ts), which the test fetches to check that none ran twice.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExecutedCommand } from "../../hub/sim/command-log.js";
import { FLEET_KEY } from "./hub.js";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface FleetLog {
  entries: ExecutedCommand[];
  /** Welcome frames each phone received (1 + its rejoins). */
  joins: Record<string, number>;
  /** Phones online when the log was taken. */
  online: number;
}

export interface PhoneFleet {
  /** The phones' ids, `<prefix>-0` … */
  ids: string[];
  log(): Promise<FleetLog>;
  /** Cuts these phones' connections, as a lost network does; they reconnect through the balancer. */
  drop(ids: readonly string[]): void;
  stop(): Promise<void>;
}

/**
 * Starts `count` phones joining `url`; resolves once every one was welcomed. Its stop is pushed on
 * `stops` at once, so a fleet that fails to join is stopped with the rest.
 */
export async function startPhoneFleet(
  url: string,
  count: number,
  stops: (() => Promise<void>)[],
  prefix = "node",
): Promise<PhoneFleet> {
  const child: ChildProcess = fork(
    path.join(here, "cluster-phone-process.ts"),
    [url, String(count), FLEET_KEY, prefix],
    {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.send({ type: "stop" });
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  stops.push(stop);
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the phone process exited with ${code} before joining`));
    child.once("exit", onExit);
    child.once("message", (message: { refused?: string[] }) => {
      child.off("exit", onExit);
      if (message.refused?.length) reject(new Error(`phones refused by the hubs: ${message.refused.join(", ")}`));
      else resolve();
    });
  });
  return {
    ids: Array.from({ length: count }, (_, i) => `${prefix}-${i}`),
    log: () =>
      new Promise<FleetLog>((resolve) => {
        const onMessage = (message: FleetLog & { type: string }) => {
          if (message.type !== "log") return;
          child.off("message", onMessage);
          resolve(message);
        };
        child.on("message", onMessage);
        child.send({ type: "log" });
      }),
    drop(ids) {
      child.send({ type: "drop", ids });
    },
    stop,
  };
}
