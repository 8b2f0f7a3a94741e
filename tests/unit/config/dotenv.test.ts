/** ./.env under the environment: set variables win (even empty ones), only names are reported. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withDotEnv } from "../../../hub/config/dotenv.js";
import { HubError } from "../../../hub/errors/hub-error.js";

const dir = mkdtempSync(path.join(tmpdir(), "droidhub-dotenv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(".env", () => {
  it("fills only what the environment does not set, and reports names, not values", () => {
    writeFileSync(
      path.join(dir, ".env"),
      '# a comment\nDROIDHUB_FLEET_KEY="fleet-key-from-file-0123"\nexport DROIDHUB_PORT=9090\nDROIDHUB_HOST=10.0.0.1\nOPENAI_API_KEY=sk-file\n',
    );
    const { env, dotenv } = withDotEnv({ DROIDHUB_PORT: "8081", OPENAI_API_KEY: "" }, dir);
    expect(env["DROIDHUB_FLEET_KEY"]).toBe("fleet-key-from-file-0123");
    expect(env["DROIDHUB_HOST"]).toBe("10.0.0.1");
    expect(env["DROIDHUB_PORT"]).toBe("8081");
    // Set to empty in the environment is still set: the file does not fill it.
    expect(env["OPENAI_API_KEY"]).toBe("");
    expect(dotenv).toEqual({
      file: path.join(dir, ".env"),
      applied: ["DROIDHUB_FLEET_KEY", "DROIDHUB_HOST"],
      overridden: ["DROIDHUB_PORT", "OPENAI_API_KEY"],
    });
    expect(JSON.stringify(dotenv)).not.toContain("fleet-key-from-file");
  });

  it("is optional, and a .env that cannot be read is an error naming it", () => {
    const empty = mkdtempSync(path.join(dir, "none-"));
    expect(withDotEnv({ A: "1" }, empty)).toEqual({
      env: { A: "1" },
      dotenv: { file: undefined, applied: [], overridden: [] },
    });
    const broken = mkdtempSync(path.join(dir, "dir-"));
    mkdirSync(path.join(broken, ".env"));
    expect(() => withDotEnv({}, broken)).toThrow(HubError);
    expect(() => withDotEnv({}, broken)).toThrow(`cannot read ${path.join(broken, ".env")} (EISDIR)`);
  });
});
