/**
 * Fleet tools over /mcp: a phone an MCP session allocates is leased like a running task's, so the
 * dispatcher starts no task on it until it is released; the lease ends with the session, whether the
 * client deletes it or simply vanishes (idle past DROIDHUB_MCP_IDLE_MS); task tools go through the
 * task API as the session's key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTokens } from "../../../hub/perception/tokens.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { loadSharp } from "../../../hub/util/sharp.js";
import { API_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { callTool, connectMcp, errorCode, jsonOf, type McpConnection } from "../../helpers/mcp.js";
import { joinPhone } from "../../helpers/phones.js";

const IDLE_MS = 1_500;
let hub: TestHub;
let phones: SimPhone[];
let mcp: McpConnection;

beforeAll(async () => {
  // sharp and the tokenizer load at their first use, which a task run is: loaded here, before any
  // session starts, so the short idle limit measures the tests' own pauses, not a cold first run.
  await loadSharp();
  countTokens("warm up");
  hub = await startHub({}, { config: { mcpIdleMs: IDLE_MS } });
  phones = [await joinPhone(hub, "p1"), await joinPhone(hub, "p2")];
  await hub.api("PUT", "/api/devices/p2/tags", { tags: ["lab"] });
  mcp = await connectMcp(hub);
});

afterAll(async () => {
  await mcp.client.close();
  for (const phone of phones) phone.stop();
  await hub.close();
});

const scriptTask = (device: string) => ({
  goal: "tap once",
  mode: "script",
  device,
  actions: [{ action: "tap", x: 10, y: 10 }],
});

const taskStatus = async (id: string) => (await hub.app.hub.tasks.get(id))?.status;

describe("allocate_device / release_device", () => {
  it("holds the phone against the queue: a task for it waits until release, then runs", async () => {
    expect(jsonOf(await callTool(mcp.client, "allocate_device", { device: "p1" }))).toEqual({
      device: "p1",
      held: true,
    });
    expect(hub.app.hub.registry.get("p1")?.lease).toMatch(/^mcp:/);
    const task = await hub.api("POST", "/api/tasks", scriptTask("p1"));
    expect(task.status).toBe(201);
    expect(task.json.status).toBe("queued");
    // The held phone can still be driven by its holder while the task waits.
    const tap = await callTool(mcp.client, "mobile_click_on_screen_at_coordinates", { device: "p1", x: 5, y: 5 });
    expect(tap.isError).toBeFalsy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await taskStatus(task.json.id)).toBe("queued");
    const viaMcp = jsonOf(await callTool(mcp.client, "get_task", { id: task.json.id }));
    expect(viaMcp).toMatchObject({ id: task.json.id, status: "queued" });

    expect(jsonOf(await callTool(mcp.client, "release_device", { device: "p1" }))).toEqual({
      device: "p1",
      held: false,
    });
    await until(async () => (await taskStatus(task.json.id)) === "done", 10_000, "the task after release");
    const runId = (await hub.api("GET", `/api/tasks/${task.json.id}`)).json.runs[0].id;
    const run = jsonOf(await callTool(mcp.client, "get_run", { id: runId }));
    expect(run).toMatchObject({ id: runId, report: `/api/runs/${runId}/report` });
    expect(Array.isArray(run.steps)).toBe(true);
  });

  it("picks a free phone by tags, refuses a held one, and releases only what it holds", async () => {
    expect(jsonOf(await callTool(mcp.client, "allocate_device", { tags: ["lab"] }))).toEqual({
      device: "p2",
      held: true,
    });
    const other = await connectMcp(hub);
    try {
      expect(errorCode(await callTool(other.client, "allocate_device", { device: "p2" }))).toBe("DEVICE_BUSY");
      expect(errorCode(await callTool(other.client, "allocate_device", { tags: ["lab"] }))).toBe("CONFLICT");
      expect(errorCode(await callTool(other.client, "release_device", { device: "p2" }))).toBe("CONFLICT");
      expect(errorCode(await callTool(other.client, "allocate_device", { min_sdk: 99 }))).toBe("CONFLICT");
    } finally {
      await other.client.close();
    }
    expect(jsonOf(await callTool(mcp.client, "release_device", { device: "p2" }))).toEqual({
      device: "p2",
      held: false,
    });
  });

  it("releases the phones of a session the client deletes", async () => {
    const gone = await connectMcp(hub);
    await callTool(gone.client, "allocate_device", { device: "p2" });
    expect(hub.app.hub.registry.get("p2")?.lease).toMatch(/^mcp:/);
    await gone.transport.terminateSession();
    await gone.client.close();
    await until(() => hub.app.hub.registry.get("p2")?.lease === undefined, 5_000, "release at session end");
  });

  it("releases the phones of a client that vanished once its session is idle, and the queue runs again", async () => {
    const vanished = await connectMcp(hub);
    await callTool(vanished.client, "allocate_device", { device: "p1" });
    const task = await hub.api("POST", "/api/tasks", scriptTask("p1"));
    expect(task.json.status).toBe("queued");
    // No close, no DELETE: the client is simply never heard from again.
    await until(async () => (await taskStatus(task.json.id)) === "done", IDLE_MS * 8, "the task after expiry");
    expect(hub.app.hub.registry.get("p1")?.lease).toBeUndefined();
    // The vanished session is gone: its id answers 404, as the protocol expects of an ended session.
    const late = await callTool(vanished.client, "mobile_list_available_devices").catch((error: unknown) => error);
    expect(late).toMatchObject({ code: 404 });
  });
});

describe("task tools", () => {
  beforeAll(async () => {
    // The first session went idle while the vanished client's lease expired: a client reconnects.
    await mcp.client.close();
    mcp = await connectMcp(hub);
  });

  it("refuses an agent task on a hub without a model with MODEL_NOT_CONFIGURED", async () => {
    const refused = await callTool(mcp.client, "run_task", { goal: "open settings", device: "p1" });
    expect(errorCode(refused)).toBe("MODEL_NOT_CONFIGURED");
    const unknown = await callTool(mcp.client, "get_task", { id: "no-such-task" });
    expect(errorCode(unknown)).toBe("NOT_FOUND");
  });

  it("lists and stops tasks", async () => {
    await callTool(mcp.client, "allocate_device", { device: "p1" });
    const task = await hub.api("POST", "/api/tasks", scriptTask("p1"));
    const listed = jsonOf(await callTool(mcp.client, "list_tasks", { status: "queued" }));
    expect(listed.tasks.map((t: { id: string }) => t.id)).toContain(task.json.id);
    expect(jsonOf(await callTool(mcp.client, "cancel_task", { id: task.json.id }))).toMatchObject({
      id: task.json.id,
      status: "cancelled",
    });
    await callTool(mcp.client, "release_device", { device: "p1" });
  });

  it("refuses a request body over the /mcp limit with 413", async () => {
    const big = await fetch(`${hub.baseUrl}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${API_KEY}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(300 * 1024) } }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
