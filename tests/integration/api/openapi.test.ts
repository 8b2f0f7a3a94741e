/**
 * The OpenAPI document against the hub itself: every operation declares the query parameters its
 * route really reads (recorded while the route parses a request) and the key-in-URL parameter
 * exactly where the hub takes it, and every success answer has a schema that compiles.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import { type Db, openDatabase } from "../../../hub/store/database.js";
import { type Stores, sqliteStores } from "../../../hub/store/stores.js";
import { API_KEY, FLEET_KEY } from "../../helpers/hub.js";

interface Parameter {
  name: string;
  in: string;
}
interface Operation {
  "x-droidhub-access": string;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

let app: FastifyInstance;
let db: Db;
let stores: Stores;
let base: string;
let doc: Doc;
/** "GET /api/runs" → the query fields its handler read, as the request passed through it. */
const reads = new Map<string, Set<string>>();

beforeAll(async () => {
  const config = loadConfig({ overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:" } });
  db = openDatabase(":memory:");
  stores = sqliteStores(db, { dataDir: ":memory:" });
  app = await buildApp(config, { stores, logger: false });
  // Before the handler: whatever reads the query from here on (the route's validator, the handler)
  // reads it through this proxy, so the test learns the names the route takes, not the ones it says.
  app.addHook("preHandler", async (request) => {
    const key = `${request.method} ${request.routeOptions.url}`;
    const seen = reads.get(key) ?? new Set<string>();
    reads.set(key, seen);
    request.query = new Proxy(request.query as object, {
      get(target, name, receiver) {
        if (typeof name === "string") seen.add(name);
        return Reflect.get(target, name, receiver);
      },
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  base = `http://127.0.0.1:${address.port}`;
  doc = (await (await fetch(`${base}/docs/openapi.json`)).json()) as Doc;
});

afterAll(async () => {
  await app.close();
  await stores.close();
  if (db.open) db.close();
});

function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** A URL that passes the route's params validation: ids and hashes of the right shape. */
function concrete(path: string): string {
  return path.replace("{hash}", "a".repeat(64)).replace(/\{\w+\}/g, "1");
}

/** The status of one request; the body is not waited for (event streams never end). */
async function statusOf(method: string, url: string, headers: Record<string, string>): Promise<number> {
  const controller = new AbortController();
  const body = method === "GET" || method === "DELETE" ? undefined : "{}";
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    signal: controller.signal,
    ...(body ? { body } : {}),
  });
  controller.abort();
  return response.status;
}

const queryNames = (op: Operation, except = ""): string[] =>
  (op.parameters ?? [])
    .filter((p) => p.in === "query" && p.name !== except)
    .map((p) => p.name)
    .sort();

describe("the OpenAPI document", () => {
  it("declares, for every operation, exactly the query parameters the route reads", async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(30);
    for (const { method, path, op } of all) {
      await statusOf(method, `${base}${concrete(path)}`, { authorization: `Bearer ${API_KEY}` });
      const fastifyUrl = path.replace(/\{(\w+)\}/g, ":$1");
      const read = [...(reads.get(`${method} ${fastifyUrl}`) ?? [])].sort();
      expect(read, `${method} ${path} reads`).toEqual(queryNames(op, "access_token"));
    }
    // The check saw the routes that take a query at all, not just empty sets.
    expect([...(reads.get("GET /api/runs") ?? [])].sort()).toEqual(["device", "limit", "starred", "status"]);
  });

  it("declares ?access_token= exactly on the routes that take the key from the URL", async () => {
    for (const { method, path, op } of operations()) {
      const access = op["x-droidhub-access"];
      if (access === "public" || access === "device") continue;
      // No Authorization header: only a route that reads the key from the URL lets this through.
      const status = await statusOf(method, `${base}${concrete(path)}?access_token=${API_KEY}`, {});
      const declared = (op.parameters ?? []).some((p) => p.in === "query" && p.name === "access_token");
      expect({ route: `${method} ${path}`, refused: status === 401 }).toEqual({
        route: `${method} ${path}`,
        refused: !declared,
      });
    }
  });

  it("gives every success answer a schema, and every JSON schema compiles", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const { method, path, op } of operations()) {
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, `${method} ${path}`).toBe(1);
      for (const [status, response] of success) {
        const contents = Object.entries(response.content ?? {});
        expect(contents.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const [type, content] of contents) {
          expect(content.schema, `${method} ${path} ${status} ${type}`).toBeTypeOf("object");
          if (type === "application/json") expect(() => ajv.compile(content.schema as object)).not.toThrow();
        }
      }
    }
  });
});
