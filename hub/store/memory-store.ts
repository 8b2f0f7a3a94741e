/**
 * The step agent's memory across runs, in SQLite: lessons by test case, and reference runs (a run's
 * action history by test case). A reference counts once its run is starred — the same star the
 * runs API and the dashboard set.
 */
import type { Lesson, LessonRepository, ReferenceRun, ReferenceRunRepository } from "../agent/step/memory.js";
import type { Db } from "./database.js";
import { StatementCache } from "./statements.js";

export class SqliteLessonRepository implements LessonRepository {
  readonly #sql: StatementCache;

  constructor(db: Db) {
    this.#sql = new StatementCache(db);
  }

  async add(lesson: Lesson): Promise<void> {
    this.#sql
      .get("INSERT INTO lessons (case_name, mistake, advice, created_at) VALUES (?, ?, ?, ?)")
      .run(lesson.caseName, lesson.mistake, lesson.advice, lesson.createdAt);
  }

  async forCase(caseName: string, limit = 5): Promise<Lesson[]> {
    const rows = this.#sql
      .get(
        "SELECT case_name, mistake, advice, created_at FROM lessons WHERE case_name = ? ORDER BY created_at DESC, id DESC LIMIT ?",
      )
      .all(caseName, limit) as { case_name: string; mistake: string; advice: string; created_at: number }[];
    return rows.map((r) => ({ caseName: r.case_name, mistake: r.mistake, advice: r.advice, createdAt: r.created_at }));
  }
}

export class SqliteReferenceRunRepository implements ReferenceRunRepository {
  readonly #sql: StatementCache;

  constructor(db: Db) {
    this.#sql = new StatementCache(db);
  }

  async save(run: ReferenceRun): Promise<void> {
    this.#sql
      .get(
        `INSERT INTO reference_runs (run_id, case_name, status, actions, finished_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(run_id) DO UPDATE SET status = excluded.status, actions = excluded.actions, finished_at = excluded.finished_at`,
      )
      .run(run.runId, run.caseName, run.status, JSON.stringify(run.actions), run.finishedAt);
    if (run.starred) await this.star(run.runId, true);
  }

  async star(runId: string, starred = true): Promise<void> {
    this.#sql.get("UPDATE runs SET starred = ? WHERE id = ?").run(starred ? 1 : 0, runId);
  }

  async latestStarred(caseName: string): Promise<ReferenceRun | undefined> {
    const row = this.#sql
      .get(
        `SELECT r.run_id, r.case_name, r.status, r.actions, r.finished_at FROM reference_runs r
         JOIN runs s ON s.id = r.run_id
         WHERE r.case_name = ? AND r.status = 'pass' AND s.starred = 1
         ORDER BY r.finished_at DESC LIMIT 1`,
      )
      .get(caseName) as
      | { run_id: string; case_name: string; status: "pass"; actions: string; finished_at: number }
      | undefined;
    return row
      ? {
          runId: row.run_id,
          caseName: row.case_name,
          status: row.status,
          actions: JSON.parse(row.actions) as string[],
          starred: true,
          finishedAt: row.finished_at,
        }
      : undefined;
  }
}
