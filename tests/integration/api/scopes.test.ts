/**
 * Operator keys have a scope (read < control < admin), are created, listed and revoked through the
 * API and the CLI, and every state-changing call lands in the audit trail without secret values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCommand } from "../../../hub/cli/audit.js";
import { keysCommand } from "../../../hub/cli/keys.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { API_KEY, startHub, type TestHub } from "../../helpers/hub.js";
import { captureOutput as capture } from "../../helpers/output.js";
import { joinPhone } from "../../helpers/phones.js";

let hub: TestHub;
let phone: SimPhone;
const keys: Record<"read" | "control" | "admin", { id: number; key: string }> = {} as never;

beforeAll(async () => {
  hub = await startHub();
  phone = await joinPhone(hub, "p1");
  for (const scope of ["read", "control", "admin"] as const) {
    const created = await hub.api("POST", "/api/operator-keys", { label: `${scope} key`, scope });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    keys[scope] = { id: created.json.id, key: created.json.key };
  }
});

afterAll(async () => {
  phone.stop();
  await hub.close();
});

const as = (scope: keyof typeof keys) => keys[scope].key;

describe("scopes", () => {
  it("read lists and watches, control acts, admin manages keys", async () => {
    const tap = { action: "tap", x: 10, y: 10 };
    const matrix: [string, string, unknown, Record<string, number>][] = [
      ["GET", "/api/devices", undefined, { read: 200, control: 200, admin: 200 }],
      ["GET", "/api/devices/p1/screenshot", undefined, { read: 200, control: 200, admin: 200 }],
      ["GET", "/metrics", undefined, { read: 200, control: 200, admin: 200 }],
      ["POST", "/api/devices/p1/actions", tap, { read: 403, control: 200, admin: 200 }],
      ["PUT", "/api/devices/p1/tags", { tags: ["lab"] }, { read: 403, control: 200, admin: 200 }],
      ["GET", "/api/fleet-keys", undefined, { read: 403, control: 403, admin: 200 }],
      ["POST", "/api/fleet-keys", { label: "x" }, { read: 403, control: 403, admin: 201 }],
      ["GET", "/api/operator-keys", undefined, { read: 403, control: 403, admin: 200 }],
      ["GET", "/api/audit", undefined, { read: 403, control: 403, admin: 200 }],
    ];
    for (const [method, path, body, expected] of matrix) {
      for (const scope of ["read", "control", "admin"] as const) {
        const answer = await hub.api(method, path, body, as(scope));
        expect(answer.status, `${scope} ${method} ${path}`).toBe(expected[scope]);
        if (answer.status === 403) {
          expect(answer.json.error.code).toBe("FORBIDDEN");
          expect(answer.json.error.details.scope).toBe(scope);
        }
      }
    }
  });

  it("lists keys without key material and revokes them at once", async () => {
    const listed = await hub.api("GET", "/api/operator-keys");
    expect(listed.raw.toString()).not.toContain(as("read"));
    expect(listed.json.keys.map((k: { scope: string }) => k.scope)).toEqual(["admin", "read", "control", "admin"]);
    expect(listed.json.keys[0].fromEnvironment).toBe(true);

    const temp = await hub.api("POST", "/api/operator-keys", { label: "temp", scope: "read" });
    expect((await hub.api("GET", "/api/devices", undefined, temp.json.key)).status).toBe(200);
    expect((await hub.api("DELETE", `/api/operator-keys/${temp.json.id}`)).status).toBe(200);
    const after = await hub.api("GET", "/api/devices", undefined, temp.json.key);
    expect(after.status).toBe(401);
    expect((await hub.api("DELETE", `/api/operator-keys/${temp.json.id}`)).status).toBe(404);
  });

  it("refuses to revoke the environment's key, and refuses bad key bodies", async () => {
    const env = await hub.api("DELETE", "/api/operator-keys/1", undefined, as("admin"));
    expect(env.status).toBe(409);
    expect(env.json.error.message).toMatch(/DROIDHUB_API_KEY/);
    for (const body of [{ label: "x", scope: "root" }, { label: "", scope: "read" }, { scope: "read" }]) {
      const answer = await hub.api("POST", "/api/operator-keys", body);
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe("INVALID_BODY");
    }
  });

  it("a control key may not mint itself an admin key", async () => {
    const answer = await hub.api("POST", "/api/operator-keys", { label: "escalate", scope: "admin" }, as("control"));
    expect(answer.status).toBe(403);
  });
});

describe("audit trail", () => {
  it("records who changed what, with outcome, and never a secret value", async () => {
    const secret = "hunter2-very-secret";
    const typed = "typed-text-that-is-private";
    await hub.api("POST", "/api/devices/p1/actions", { action: "input", text: typed }, as("control"));
    const task = await hub.api(
      "POST",
      "/api/tasks",
      { goal: "type it", mode: "script", device: "p1", secrets: { password: secret }, actions: [{ action: "back" }] },
      as("control"),
    );
    expect(task.status).toBe(400); // "back" is not an action: refused, and on the record
    const good = await hub.api(
      "POST",
      "/api/tasks",
      {
        goal: "type it",
        mode: "script",
        device: "p1",
        secrets: { password: secret },
        actions: [{ action: "key", key: "back" }],
      },
      as("control"),
    );
    expect(good.status).toBe(201);
    await hub.api("POST", "/api/fleet-keys", { label: "nope" }, as("read"));
    await hub.api("GET", "/api/devices", undefined, as("control")); // reads are not audited
    await hub.api("POST", "/api/devices/p1/actions", { action: "tap", x: 1, y: 1 }, "not-a-key-0123456789"); // nor 401s

    const page = await hub.api("GET", "/api/audit?limit=100");
    const dump = JSON.stringify(page.json);
    for (const leaked of [secret, typed, API_KEY, as("control"), as("read")]) expect(dump).not.toContain(leaked);
    const entries = page.json.entries as {
      keyId: number;
      keyLabel: string;
      action: string;
      target?: { type: string; id: string };
      outcome: string;
      status: number;
      errorCode?: string;
      detail?: Record<string, unknown>;
    }[];
    expect(entries.every((e) => e.action.split(" ")[0] !== "GET")).toBe(true);
    const [refused, created, badTask, input] = entries;
    expect(refused).toMatchObject({
      keyId: keys.read.id,
      keyLabel: "read key",
      action: "POST /api/fleet-keys",
      outcome: "error",
      status: 403,
      errorCode: "FORBIDDEN",
    });
    expect(created).toMatchObject({
      keyLabel: "control key",
      action: "POST /api/tasks",
      target: { type: "task", id: good.json.id },
      outcome: "ok",
      status: 201,
    });
    expect(badTask).toMatchObject({ action: "POST /api/tasks", status: 400, errorCode: "INVALID_BODY" });
    expect(input).toMatchObject({
      action: "POST /api/devices/:id/actions",
      target: { type: "device", id: "p1" },
      detail: { action: "input" },
    });
    // Typing with no field focused is the phone's error, and it is on the record as such.
    expect(input!.errorCode).toBe(input!.outcome === "ok" ? undefined : "DEVICE_ERROR");
    expect(entries.filter((e) => e.status === 401)).toEqual([]);
  });

  it("pages backwards with a cursor and filters by device", async () => {
    for (let i = 0; i < 5; i++) await hub.api("POST", "/api/devices/p1/drain", undefined, as("control"));
    const seen: number[] = [];
    let before: number | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await hub.api("GET", `/api/audit?limit=3${before ? `&before=${before}` : ""}`);
      expect(page.json.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.json.entries.map((e: { id: number }) => e.id));
      before = page.json.next;
      if (before === undefined) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const all = await hub.api("GET", "/api/audit?limit=500");
    expect(seen.length).toBe(all.json.entries.length);
    const device = await hub.api("GET", "/api/audit?device=p1&limit=500");
    expect(device.json.entries.length).toBeGreaterThanOrEqual(7);
    expect(device.json.entries.every((e: { target: { id: string } }) => e.target.id === "p1")).toBe(true);
  });
});

describe("CLI", () => {
  it("creates, lists and revokes keys and reads the audit trail", async () => {
    const flags = ["--hub", hub.baseUrl, "--key", API_KEY];
    const created = capture();
    expect(await keysCommand(["create", "--label", "ci dashboards", "--scope", "read", ...flags], created.out)).toBe(0);
    const key = created.text().trim().split("\n").at(-1)!;
    expect((await hub.api("GET", "/api/devices", undefined, key)).status).toBe(200);
    const listed = capture();
    await keysCommand(["list", ...flags], listed.out);
    expect(listed.text()).toMatch(/read\s+active\s+\S+ \S+\s+ci dashboards/);
    expect(listed.text()).not.toContain(key);
    const id = /(\d+)\s+read\s+active\s+\S+ \S+\s+ci dashboards/.exec(listed.text())![1]!;
    await keysCommand(["revoke", id, ...flags], capture().out);
    expect((await hub.api("GET", "/api/devices", undefined, key)).status).toBe(401);
    const audit = capture();
    expect(await auditCommand(["--limit", "5", ...flags], audit.out)).toBe(0);
    expect(audit.text()).toContain("DELETE /api/operator-keys/:id");
    expect(audit.text()).toContain(`operator_key:${id}`);
    await expect(keysCommand(["create", "--label", "x", ...flags], capture().out)).rejects.toThrow(/--scope/);
    await expect(keysCommand(["list", "--hub", hub.baseUrl, "--key", key], capture().out)).rejects.toThrow(
      /UNAUTHORIZED/,
    );
  });
});
