/**
 * The step agent's memory across runs, in PostgreSQL: lessons by test case, and reference runs. A
 * reference counts once its run is starred — the same star the runs API and the dashboard set.
 */
import type { Lesson, LessonRepository, ReferenceRun, ReferenceRunRepository } from "../../agent/step/memory.js";
import type { Pool } from "./connection.js";

export class PgLessonRepository implements LessonRepository {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async add(lesson: Lesson): Promise<void> {
    await this.#pool.query("INSERT INTO lessons (case_name, mistake, advice, created_at) VALUES ($1, $2, $3, $4)", [
      lesson.caseName,
      lesson.mistake,
      lesson.advice,
      lesson.createdAt,
    ]);
  }

  async forCase(caseName: string, limit = 5): Promise<Lesson[]> {
    const { rows } = await this.#pool.query<{ case_name: string; mistake: string; advice: string; created_at: number }>(
      `SELECT case_name, mistake, advice, created_at FROM lessons WHERE case_name = $1
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [caseName, limit],
    );
    return rows.map((r) => ({ caseName: r.case_name, mistake: r.mistake, advice: r.advice, createdAt: r.created_at }));
  }
}

export class PgReferenceRunRepository implements ReferenceRunRepository {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async save(run: ReferenceRun): Promise<void> {
    await this.#pool.query(
      `INSERT INTO reference_runs (run_id, case_name, status, actions, finished_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (run_id) DO UPDATE SET status = excluded.status, actions = excluded.actions,
         finished_at = excluded.finished_at`,
      [run.runId, run.caseName, run.status, JSON.stringify(run.actions), run.finishedAt],
    );
    if (run.starred) await this.star(run.runId, true);
  }

  async star(runId: string, starred = true): Promise<void> {
    await this.#pool.query("UPDATE runs SET starred = $1 WHERE id = $2", [starred, runId]);
  }

  async latestStarred(caseName: string): Promise<ReferenceRun | undefined> {
    const { rows } = await this.#pool.query<{
      run_id: string;
      case_name: string;
      status: "pass";
      actions: string;
      finished_at: number;
    }>(
      `SELECT r.run_id, r.case_name, r.status, r.actions, r.finished_at FROM reference_runs r
       JOIN runs s ON s.id = r.run_id
       WHERE r.case_name = $1 AND r.status = 'pass' AND s.starred
       ORDER BY r.finished_at DESC LIMIT 1`,
      [caseName],
    );
    const row = rows[0];
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
