/**
 * The rows both stores (SQLite here, PostgreSQL in `postgres/`) read, and the mappers from a row to
 * the record the layers above see. Where the drivers hand a column back differently (tags as JSON
 * text or as an array, a flag as 0/1 or as a boolean) the row type leaves it out and the mapper takes
 * it ready-made, so one mapper serves both.
 */
import type { Scope } from "../api/access.js";
import type { AuditRecord, AuditTarget } from "../api/audit.js";
import type { TaskExtra, TaskRecord, TaskState } from "../fleet/ports.js";
import type { DeviceCredential, FleetKeyRecord } from "../gateway/ports.js";
import type { RunRow, RunStatus } from "../runs/ports.js";

// ------------------------------------------------------------------ audit

export interface AuditRow {
  id: number;
  at: number;
  key_id: number | null;
  key_label: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: "ok" | "error";
  status: number;
  error_code: string | null;
  ip: string;
  detail: string | null;
}

export function auditRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    at: row.at,
    keyId: row.key_id ?? undefined,
    keyLabel: row.key_label,
    action: row.action,
    target:
      row.target_type && row.target_id !== null
        ? { type: row.target_type as AuditTarget["type"], id: row.target_id }
        : undefined,
    outcome: row.outcome,
    status: row.status,
    errorCode: row.error_code ?? undefined,
    ip: row.ip,
    detail: row.detail ? (JSON.parse(row.detail) as AuditRecord["detail"]) : undefined,
  };
}

// ------------------------------------------------------------------ credentials

export interface OperatorKeyRow {
  id: number;
  key_hash: string;
  label: string;
  scope: Scope;
  created_at: number;
  revoked_at: number | null;
}

export interface FleetKeyRow {
  id: number;
  label: string;
  tags: string;
  expires_at: number | null;
  max_uses: number | null;
  uses: number;
}

export const FLEET_KEY_COLUMNS = "id, label, tags, expires_at, max_uses, uses";

export function fleetKeyRecord(row: FleetKeyRow): FleetKeyRecord {
  return {
    id: row.id,
    label: row.label,
    tags: JSON.parse(row.tags) as string[],
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    maxUses: row.max_uses,
    uses: row.uses,
  };
}

/** secret_hash of a device that holds no issued secret. */
export const NO_SECRET = "";

/**
 * secret_hash of a secret issued in a Welcome that the phone has not yet shown it holds: the hash
 * behind this prefix. Rows from before hold a bare hash and count as confirmed. In the hash column
 * rather than a column of its own so both stores need no migration and the compare-and-set that
 * confirms or rotates it is one statement on one column.
 */
export const PENDING_SECRET = "pending:";

/** The credential a devices row stands for. */
export function deviceCredential(row: {
  id: string;
  secret_hash: string;
  tags: string;
  fleet_key_id: number | null;
}): DeviceCredential {
  const pending = row.secret_hash.startsWith(PENDING_SECRET);
  return {
    id: row.id,
    secretHash:
      row.secret_hash === NO_SECRET
        ? undefined
        : pending
          ? row.secret_hash.slice(PENDING_SECRET.length)
          : row.secret_hash,
    secretConfirmed: row.secret_hash !== NO_SECRET && !pending,
    tags: JSON.parse(row.tags) as string[],
    fleetKeyId: row.fleet_key_id,
  };
}

// ------------------------------------------------------------------ tasks

/** A task row without `tags` and the secrets column, which each driver returns in its own form. */
export interface TaskRowBase {
  id: string;
  goal: string;
  mode: TaskRecord["mode"];
  status: TaskState;
  device_id: string | null;
  min_sdk: number;
  priority: number;
  created_at: number;
  seq: number;
  attempts: number;
  max_attempts: number;
  not_before: number;
  timeout_ms: number;
  spec: string;
  last_device: string | null;
  finished_at: number | null;
  reason: string | null;
}

export function taskRecord(row: TaskRowBase, tags: string[], hasSecrets: boolean): TaskRecord {
  return {
    id: row.id,
    goal: row.goal,
    mode: row.mode,
    status: row.status,
    deviceId: row.device_id ?? undefined,
    tags,
    minSdk: row.min_sdk,
    priority: row.priority,
    createdAt: row.created_at,
    seq: row.seq,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    notBefore: row.not_before,
    timeoutMs: row.timeout_ms,
    extra: JSON.parse(row.spec) as TaskExtra,
    hasSecrets,
    lastDevice: row.last_device ?? undefined,
    finishedAt: row.finished_at ?? undefined,
    reason: row.reason ?? undefined,
  };
}

// ------------------------------------------------------------------ runs

export const iso = (ms: number | null | undefined): string | undefined =>
  ms == null ? undefined : new Date(ms).toISOString();

/** A run row without `starred` (0/1 in SQLite, a boolean in PostgreSQL). */
export interface RunRowBase {
  id: string;
  task_id: string;
  attempt: number;
  device_id: string;
  goal: string;
  mode: string;
  status: RunStatus;
  started_at: number;
  finished_at: number | null;
  reason: string | null;
  stats: string | null;
}

export function runRecord(row: RunRowBase, starred: boolean): RunRow {
  return {
    id: row.id,
    taskId: row.task_id,
    attempt: row.attempt,
    deviceId: row.device_id,
    goal: row.goal,
    mode: row.mode,
    status: row.status,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: iso(row.finished_at),
    reason: row.reason ?? undefined,
    stats: row.stats ? (JSON.parse(row.stats) as Record<string, unknown>) : undefined,
    starred,
  };
}
