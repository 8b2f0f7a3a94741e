/**
 * The generated operator key, kept in plain text in `<data dir>/operator-key` (0600) so that
 * `export DROIDHUB_API_KEY=$(cat .droidhub/operator-key)` works and a lost terminal scrollback does
 * not lock the operator out. The data dir already holds the key that seals task secrets, so this
 * file adds no new kind of secret to protect; the database still stores the key only as a hash.
 */
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const OPERATOR_KEY_FILE = "operator-key";

export function operatorKeyPath(dataDir: string): string {
  return path.join(dataDir, OPERATOR_KEY_FILE);
}

/** Writes the key; an existing file (an older, replaced key) is overwritten. */
export function writeOperatorKey(dataDir: string, key: string): string {
  const file = operatorKeyPath(dataDir);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  // mode applies only to a new file; an old one keeps its mode unless told.
  chmodSync(file, 0o600);
  return file;
}

/** The key in the file, or undefined when there is no file. */
export function readOperatorKey(dataDir: string): string | undefined {
  try {
    return readFileSync(operatorKeyPath(dataDir), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
