/**
 * The cluster tests' truth: tasks and runs read straight from the shared PostgreSQL database (the API
 * pages runs by 1,000, and a test of thousands of tasks wants all of them at once), and the checks
 * each answers as a list of problems, so a failure names the task or phone it is about.
 */
import pg from "pg";

export interface TaskRecord {
  id: string;
  goal: string;
  status: string;
}
export interface RunRecord {
  id: string;
  taskId: string;
  deviceId: string;
  hubId: string | null;
  status: string;
  startedAt: number;
  finishedAt: number | null;
  /** Why it ended as it did (an interrupted run names the hub whose admission cut it off). */
  reason: string | null;
}

/** Every task whose goal contains `tag`, and all their runs. */
export async function readRecords(
  databaseUrl: string,
  tag: string,
): Promise<{ tasks: TaskRecord[]; runs: RunRecord[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tasks = await client.query<TaskRecord>("SELECT id, goal, status FROM tasks WHERE position($1 in goal) > 0", [
      tag,
    ]);
    const runs = await client.query<RunRecord>(
      `SELECT r.id, r.task_id AS "taskId", r.device_id AS "deviceId", r.hub_id AS "hubId", r.status,
              r.started_at::float8 AS "startedAt", r.finished_at::float8 AS "finishedAt", r.reason
       FROM runs r JOIN tasks t ON t.id = r.task_id WHERE position($1 in t.goal) > 0`,
      [tag],
    );
    return { tasks: tasks.rows, runs: runs.rows };
  } finally {
    await client.end();
  }
}

/** How many runs `hubId` has running now, from the database (a hub's registration says so only as of its last renewal). */
export async function runningOn(databaseUrl: string, hubId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM runs WHERE status = 'running' AND hub_id = $1",
      [hubId],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

function byKey<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** Every task done, with exactly one done run, none still running, and none started after its done one. */
export function exactlyOnceProblems(tasks: readonly TaskRecord[], runs: readonly RunRecord[]): string[] {
  const problems: string[] = [];
  const runsOf = byKey(runs, (r) => r.taskId);
  for (const task of tasks) {
    const own = runsOf.get(task.id) ?? [];
    const done = own.filter((r) => r.status === "done");
    if (task.status !== "done") problems.push(`${task.goal}: task ${task.status}`);
    if (done.length !== 1) problems.push(`${task.goal}: ${done.length} done runs`);
    if (own.some((r) => r.status === "running")) problems.push(`${task.goal}: a run still running`);
    const last = done[0];
    if (last && own.some((r) => r.startedAt > last.startedAt)) problems.push(`${task.goal}: a run after the done one`);
  }
  return problems;
}

/** A run in a problem: enough to tell which hubs and which moments it is about. */
function describe(run: RunRecord): string {
  const at = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString().slice(11, 23));
  const why = run.status === "interrupted" && run.reason ? `: ${run.reason}` : "";
  return `${run.id} (${run.hubId ?? "no hub"}, ${run.status}, ${at(run.startedAt)}–${at(run.finishedAt)}${why})`;
}

/**
 * No phone ran two tasks at once: its runs, by start, each start at or after the previous end. A
 * SIGKILLed hub sent nothing after `cutAt`, although its interrupted runs are recorded as ending when
 * a live hub reaped them: for those, the kill is when they stopped on the phone.
 */
export function overlapProblems(runs: readonly RunRecord[], cutAt: ReadonlyMap<string, number> = new Map()): string[] {
  const problems: string[] = [];
  const ended = (run: RunRecord): number => {
    const cut = run.hubId === null ? undefined : cutAt.get(run.hubId);
    const end = run.finishedAt ?? Number.POSITIVE_INFINITY;
    return run.status === "interrupted" && cut !== undefined && run.startedAt <= cut && end > cut ? cut : end;
  };
  for (const [device, list] of byKey(runs, (r) => r.deviceId)) {
    list.sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < list.length; i++) {
      const previous = list[i - 1]!;
      if (list[i]!.startedAt < ended(previous))
        problems.push(`${device}: run ${describe(list[i]!)} started before ${describe(previous)} ended`);
    }
  }
  return problems;
}
