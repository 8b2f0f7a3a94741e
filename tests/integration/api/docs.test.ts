import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHub, type TestHub } from "../../helpers/hub.js";

describe("/docs", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(async () => hub.close());

  it("serves an OpenAPI document whose request bodies come from the validators", async () => {
    const response = await fetch(`${hub.baseUrl}/docs/openapi.json`);
    expect(response.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the test walks the document's JSON and asserts on it.
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toBe("3.1.0");
    const task = doc.paths["/api/tasks"]!["post"].requestBody.content["application/json"].schema;
    expect(task.properties.goal.type).toBe("string");
    expect(task.properties.mode.enum).toContain("script");
    const action = doc.paths["/api/devices/{id}/actions"]!["post"].requestBody.content["application/json"].schema;
    expect(JSON.stringify(action)).toContain('"open_url"');
    const html = await (await fetch(`${hub.baseUrl}/docs`)).text();
    expect(html).toContain("/api/tasks/batch");
  });

  it("documents every operator route the hub serves, and only those", async () => {
    const doc = (await (await fetch(`${hub.baseUrl}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    for (const entry of documented) {
      const [method, url] = entry.split(" ") as [string, string];
      expect(hub.app.hasRoute({ method: method as "GET", url }), entry).toBe(true);
    }
    // Routes the hub serves under /api, from fastify's own route tree.
    const served = new Set<string>();
    const stack: string[] = [];
    for (const line of hub.app.printRoutes({ commonPrefix: false }).split("\n")) {
      const m = /^([\s│├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
      if (!m) continue;
      const level = m[1]!.length / 4 - 1;
      const full = level === 0 ? m[2]! : `${stack[level - 1]}${m[2]}`.replace("//", "/");
      stack[level] = full;
      if (!/^\/(api|metrics)/.test(full)) continue;
      for (const method of m[3]!.split(", ")) if (method !== "HEAD") served.add(`${method} ${full}`);
    }
    expect(served.size).toBeGreaterThan(20);
    for (const route of served) expect(documented, route).toContain(route);
  });
});
