/**
 * `droidhub sim` draws its stream frames on a worker thread; Ctrl-C must still end it. (The worker
 * was unref'd before its message listener, which refs it again: a phone that had streamed never
 * exited, and the live-view bench hung on it.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { cleanEnv, droidhub } from "../helpers/cli-process.js";
import { endChild } from "../helpers/end-child.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../helpers/hub.js";

describe("droidhub sim after a live stream", () => {
  let hub: TestHub | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-sim-exit-"));
  afterAll(async () => {
    await hub?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("exits 0 on SIGINT once its phone has streamed frames to a viewer", async () => {
    hub = await startHub();
    const args = ["sim", "--hub", hub.wsUrl, "--key", FLEET_KEY, "--app", "login", "--prefix", "exit"];
    const sim = droidhub([...args, "--secrets-file", path.join(dir, "secrets.json")], dir, cleanEnv());
    try {
      await sim.waitFor("1/1 virtual phones joined");
      const viewer = new WebSocket(`${hub.wsUrl}/api/devices/exit-1/stream?access_token=${API_KEY}`);
      let frames = 0;
      viewer.on("message", (_data, binary) => {
        if (binary) frames++;
      });
      await until(() => frames >= 1, 30_000, "a frame from the sim's phone");
      viewer.close();
      const code = await Promise.race([
        sim.stop("SIGINT"),
        new Promise<string>((resolve) => setTimeout(() => resolve("still running 10 s after SIGINT"), 10_000)),
      ]);
      expect(code).toBe(0);
    } finally {
      await endChild(sim.child);
    }
  }, 90_000);
});
