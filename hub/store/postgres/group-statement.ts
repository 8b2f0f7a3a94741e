/**
 * A commit group as ONE statement: the hot writes (leases, run rows, events, run ends, task ends and
 * retries, phone health) of every unit in the group, each kind a data-modifying CTE over arrays
 * (`unnest`), sent as a named prepared statement. The server parses it once per connection instead of
 * parsing ~6 statements per task, and a lone statement is its own transaction: one round trip, no
 * BEGIN or COMMIT, all or nothing.
 *
 * All CTEs run on one snapshot, so the group may take this path only when no row is written twice
 * (`groupRows` answers undefined otherwise, and the group goes statement by statement). The checks the
 * units state (a lease finds its task queued; a run end is not fenced off) are made by the server: a
 * failed one divides by zero, the statement rolls back, and the caller retries the group unit by unit
 * in savepoints, where each check names its unit — as with the text path (commits.ts).
 */
import type { QueryResult } from "./connection.js";
import { COLUMNS, type Raw } from "./task-rows.js";

/** One hot write in structured form; the store records it next to its own SQL (the slow path's). */
export type GroupRow =
  | { kind: "lease"; id: string; device: string; hub: string | null }
  | {
      kind: "run";
      id: string;
      taskId: string;
      attempt: number;
      device: string;
      goal: string;
      mode: string;
      startedAt: number;
      hubId: string | null;
    }
  | { kind: "event"; runId: string; seq: number; at: number; type: string; body: string }
  | { kind: "fence"; runId: string }
  | { kind: "endRun"; id: string; status: string; finishedAt: number; reason: string; stats: string }
  | { kind: "finish"; id: string; status: string; finishedAt: number; reason: string; from: string | null }
  | { kind: "requeue"; id: string; notBefore: number; reason: string }
  | { kind: "health"; id: string; quarantined: boolean; draining: boolean; infraFailures: number };

type Kind = GroupRow["kind"];
type Of<K extends Kind> = Extract<GroupRow, { kind: K }>;

/** Each kind's columns, in the order of its parameters below. */
const FIELDS: { [K in Kind]: readonly (keyof Of<K>)[] } = {
  lease: ["id", "device", "hub"],
  run: ["id", "taskId", "attempt", "device", "goal", "mode", "startedAt", "hubId"],
  event: ["runId", "seq", "at", "type", "body"],
  fence: ["runId"],
  endRun: ["id", "status", "finishedAt", "reason", "stats"],
  finish: ["id", "status", "finishedAt", "reason", "from"],
  requeue: ["id", "notBefore", "reason"],
  health: ["id", "quarantined", "draining", "infraFailures"],
};
const KINDS = Object.keys(FIELDS) as Kind[];

/** Task columns as the RETURNING of an UPDATE … FROM names them (the unnest columns are prefixed, so nothing clashes). */
const RETURNED = COLUMNS;

/**
 * $1–$3 leases, $4–$11 new runs, $12–$16 events, $17 fenced runs, $18–$22 run ends, $23–$27 task
 * ends, $28–$30 retries, $31–$34 phone health. Unused kinds get empty arrays. A lease's hub (cluster
 * mode) must not have lost its phone to another hub (device-holders.ts).
 */
export const GROUP_SQL = `WITH
held AS (SELECT device_id, hub_id FROM device_holders WHERE device_id = ANY($2::text[]) FOR SHARE),
lease AS (
  UPDATE tasks SET status = 'running', attempts = attempts + 1, last_device = l_device,
    claimed_by = NULL, claimed_until = NULL
  FROM unnest($1::text[], $2::text[], $3::text[]) AS l(l_id, l_device, l_hub)
  WHERE id = l_id AND status = 'queued'
    AND (l_hub IS NULL OR NOT EXISTS (SELECT 1 FROM held WHERE device_id = l_device AND hub_id <> l_hub))
  RETURNING id),
new_runs AS (
  INSERT INTO runs (id, task_id, attempt, device_id, goal, mode, status, started_at, hub_id)
  SELECT r_id, r_task, r_attempt, r_device, r_goal, r_mode, 'running', r_started, r_hub
  FROM unnest($4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::bigint[], $11::text[])
    AS r(r_id, r_task, r_attempt, r_device, r_goal, r_mode, r_started, r_hub)),
events AS (
  INSERT INTO run_events (run_id, seq, at, type, body)
  SELECT * FROM unnest($12::text[], $13::int[], $14::bigint[], $15::text[], $16::text[])),
fenced AS (SELECT 1 FROM runs WHERE id = ANY($17::text[]) AND status = 'interrupted'),
ended AS (
  UPDATE runs SET status = e_status, finished_at = e_at, reason = e_reason, stats = e_stats
  FROM unnest($18::text[], $19::text[], $20::bigint[], $21::text[], $22::text[])
    AS e(e_id, e_status, e_at, e_reason, e_stats)
  WHERE id = e_id AND status = 'running'),
finished AS (
  UPDATE tasks SET status = f_status, finished_at = f_at, reason = f_reason, secrets = NULL
  FROM unnest($23::text[], $24::text[], $25::bigint[], $26::text[], $27::text[])
    AS f(f_id, f_status, f_at, f_reason, f_from)
  WHERE id = f_id AND (status = f_from OR (f_from IS NULL AND status IN ('queued', 'running')))
  RETURNING ${RETURNED}),
requeued AS (
  UPDATE tasks SET status = 'queued', not_before = q_not_before, reason = q_reason,
    claimed_by = NULL, claimed_until = NULL
  FROM unnest($28::text[], $29::bigint[], $30::text[]) AS q(q_id, q_not_before, q_reason)
  WHERE id = q_id AND status = 'running' RETURNING ${RETURNED}),
health AS (
  UPDATE devices SET quarantined = h_quarantined, draining = h_draining, infra_failures = h_failures
  FROM unnest($31::text[], $32::boolean[], $33::boolean[], $34::int[])
    AS h(h_id, h_quarantined, h_draining, h_failures)
  WHERE id = h_id)
SELECT 1 / (CASE WHEN (SELECT count(*) FROM lease) = cardinality($1::text[])
                  AND NOT EXISTS (SELECT 1 FROM fenced) THEN 1 ELSE 0 END) AS ok,
  (SELECT json_agg(finished) FROM finished) AS finished,
  (SELECT json_agg(requeued) FROM requeued) AS requeued`;

/** The statement's name on each connection (a new text needs a new name: the driver refuses a changed one). */
export const GROUP_STATEMENT = "droidhub_group_v2";

/** The rows of a group by kind, or undefined when a row would be written twice (the group goes the slow way). */
export function groupRows(rows: readonly GroupRow[]): Map<Kind, GroupRow[]> | undefined {
  const byKind = new Map<Kind, GroupRow[]>(KINDS.map((kind) => [kind, []]));
  const tasks = new Set<string>();
  const runs = new Set<string>();
  const devices = new Set<string>();
  const once = (seen: Set<string>, id: string): boolean => !seen.has(id) && Boolean(seen.add(id));
  for (const row of rows) {
    const fresh =
      row.kind === "lease" || row.kind === "finish" || row.kind === "requeue"
        ? once(tasks, row.id)
        : row.kind === "run" || row.kind === "endRun"
          ? once(runs, row.id)
          : row.kind === "health"
            ? once(devices, row.id)
            : true;
    if (!fresh) return undefined;
    byKind.get(row.kind)?.push(row);
  }
  return byKind;
}

/** The statement's parameters: one array per column, kinds in the order of GROUP_SQL. */
export function groupParams(byKind: ReadonlyMap<Kind, readonly GroupRow[]>): unknown[][] {
  return KINDS.flatMap((kind) => {
    const rows = byKind.get(kind) ?? [];
    return (FIELDS[kind] as readonly string[]).map((field) =>
      rows.map((row) => (row as unknown as Record<string, unknown>)[field] ?? null),
    );
  });
}

/** The result one row's statement would have given on the slow path (what `check` and `seen` read). */
export type OpResult = Pick<QueryResult, "rows" | "rowCount">;

/** The statement's one row: the tasks the task ends and retries wrote, as JSON (null when none). */
export interface GroupAnswer {
  ok: number;
  finished: Raw[] | null;
  requeued: Raw[] | null;
}

/** What each row answered, from the statement's one row: task ends and retries return their tasks. */
export function rowResults(rows: readonly GroupRow[], answer: GroupAnswer): OpResult[] {
  const returned = new Map<string, Raw>();
  for (const task of [...(answer.finished ?? []), ...(answer.requeued ?? [])]) returned.set(task.id, task);
  return rows.map((row): OpResult => {
    if (row.kind === "finish" || row.kind === "requeue") {
      const task = returned.get(row.id);
      return { rows: task ? [task] : [], rowCount: task ? 1 : 0 };
    }
    // A lease matched (the server checked it); a fence found nothing interrupted; the rest return no rows.
    if (row.kind === "lease") return { rows: [{ id: row.id }], rowCount: 1 };
    return { rows: [], rowCount: row.kind === "fence" ? 0 : 1 };
  });
}
