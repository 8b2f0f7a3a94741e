/**
 * Authorisation belongs to the route: every route of the OpenAPI document, spelled 25 ways over a
 * raw socket (percent-encoding, case, `//`, `/./`, `..`, `;`, trailing junk), answers 401 or 404 —
 * never 2xx — with no key, a wrong key and the fleet key. Scopes order read < control < admin.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredAccess, installAccessControl } from "../../../hub/api/access.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { rawRequest } from "../../helpers/raw-http.js";

/** Percent-encodes every character of `text`. */
const encodeAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");

/** The spellings of `path` ("/api/devices/p1/actions") an attacker would try. */
function spellings(path: string): string[] {
  const [, first = "", ...rest] = path.split("/");
  const tail = rest.length ? `/${rest.join("/")}` : "";
  const firstChar = first[0] ?? "a";
  return [
    path,
    `/%${firstChar.charCodeAt(0).toString(16)}${first.slice(1)}${tail}`, // %61pi
    `/%${firstChar.charCodeAt(0).toString(16).toUpperCase()}${first.slice(1)}${tail}`,
    `/${encodeAll(first)}${tail}`,
    path.split("/").map(encodeAll).join("/"),
    `/${first}%2F${rest.join("%2F")}`,
    `/${first}%2f${rest.join("%2f")}`,
    `/%2561${first.slice(1)}${tail}`, // double encoding
    `//${path.slice(1)}`,
    `/./${path.slice(1)}`,
    `/x/../${path.slice(1)}`,
    `/%2e/${path.slice(1)}`,
    `/.%2e/${path.slice(1)}`,
    `/${first}/./${rest.join("/")}`,
    `/${first}//${rest.join("/")}`,
    `${path}/`,
    `${path}/.`,
    path.toUpperCase(),
    `/${first[0]!.toUpperCase()}${first.slice(1)}${tail}`,
    `/${first};x=1${tail}`,
    `${path};jsessionid=1`,
    `${path}%00`,
    `${path}%20`,
    `${path}?x=1`,
    `${path}#frag`,
    `/\\${path.slice(1)}`,
    `/%EF%BD%81${first.slice(1)}${tail}`, // fullwidth "ａ"
  ];
}

let hub: TestHub;
let port: number;
let phone: SimPhone;
const ids: Record<string, string> = {};

beforeAll(async () => {
  hub = await startHub();
  port = new URL(hub.baseUrl).port as unknown as number;
  phone = await joinPhone(hub, "p1");
  const task = await hub.api("POST", "/api/tasks", {
    goal: "tap once",
    mode: "script",
    device: "p1",
    actions: [{ action: "tap", x: 10, y: 10 }],
  });
  expect(task.status).toBe(201);
  await until(async () => (await hub.app.hub.tasks.get(task.json.id))?.status === "done", 10_000, "the script task");
  const run = (await hub.api("GET", `/api/tasks/${task.json.id}`)).json.runs[0];
  Object.assign(ids, { id: "p1", taskId: task.json.id, runId: run.id, hash: "a".repeat(64) });
});

afterAll(async () => {
  phone.stop();
  await hub.close();
});

/** Valid-looking bodies, so a request that got past auth would do something. */
const BODIES: Record<string, unknown> = {
  "POST /api/devices/{id}/actions": { action: "tap", x: 5, y: 5 },
  "PUT /api/devices/{id}/tags": { tags: ["x"] },
  "POST /api/tasks": { goal: "g", mode: "script", actions: [{ action: "tap", x: 1, y: 1 }] },
  "POST /api/tasks/batch": { tasks: [{ goal: "g", mode: "script", actions: [{ action: "tap", x: 1, y: 1 }] }] },
  "POST /api/fleet-keys": { label: "x", tags: [] },
  "POST /api/operator-keys": { label: "x", scope: "admin" },
  "POST /api/runs/{id}/replay": { device: "p1" },
  "POST /api/runs/{id}/star": { starred: true },
  "POST /mcp": {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } },
  },
};

function concrete(path: string): string {
  return path
    .replace("{hash}", ids["hash"]!)
    .replace(/^\/api\/tasks\/\{id\}/, `/api/tasks/${ids["taskId"]}`)
    .replace(/^\/api\/runs\/\{id\}/, `/api/runs/${ids["runId"]}`)
    .replace(/^\/api\/(fleet|operator)-keys\/\{id\}/, "/api/$1-keys/1")
    .replace("{id}", ids["id"]!);
}

async function operatorRoutes(): Promise<{ method: string; path: string; body?: unknown }[]> {
  const doc = (await (await fetch(`${hub.baseUrl}/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => !Array.isArray(op.security) || op.security.length > 0)
      .map(([method, _op]) => ({
        method: method.toUpperCase(),
        path: concrete(path),
        body: BODIES[`${method.toUpperCase()} ${path}`],
      })),
  );
}

describe("route-level authorisation", () => {
  it("refuses every operator route in every spelling without a valid operator key", async () => {
    const routes = await operatorRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const keys: Record<string, Record<string, string>> = {
      "no key": {},
      "a wrong key": { authorization: "Bearer wrong-key-0123456789abcdef" },
      "the fleet key": { authorization: `Bearer ${FLEET_KEY}` },
      "the fleet key as access_token": {},
    };
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const body = route.body === undefined ? undefined : JSON.stringify(route.body);
      for (const spelling of spellings(route.path)) {
        for (const [who, headers] of Object.entries(keys)) {
          const url = who.includes("access_token")
            ? `${spelling}${spelling.includes("?") ? "&" : "?"}access_token=${FLEET_KEY}`
            : spelling;
          const answer = await rawRequest(
            port,
            route.method,
            url,
            { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
            body,
          );
          probes++;
          if (![400, 401, 404].includes(answer.status)) {
            failures.push(`${route.method} ${url} with ${who}: ${answer.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(routes.length * 20 * 3);
    // The phone never moved and nothing was created.
    expect(await hub.app.hub.credentials.listFleetKeys()).toHaveLength(1);
    expect((await hub.app.hub.credentials.listFleetKeys())[0]!.revoked).toBe(false);
    // Thousands of sequential probes: minutes on a loaded 2-core machine, and more with every route.
  }, 180_000);

  it("the spellings do reach routes: with the key, %61pi and friends are served", async () => {
    const auth = { authorization: `Bearer ${API_KEY}` };
    for (const path of ["/%61pi/devices", "/%61%70%69/devices/p1", "/api/devices/%70%31"]) {
      expect((await rawRequest(port, "GET", path, auth)).status, path).toBe(200);
    }
    expect((await rawRequest(port, "GET", "/%6detrics", auth)).status).toBe(200);
    expect((await rawRequest(port, "GET", "/%6detrics")).status).toBe(401);
  });

  it("takes ?access_token= only on the event streams", async () => {
    expect((await rawRequest(port, "GET", `/api/devices?access_token=${API_KEY}`)).status).toBe(401);
    const controller = new AbortController();
    const stream = await fetch(`${hub.baseUrl}/api/events?access_token=${API_KEY}`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    controller.abort();
  });

  it("cannot register a route that declares no access", async () => {
    const app = Fastify();
    installAccessControl(app, { findOperatorKey: () => undefined });
    expect(() => app.get("/api/forgotten", async () => "open")).toThrow(/declares no access/);
    expect(() => app.get("/api/declared", { config: { access: "read" } }, async () => "ok")).not.toThrow();
    await app.close();
  });

  it("every route fastify serves has declared its access", async () => {
    const declared = declaredAccess(hub.app);
    const served: string[] = [];
    const stack: string[] = [];
    for (const line of hub.app.printRoutes({ commonPrefix: false }).split("\n")) {
      const m = /^([\s│├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
      if (!m) continue;
      const level = m[1]!.length / 4 - 1;
      const full = level === 0 ? m[2]! : `${stack[level - 1]}${m[2]}`.replace("//", "/");
      stack[level] = full;
      for (const method of m[3]!.split(", ")) served.push(`${method} ${full}`);
    }
    expect(served.length).toBeGreaterThan(40);
    // printRoutes drops the static prefix of a wildcard ("/web/*" prints as "*"): such a line names a
    // route fastify does not have, so match it to the declared wildcard route with that suffix.
    const exists = (entry: string) => {
      const [method, url] = entry.split(" ") as [string, string];
      return hub.app.hasRoute({ method: method as "GET", url });
    };
    const resolved = served.map((entry) =>
      exists(entry)
        ? entry
        : ([...declared.keys()].find((d) => d.endsWith(entry.split(" /")[1]!) && d.startsWith(entry.split(" ")[0]!)) ??
          entry),
    );
    const undecided = resolved.filter((route) => !declared.has(route));
    expect(undecided).toEqual([]);
    expect(declared.get("GET /api/audit")).toBe("admin");
    expect(declared.get("POST /api/devices/:id/actions")).toBe("control");
    expect(declared.get("GET /v1/devices/connect")).toBe("device");
  });
});
