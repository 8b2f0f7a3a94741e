/**
 * Real answers of representative routes, checked against the response schemas the OpenAPI document
 * publishes: a phone, a script task run on it, its run, step log and events. The schemas list every
 * field (no additional properties), so an answer that grows or loses a field without its schema
 * fails here.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>>;
};

let hub: TestHub;
let phone: SimPhone;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const ids = { taskId: "", runId: "" };
let created: { status: number; json: unknown };

beforeAll(async () => {
  hub = await startHub();
  phone = await joinPhone(hub, "p1");
  doc = (await hub.api("GET", "/docs/openapi.json")).json as Doc;
  const task = await hub.api("POST", "/api/tasks", {
    goal: "tap twice",
    mode: "script",
    device: "p1",
    actions: [
      { action: "tap", x: 10, y: 10 },
      { action: "tap", x: 20, y: 20 },
    ],
  });
  created = task;
  ids.taskId = task.json.id;
  await until(async () => (await hub.app.hub.tasks.get(ids.taskId))?.status === "done", 15_000, "the script task");
  ids.runId = (await hub.api("GET", `/api/tasks/${ids.taskId}`)).json.runs[0].id;
});

afterAll(async () => {
  phone.stop();
  await hub.close();
});

/** The document's schema for this operation's answer with this status. */
function schemaOf(method: string, path: string, status: number): object {
  const schema =
    doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content["application/json"]?.schema;
  if (!schema) throw new Error(`no ${status} JSON schema for ${method} ${path}`);
  return schema;
}

function expectValid(method: string, path: string, answer: { status: number; json: unknown }): void {
  const validate = ajv.compile(schemaOf(method, path, answer.status));
  const valid = validate(answer.json);
  expect(validate.errors ?? [], `${method} ${path}: ${JSON.stringify(answer.json).slice(0, 400)}`).toEqual([]);
  expect(valid).toBe(true);
}

async function check(method: string, path: string, url: string, status = 200): Promise<unknown> {
  const answer = await hub.api(method, url);
  expect(answer.status, `${method} ${url}`).toBe(status);
  expectValid(method, path, answer);
  return answer.json;
}

describe("answers match the OpenAPI response schemas", () => {
  it("devices: the list, one phone, its screen", async () => {
    const list = (await check("GET", "/api/devices", "/api/devices")) as { devices: { id: string }[] };
    expect(list.devices.map((d) => d.id)).toEqual(["p1"]);
    await check("GET", "/api/devices/{id}", "/api/devices/p1");
    await check("GET", "/api/devices/{id}/ui", "/api/devices/p1/ui?raw=1");
  });

  it("tasks: create, list, one, its events", async () => {
    expect(created.status).toBe(201);
    expectValid("POST", "/api/tasks", created);
    const list = (await check("GET", "/api/tasks", "/api/tasks")) as { tasks: { id: string; runId: string }[] };
    expect(list.tasks).toContainEqual(expect.objectContaining({ id: ids.taskId, runId: ids.runId }));
    await check("GET", "/api/tasks/{id}", `/api/tasks/${ids.taskId}`);
    const events = (await check("GET", "/api/tasks/{id}/events", `/api/tasks/${ids.taskId}/events`)) as {
      events: unknown[];
    };
    expect(events.events.length).toBeGreaterThan(0);
  });

  it("runs: the list, one run, its step log", async () => {
    await check("GET", "/api/runs", "/api/runs");
    const run = (await check("GET", "/api/runs/{id}", `/api/runs/${ids.runId}`)) as { status: string };
    expect(run.status).toBe("done");
    const steps = (await check("GET", "/api/runs/{id}/steps", `/api/runs/${ids.runId}/steps`)) as {
      steps: unknown[];
    };
    expect(steps.steps.length).toBeGreaterThan(0);
  });

  it("keys, the audit trail and health", async () => {
    await check("GET", "/api/fleet-keys", "/api/fleet-keys");
    await check("GET", "/api/operator-keys", "/api/operator-keys");
    await check("GET", "/api/audit", "/api/audit");
    await check("GET", "/healthz", "/healthz");
  });

  it("state changes: keys, an enrolment, a star, a batch, a cancel, a phone's tags and drain", async () => {
    const post = async (method: string, path: string, url: string, body: unknown, status = 200) => {
      const answer = await hub.api(method, url, body);
      expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.json)}`).toBe(status);
      expectValid(method, path, answer);
      return answer.json;
    };
    const key = await post("POST", "/api/fleet-keys", "/api/fleet-keys", { label: "lab", tags: ["a"] }, 201);
    await post("DELETE", "/api/fleet-keys/{id}", `/api/fleet-keys/${key.id}`, undefined);
    await post("POST", "/api/operator-keys", "/api/operator-keys", { label: "ci", scope: "read" }, 201);
    await post("POST", "/api/enrollments", "/api/enrollments", { label: "qr", singleUse: true }, 201);
    await check("GET", "/api/enrollments/defaults", "/api/enrollments/defaults");
    await check("GET", "/readyz", "/readyz");
    await post("POST", "/api/runs/{id}/star", `/api/runs/${ids.runId}/star`, { starred: true });
    const batch = await post(
      "POST",
      "/api/tasks/batch",
      "/api/tasks/batch",
      { tasks: [{ goal: "later", tags: ["nowhere"], mode: "script", actions: [{ action: "tap", x: 1, y: 1 }] }] },
      201,
    );
    await post("POST", "/api/tasks/{id}/cancel", `/api/tasks/${batch.ids[0]}/cancel`, undefined);
    await post("PUT", "/api/devices/{id}/tags", "/api/devices/p1/tags", { tags: ["lab"] });
    await post("POST", "/api/devices/{id}/drain", "/api/devices/p1/drain", undefined);
    await post("POST", "/api/devices/{id}/undrain", "/api/devices/p1/undrain", undefined);
  });

  it("rejects an answer that drifts from its schema (the check can fail)", async () => {
    const answer = await hub.api("GET", "/api/devices/p1");
    const validate = ajv.compile(schemaOf("GET", "/api/devices/{id}", 200));
    expect(validate({ ...answer.json, undocumented: 1 })).toBe(false);
    const { status: _status, ...withoutStatus } = answer.json;
    expect(validate(withoutStatus)).toBe(false);
  });
});
