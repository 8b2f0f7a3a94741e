/** Every hub folder says what belongs in it (ARCHITECTURE.md links the layers; each README the files). */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const HUB = path.resolve(import.meta.dirname, "../../../hub");

/** Folders under hub/, the generated protocol code aside (proto/ documents it). */
function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "generated")
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return [full, ...folders(full)];
    });
}

describe("hub folders", () => {
  it("each has a README.md", () => {
    const all = folders(HUB);
    expect(all.length).toBeGreaterThan(10);
    const missing = all.filter((dir) => !existsSync(path.join(dir, "README.md"))).map((dir) => path.relative(HUB, dir));
    expect(missing).toEqual([]);
  });
});
