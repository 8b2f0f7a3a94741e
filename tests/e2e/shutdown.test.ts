/**
 * Prompt shutdown of the real process: with a run in progress, an SSE stream, a device socket that
 * never says Hello and two half-sent requests attached, SIGTERM ends them all and the process exits
 * 0 well before its old 10 s give-up; the run is recorded as interrupted.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../hub/store/database.js";
import { type HubProcess, spawnHub } from "../helpers/hub-process.js";
import { attachStragglers, type Stragglers } from "../helpers/stragglers.js";

let hub: HubProcess | undefined;
let stragglers: Stragglers | undefined;
afterEach(async () => {
  stragglers?.phone.stop();
  await hub?.dispose();
  hub = undefined;
  stragglers = undefined;
});

describe("shutdown", () => {
  it("ends SSE streams, silent sockets and half-sent requests on SIGTERM, exits 0 and marks the run interrupted", async () => {
    hub = await spawnHub();
    stragglers = await attachStragglers(hub.port);
    const signalled = performance.now();
    hub.child.kill("SIGTERM");
    const exit = await hub.exited;
    const ms = performance.now() - signalled;

    expect(exit).toEqual({ code: 0, signal: null });
    // A bound, not a benchmark (scripts/bench/shutdown.ts measures): the old code gave up at 10 s.
    expect(ms).toBeLessThan(5_000);
    // The SSE client read a complete response: a clean end, not a reset.
    expect(await stragglers.sse.ended).toBe("end");
    expect(stragglers.sse.received()).toContain(": hub shutting down");
    // The silent socket and the half-sent requests could not end by themselves: the hub cut them.
    expect(hub.output()).toMatch(/"connections":\d+,"msg":"closed connections still open at shutdown"/);

    const db = openDatabase(hub.dataDir);
    const run = db.prepare("SELECT status FROM runs WHERE id = ?").get(stragglers.runId) as { status: string };
    db.close();
    expect(run.status).toBe("interrupted");
    expect(hub.output()).not.toMatch(/"level":50/);
  });
});
