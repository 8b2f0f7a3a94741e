/** The tasks table as the PostgreSQL stores read it: the columns a record needs, and the record. */
import type { TaskRecord } from "../../fleet/ports.js";
import { type TaskRowBase, taskRecord } from "../rows.js";

export const COLUMNS = `id, goal, mode, status, device_id, tags, min_sdk, priority, created_at, seq, attempts, max_attempts,
  not_before, timeout_ms, spec, secrets IS NOT NULL AS has_secrets, last_device, finished_at, reason`;

/** Tags are a text[] in PostgreSQL; the secrets column is read as a flag. */
export interface Raw extends TaskRowBase {
  tags: string[];
  has_secrets: boolean;
}

export function record(row: Raw): TaskRecord {
  return taskRecord(row, row.tags, row.has_secrets);
}
