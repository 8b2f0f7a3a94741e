import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARS, loadConfig } from "../../../hub/config/config.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { MODEL_ENV_VARS } from "../../../hub/llm/config.js";

describe("config", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({ env: {} });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve(".droidhub"));
    expect(config.gateway.heartbeatMs).toBe(20_000);
    expect(config.gateway.maxFrameBytes).toBe(16 * 1024 * 1024);
    expect(config.gateway.resumeGraceMs).toBe(60_000);
    expect([config.tls, config.trustProxy, config.logFormat]).toEqual([{}, false, "auto"]);
    expect(config.http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 1024,
      refusalLogIntervalMs: 60_000,
      shutdownGraceMs: 1_000,
    });
  });

  it("reads the HTTP edge settings; 0 turns the connection cap off", () => {
    const config = loadConfig({
      env: { DROIDHUB_HEADERS_TIMEOUT_MS: "5000", DROIDHUB_MAX_CONNECTIONS_PER_ADDRESS: "64" },
      argv: ["--max-connections-per-address", "0"],
    });
    expect(config.http.headersTimeoutMs).toBe(5000);
    expect(config.http.requestTimeoutMs).toBe(60_000);
    expect(config.http.maxConnectionsPerAddress).toBe(0);
  });

  it("reads the environment, and flags win over it", () => {
    const config = loadConfig({
      env: { DROIDHUB_PORT: "9000", DROIDHUB_HOST: "127.0.0.1", DROIDHUB_HEARTBEAT_MS: "5000" },
      argv: ["--port", "9100", "--data-dir=/tmp/x"],
    });
    expect(config.port).toBe(9100);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe("/tmp/x");
    expect(config.gateway.heartbeatMs).toBe(5000);
    expect(config.gateway.maxInFlight).toBe(32);
  });

  it("reads the TLS files as absolute paths, the flags winning", () => {
    const config = loadConfig({
      env: { DROIDHUB_TLS_CERT: "env.crt", DROIDHUB_TLS_KEY: "env.key" },
      argv: ["--tls-cert", "tls/hub.crt"],
    });
    expect(config.tls).toEqual({ cert: path.resolve("tls/hub.crt"), key: path.resolve("env.key") });
  });

  it("is frozen", () => {
    const config = loadConfig({ env: {} });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.gateway)).toBe(true);
  });

  it.each([
    [{ env: { DROIDHUB_PORT: "70000" } }, "port"],
    [{ env: { DROIDHUB_PORT: "abc" } }, "port"],
    [{ env: { DROIDHUB_API_KEY: "short" } }, "apiKey"],
    [{ env: { DROIDHUB_HEARTBEAT_MS: "-1" } }, "gateway.heartbeatMs"],
    [{ env: { DROIDHUB_MAX_CONNECTIONS_PER_ADDRESS: "-1" } }, "http.maxConnectionsPerAddress"],
    [{ env: { DROIDHUB_HEADERS_TIMEOUT_MS: "0" } }, "http.headersTimeoutMs"],
    [{ env: { DROIDHUB_HEADERS_TIMEOUT_MS: "90000" } }, "http.headersTimeoutMs"],
    [{ argv: ["--nope", "1"] }, "--nope"],
    [{ argv: ["--port"] }, "--port"],
    [{ env: { DROIDHUB_DATABASE_URL: "mysql://root:pw@db/x" } }, "databaseUrl"],
  ])("refuses bad input %j naming the field", (input, field) => {
    try {
      loadConfig(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HubError);
      expect((error as HubError).code).toBe("CONFIG_INVALID");
      expect((error as HubError).details["field"]).toBe(field);
    }
  });

  it("reads a PostgreSQL URL (flag over variable) and a blob dir as an absolute path; SQLite when unset", () => {
    expect(loadConfig({ env: {} }).databaseUrl).toBeUndefined();
    const config = loadConfig({
      env: { DROIDHUB_DATABASE_URL: "postgres://a@h/one", DROIDHUB_BLOB_DIR: "shots" },
      argv: ["--database-url", "postgresql://b@h/two"],
    });
    expect(config.databaseUrl).toBe("postgresql://b@h/two");
    expect(config.blobDir).toBe(path.resolve("shots"));
    expect(() => loadConfig({ env: { DROIDHUB_DATABASE_URL: "mysql://root:hunter2@db/x" } })).not.toThrow(/hunter2/);
  });

  it("names the flag and variable of a bad value, never the value", () => {
    expect(() => loadConfig({ env: { DROIDHUB_PORT: "abc" } })).toThrow("config port (--port / DROIDHUB_PORT): ");
    expect(() => loadConfig({ env: { DROIDHUB_API_KEY: "short-secret" } })).toThrow(
      "config apiKey (DROIDHUB_API_KEY): must be at least 16 characters",
    );
    expect(() => loadConfig({ env: { DROIDHUB_API_KEY: "short-secret" } })).not.toThrow(/short-secret/);
  });

  it("documents every variable in .env.example and the README", () => {
    const example = readFileSync(".env.example", "utf8");
    const readme = readFileSync("README.md", "utf8");
    for (const name of Object.keys(ENV_VARS)) {
      expect(example, name).toContain(`${name}=`);
      expect(readme, name).toContain(name);
    }
    // Per-role model overrides are documented by pattern (DROIDHUB_<ROLE>_MODEL, …).
    for (const name of Object.keys(MODEL_ENV_VARS)) {
      const documented = name.replace(/^DROIDHUB_(PLANNER|VERIFIER|VISION|SUMMARIZER)_/, "DROIDHUB_<ROLE>_");
      expect(readme, name).toContain(documented);
      if (documented === name) expect(example, name).toContain(`${name}=`);
    }
  });
});
