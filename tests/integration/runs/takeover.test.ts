/**
 * Human takeover over real sockets and the virtual phone: while a human holds a run's phone the
 * agent's commands wait, the key that took over acts through the actions API, and hand-back lets the
 * run finish; the scopes, a finished run and the timeout are refused or fail cleanly.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY, until } from "../../helpers/hub.js";
import { loginPlanner, loginVerifier } from "../../helpers/login-brain.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A hub whose planner stops at its first call until the test lets it go. */
async function hubWithPhone(takeoverTimeoutMs?: number) {
  let planning!: () => void;
  const planned = new Promise<void>((resolve) => {
    planning = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const brain = loginPlanner({ email: "ann@example.com" });
  let first = true;
  const model = new ScriptedModel()
    .otherwise("planner", async (request: ScriptedRequest) => {
      if (first) {
        first = false;
        planning();
        await released;
      }
      return brain(request);
    })
    .otherwise("verifier", loginVerifier);
  const config = loadConfig({
    overrides: {
      apiKey: API_KEY,
      fleetKey: FLEET_KEY,
      logLevel: "silent",
      dataDir: ":memory:",
      ...(takeoverTimeoutMs ? { takeoverTimeoutMs } : {}),
    },
  });
  const app = await buildApp(config, { model, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const device = new VirtualDevice({ deviceId: "p1", app: "login" });
  const phone = new SimPhone(device, { url: `ws://127.0.0.1:${port}/v1/devices/connect`, fleetKey: FLEET_KEY });
  await phone.start();
  cleanups.push(async () => {
    release();
    phone.stop();
    await app.close();
  });
  const api = async (method: string, url: string, body?: unknown, key: string | null = API_KEY) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, text, json: text.startsWith("{") ? JSON.parse(text) : undefined };
  };
  const key = async (scope: string, label: string): Promise<string> => {
    const created = await api("POST", "/api/operator-keys", { label, scope });
    expect(created.status).toBe(201);
    return created.json.key as string;
  };
  const startRun = async (): Promise<string> => {
    const created = await api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: CORRECT_PASSWORD },
    });
    expect(created.status).toBe(201);
    await planned;
    return created.json.runId as string;
  };
  const run = async (runId: string) => (await api("GET", `/api/runs/${runId}`)).json;
  const events = async (runId: string) => (await api("GET", `/api/runs/${runId}/events`)).text;
  return { api, key, startRun, run, events, release, device, base: `http://127.0.0.1:${port}` };
}

describe("human takeover", () => {
  it("holds the agent's commands, lets the human act through the API, and the run finishes after hand-back", async () => {
    const hub = await hubWithPhone();
    const human = await hub.key("control", "night shift");
    const other = await hub.key("control", "other operator");
    const runId = await hub.startRun();

    const taken = await hub.api("POST", `/api/runs/${runId}/takeover`, undefined, human);
    expect(taken.status).toBe(200);
    expect(taken.json).toMatchObject({ runId, deviceId: "p1", timeoutMs: 600_000 });
    // Another key is still refused the phone; a second takeover by another key conflicts.
    const refused = await hub.api("POST", "/api/devices/p1/actions", { action: "key", key: "back" }, other);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("DEVICE_BUSY");
    expect((await hub.api("POST", `/api/runs/${runId}/takeover`, undefined, other)).status).toBe(409);

    hub.release(); // the agent plans and reaches for the phone: its command must wait
    const tap = await hub.api("POST", "/api/devices/p1/actions", { action: "tap", x: 5, y: 5 }, human);
    expect(tap.status).toBe(200);
    expect(tap.json.ok).toBe(true);
    // The human's screenshot (masked through the run's agent) is not held back with the agent's commands.
    const screenshot = await fetch(`${hub.base}/api/devices/p1/screenshot`, {
      headers: { authorization: `Bearer ${human}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(screenshot.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await hub.run(runId)).status).toBe("running");
    // Only the key that took over hands back.
    const wrong = await hub.api("POST", `/api/runs/${runId}/handback`, undefined, other);
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.code).toBe("FORBIDDEN");

    expect((await hub.api("POST", `/api/runs/${runId}/handback`, undefined, human)).status).toBe(200);
    await until(async () => (await hub.run(runId)).status !== "running", 30_000);
    expect((await hub.run(runId)).status).toBe("done");
    const log = await hub.events(runId);
    expect(log).toContain('"type":"takeover_started","by":"night shift"');
    expect(log).toContain('"type":"takeover_ended","by":"night shift","how":"handback"');
    expect(log).not.toContain(human);
    // Nothing the agent did on the phone was recorded while the human held it.
    const held = log.slice(log.indexOf("takeover_started"), log.indexOf("takeover_ended"));
    expect(held).not.toMatch(/event: step_(frame|finished)/);
  }, 60_000);

  it("drops the agent's action held during the takeover: after hand-back it looks again and replans", async () => {
    const hub = await hubWithPhone();
    const runId = await hub.startRun();
    expect((await hub.api("POST", `/api/runs/${runId}/takeover`)).status).toBe(200);
    hub.release(); // the first plan was made on the screen before the takeover; its first step waits
    // (The run's event stream stays open while it runs; give the agent time to reach for the phone.)
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const tapsBefore = hub.device.executed.filter((e) => e.kind === "tap").length;
    expect((await hub.api("POST", `/api/runs/${runId}/handback`)).status).toBe(200);
    await until(async () => (await hub.run(runId)).status !== "running", 30_000);
    const ended = await hub.run(runId);
    expect(ended.status, ended.reason).toBe("done");
    const log = await hub.events(runId);
    const afterHandback = log.slice(log.indexOf("takeover_ended"));
    // The held step was not carried out: a replan says why, and a new plan comes before any verdict.
    expect(afterHandback).toMatch(/event: replan\nid: \d+\ndata: [^\n]*a human took the phone after it was planned/);
    expect(afterHandback.indexOf("event: plan")).toBeGreaterThan(-1);
    expect(afterHandback.indexOf("event: plan")).toBeLessThan(afterHandback.indexOf("event: step_finished"));
    expect(tapsBefore).toBe(0);
  }, 60_000);

  it("refuses a read key (403), no key (401), an unknown run (404) and a finished run (409)", async () => {
    const hub = await hubWithPhone();
    const reader = await hub.key("read", "viewer");
    const runId = await hub.startRun();
    const read = await hub.api("POST", `/api/runs/${runId}/takeover`, undefined, reader);
    expect(read.status).toBe(403);
    expect(read.json.error.code).toBe("FORBIDDEN");
    const none = await hub.api("POST", `/api/runs/${runId}/takeover`, undefined, null);
    expect(none.status).toBe(401);
    expect((await hub.api("POST", "/api/runs/nope/takeover")).status).toBe(404);
    expect((await hub.api("POST", `/api/runs/${runId}/handback`)).status).toBe(409);
    hub.release();
    await until(async () => (await hub.run(runId)).status !== "running", 30_000);
    expect((await hub.run(runId)).status).toBe("done");
    const late = await hub.api("POST", `/api/runs/${runId}/takeover`);
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("CONFLICT");
  }, 60_000);

  it("fails the run with TAKEOVER_TIMEOUT when the human never hands back", async () => {
    const hub = await hubWithPhone(500);
    const runId = await hub.startRun();
    expect((await hub.api("POST", `/api/runs/${runId}/takeover`)).status).toBe(200);
    hub.release();
    await until(async () => (await hub.run(runId)).status !== "running", 30_000);
    const ended = await hub.run(runId);
    expect(ended.status).toBe("failed");
    expect(ended.reason).toContain("TAKEOVER_TIMEOUT");
    const log = await hub.events(runId);
    expect(log).toContain('"how":"timeout"');
    // The agent never acted while the human held the phone.
    expect(log.slice(log.indexOf("takeover_started"), log.indexOf("takeover_ended"))).not.toMatch(
      /event: step_finished/,
    );
    // The phone is free again once the run ended.
    const after = await hub.api("POST", "/api/devices/p1/actions", { action: "key", key: "back" });
    expect(after.status).toBe(200);
  }, 60_000);
});
