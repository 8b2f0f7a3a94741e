/** Cluster mode's settings: off unless a Redis URL is given, and never without the shared database. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../hub/config/config.js";
import { HubError } from "../../../hub/errors/hub-error.js";

describe("cluster config", () => {
  it("is off by default and reads the Redis URL, hub id and time limit from env and flags", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    const config = loadConfig({
      env: { DROIDHUB_DATABASE_URL: "postgres://db/x", DROIDHUB_OWNERSHIP_TTL_MS: "9000", DROIDHUB_HUB_ID: "eu-1" },
      argv: ["--redis-url", "redis://127.0.0.1:6379", "--hub-url", "https://eu-1.example.com"],
    });
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(config.hubId).toBe("eu-1");
    expect(config.hubUrl).toBe("https://eu-1.example.com");
    expect(config.ownershipTtlMs).toBe(9000);
  });

  it("refuses a Redis URL without a PostgreSQL URL, and a URL that is not redis://", () => {
    const refused = (input: Parameters<typeof loadConfig>[0]) => {
      try {
        loadConfig(input);
      } catch (error) {
        return error as HubError;
      }
      throw new Error("accepted");
    };
    const lone = refused({ env: { DROIDHUB_REDIS_URL: "redis://127.0.0.1:6379" } });
    expect(lone).toBeInstanceOf(HubError);
    expect(lone.code).toBe("CONFIG_INVALID");
    expect(lone.details).toEqual({ field: "redisUrl" });
    const wrong = refused({ env: { DROIDHUB_DATABASE_URL: "postgres://db/x", DROIDHUB_REDIS_URL: "http://x" } });
    expect(wrong.code).toBe("CONFIG_INVALID");
    expect(wrong.message).toContain("redisUrl");
  });
});
