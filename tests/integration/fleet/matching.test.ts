/**
 * Who gets what: pinned devices, tags, minimum SDK, installed apps, priority, drain, quarantine —
 * and `droidhub tasks add` with a 100-line file draining over a small virtual fleet.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tasksCommand } from "../../../hub/cli/tasks.js";
import type { TaskQueue } from "../../../hub/fleet/ports.js";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { captureOutput } from "../../helpers/output.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tap = [{ action: "tap", x: 540, y: 1200 }];

async function fleetOf(ids: string[], gateway: Record<string, number> = {}): Promise<TestHub> {
  const hub = await startHub(gateway);
  cleanups.push(() => hub.close());
  for (const id of ids) {
    const phone = await joinPhone(hub, id, { app: "launcher" });
    cleanups.push(() => phone.stop());
  }
  return hub;
}

async function finalStatus(hub: TestHub, id: string): Promise<{ status: string; lastDevice?: string | undefined }> {
  const status = async () => (await hub.app.hub.tasks.get(id))!.status;
  await until(async () => !["queued", "running"].includes(await status()), 10_000, `task ${id}`);
  return (await hub.app.hub.tasks.get(id))!;
}

describe("dispatch rules", () => {
  it("honours pinning, tags, minimum SDK and installed apps", async () => {
    const hub = await fleetOf(["ru-1", "plain-1"]);
    expect((await hub.api("PUT", "/api/devices/ru-1/tags", { tags: ["ru"] })).status).toBe(200);
    const submit = async (extra: Record<string, unknown>) =>
      (await hub.api("POST", "/api/tasks", { goal: "t", mode: "script", actions: tap, ...extra })).json.id as string;
    const pinned = await submit({ device: "plain-1" });
    const tagged = await submit({ tags: ["ru"] });
    const browser = await submit({ app: "com.droidhub.browser" });
    const missingApp = await submit({ app: "com.not.installed" });
    const tooNew = await submit({ min_sdk: 35 });
    expect(await finalStatus(hub, pinned)).toMatchObject({ status: "done", lastDevice: "plain-1" });
    expect(await finalStatus(hub, tagged)).toMatchObject({ status: "done", lastDevice: "ru-1" });
    expect((await finalStatus(hub, browser)).status).toBe("done");
    await new Promise((r) => setTimeout(r, 300));
    expect((await hub.app.hub.tasks.get(missingApp))!.status).toBe("queued");
    expect((await hub.app.hub.tasks.get(tooNew))!.status).toBe("queued");
    const task = (await hub.api("GET", `/api/tasks/${missingApp}`)).json;
    expect(task.tags).toEqual(["app:com.not.installed"]);
    expect((await hub.api("POST", `/api/tasks/${missingApp}/cancel`)).json.status).toBe("cancelled");
  });

  it("asks the queue whether a task needs an app once per submission, not once per claim", async () => {
    const hub = await fleetOf(["q-1", "q-2"]);
    const queue = hub.app.hub.tasks as unknown as TaskQueue;
    const asked = queue.requiresTag.bind(queue);
    let questions = 0;
    queue.requiresTag = (prefix: string) => {
      questions++;
      return asked(prefix);
    };
    const ids: string[] = [];
    for (const _ of [1, 2]) {
      const { json } = await hub.api("POST", "/api/tasks/batch", {
        tasks: Array.from({ length: 10 }, () => ({ goal: "t", mode: "script", actions: tap })),
      });
      ids.push(...(json.ids as string[]));
    }
    for (const id of ids) expect((await finalStatus(hub, id)).status).toBe("done");
    // Two submissions (two offer rounds) and 20 claims (plus the empty ones after): two questions.
    expect(questions).toBe(2);
  });

  it("phones freed together ask a queue that answers several at once in one request", async () => {
    const hub = await fleetOf(["m-1", "m-2", "m-3", "m-4"]);
    const queue = hub.app.hub.tasks as unknown as TaskQueue;
    const asked: number[] = [];
    // The embedded queue answers from memory and needs no claimAll; given one, the phones use it.
    queue.claimAll = (phones, now) => {
      asked.push(phones.length);
      return Promise.all(phones.map((phone) => queue.claim(phone, now)));
    };
    const { json } = await hub.api("POST", "/api/tasks/batch", {
      tasks: Array.from({ length: 8 }, () => ({ goal: "t", mode: "script", actions: tap })),
    });
    for (const id of json.ids as string[]) expect((await finalStatus(hub, id)).status).toBe("done");
    // The submission's offer asks for the idle phones in one request (a phone still answering an
    // earlier claim is not among them), and every task was claimed through claimAll.
    expect(Math.max(0, ...asked)).toBeGreaterThan(1);
    expect(asked.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(8);
  });

  it("runs higher priority first, then older first, and skips a draining phone", async () => {
    const hub = await fleetOf(["only"]);
    await hub.api("POST", "/api/devices/only/drain");
    expect((await hub.api("GET", "/api/devices/only")).json.status).toBe("draining");
    const ids: string[] = [];
    for (const priority of [0, 5, 0, 9]) {
      ids.push(
        (await hub.api("POST", "/api/tasks", { goal: `p${priority}`, mode: "script", actions: tap, priority })).json.id,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
    const tasks = await Promise.all(ids.map((id) => hub.app.hub.tasks.get(id)));
    expect(tasks.map((task) => task!.status)).toEqual(["queued", "queued", "queued", "queued"]);
    await hub.api("POST", "/api/devices/only/undrain");
    for (const id of ids) await finalStatus(hub, id);
    const runs = (await hub.app.hub.stores.runs.listRuns({ limit: 10 })).reverse();
    const ran = await Promise.all(runs.map((r) => hub.app.hub.tasks.get(r.taskId)));
    expect(ran.map((task) => task!.goal)).toEqual(["p9", "p5", "p0", "p0"]);
    expect(runs[2]!.taskId).toBe(ids[0]); // the older of the two p0 tasks
  });

  it("quarantines a phone after 3 infrastructure failures in a row, and releases it on request", async () => {
    const hub = await startHub({ commandTimeoutMs: 150 });
    cleanups.push(() => hub.close());
    const mute = new RawPhone(hub.wsUrl, "mute"); // joins, then never answers a command
    await mute.join();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        (
          await hub.api("POST", "/api/tasks", {
            goal: `t${i}`,
            mode: "script",
            actions: tap,
            device: "mute",
            max_attempts: 1,
          })
        ).json.id,
      );
    }
    for (const id of ids.slice(0, 3)) expect((await finalStatus(hub, id)).status).toBe("failed");
    // The console says so: one warning per failed task, naming it and the phone.
    const failures = hub.logs.filter((line) => line.includes("task failed after 1 attempt; last on mute"));
    expect(failures).toHaveLength(3);
    expect(JSON.parse(failures[0]!)).toMatchObject({ level: 40, taskId: ids[0], deviceId: "mute", attempt: 1 });
    const device = (await hub.api("GET", "/api/devices/mute")).json;
    expect(device).toMatchObject({ status: "quarantined", quarantined: true, infraFailures: 3 });
    await new Promise((r) => setTimeout(r, 200));
    expect((await hub.app.hub.tasks.get(ids[3]!))!.status).toBe("queued"); // nothing more for a quarantined phone
    expect((await hub.api("POST", "/api/devices/mute/release")).json.status).not.toBe("quarantined");
    expect((await finalStatus(hub, ids[3]!)).status).toBe("failed"); // it ran again (and timed out again)
  });
});

describe("fleet keys", () => {
  it("gives phones the tags of the fleet key they enrol with; a revoked key lets no new phone in", async () => {
    const hub = await fleetOf([]);
    const created = await hub.api("POST", "/api/fleet-keys", { label: "lab in Riga", tags: ["lv", "lab"] });
    expect(created.status).toBe(201);
    expect(created.json.key).toMatch(/^dhf_/);
    const phone = await joinPhone(hub, "riga-1", { app: "launcher" }, { fleetKey: created.json.key });
    cleanups.push(() => phone.stop());
    expect((await hub.api("GET", "/api/devices/riga-1")).json.tags).toEqual(["lv", "lab"]);
    const task = (await hub.api("POST", "/api/tasks", { goal: "t", mode: "script", actions: tap, tags: ["lv"] })).json
      .id;
    expect(await finalStatus(hub, task)).toMatchObject({ status: "done", lastDevice: "riga-1" });
    const listed = await hub.api("GET", "/api/fleet-keys");
    expect(JSON.stringify(listed.json)).not.toContain(created.json.key);
    expect((await hub.api("DELETE", `/api/fleet-keys/${created.json.id}`)).status).toBe(200);
    await expect(joinPhone(hub, "riga-2", {}, { fleetKey: created.json.key })).rejects.toThrow(/401/);
  });
});

describe("droidhub tasks add", () => {
  it("queues a 100-line file and follows it until the fleet has drained it", async () => {
    const hub = await fleetOf(["f1", "f2", "f3", "f4", "f5"]);
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-tasks-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "tasks.txt");
    const captured = captureOutput();
    const out = captured.out;
    // One task per line (JSON lines, since script tasks need actions); # comments are skipped.
    writeFileSync(
      file,
      `${Array.from({ length: 100 }, (_, i) => (i % 2 ? JSON.stringify({ goal: `task ${i}`, actions: tap }) : `# skipped ${i}\n${JSON.stringify({ goal: `task ${i}`, actions: tap, priority: 2 })}`)).join("\n")}\n`,
    );
    const code = await tasksCommand(
      ["add", file, "--mode", "script", "--follow", "--hub", hub.baseUrl, "--key", API_KEY],
      out,
    );
    expect(code, captured.text()).toBe(0);
    expect(captured.text()).toMatch(/^queued 100 tasks$/m);
    expect(captured.text()).toMatch(/queued 0 {2}running 0 {2}done 100/);
    const bad = path.join(dir, "bad.txt");
    writeFileSync(bad, `ok goal\n{"goal": "broken"\n`);
    await expect(tasksCommand(["add", bad, "--hub", hub.baseUrl, "--key", API_KEY], out)).rejects.toThrow(/line 2/);
  });
});
