/**
 * GET /readyz: 200 while the store takes writes and the hub is not shutting down; 503 with the reason
 * otherwise — a store turned read-only, a write lock another process holds, a shutdown under way.
 * /healthz (liveness) stays 200 through store trouble: restarting would not fix the disk.
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import { openDatabase } from "../../../hub/store/database.js";
import { sqliteStores } from "../../../hub/store/stores.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

describe("GET /readyz", () => {
  it("is 200 without a key while the store takes writes", async () => {
    hub = await startHub();
    const answer = await fetch(`${hub.baseUrl}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ready: true });
  });

  it("is 503 with the reason when the store has become read-only, and 200 again once it is not", async () => {
    hub = await startHub();
    const db = hub.db;
    db.pragma("query_only = ON"); // what a read-only file or a remounted disk looks like to SQLite
    const answer = await hub.app.inject({ url: "/readyz" });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      ready: false,
      reason: "store does not take writes: attempt to write a readonly database",
    });
    expect((await hub.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    db.pragma("query_only = OFF");
    expect((await hub.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("is 503 while another process holds the database's write lock", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-ready-"));
    const db = openDatabase(dir);
    const app = await buildApp(loadConfig({ overrides: { dataDir: ":memory:" } }), {
      stores: sqliteStores(db, { dataDir: ":memory:" }),
      logger: false,
    });
    const other = openDatabase(dir);
    try {
      db.pragma("busy_timeout = 100");
      other.exec("BEGIN IMMEDIATE");
      const answer = await app.inject({ url: "/readyz" });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ ready: false, reason: "store does not take writes: database is locked" });
      other.exec("ROLLBACK");
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
    } finally {
      other.close();
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is 503 'shutting down' once shutdown has begun, in its own shape", async () => {
    const closing = await startHub();
    const socket = net.connect(Number(new URL(closing.baseUrl).port), "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    socket.on("error", () => {});
    // A request still arriving keeps this connection open through the start of shutdown.
    socket.write("GET /readyz HTTP/1.1\r\nHost: x\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.app.close();
    await until(() => !closing.app.server.listening, 5_000, "the server to stop listening");
    socket.write("\r\n");
    await until(() => data.includes("\r\n\r\n{"), 5_000, "the answer");
    await closed;
    expect(data).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(data.toLowerCase()).toContain("connection: close");
    expect(data).toContain('{"ready":false,"reason":"shutting down"}');
  });
});
