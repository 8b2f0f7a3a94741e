import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures/perception");

export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), "utf8");
}
