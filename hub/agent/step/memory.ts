/**
 * Memory across runs, behind repository interfaces: lessons (loaded as "AVOID" lines in Pinned) and
 * reference runs (the action history of the last starred successful run of the same test case, a soft
 * reference in Pinned). In-memory implementations until the run store adds SQLite ones.
 */

export interface Lesson {
  /** Test case name the lesson belongs to. */
  caseName: string;
  mistake: string;
  advice: string;
  createdAt: number;
}

export interface LessonRepository {
  add(lesson: Lesson): Promise<void>;
  /** Newest first, at most `limit`. */
  forCase(caseName: string, limit?: number): Promise<Lesson[]>;
}

export interface ReferenceRun {
  runId: string;
  caseName: string;
  status: "pass" | "fail" | "error";
  /** Action history as the model wrote it (placeholders, never secret values). */
  actions: string[];
  starred: boolean;
  finishedAt: number;
}

export interface ReferenceRunRepository {
  save(run: ReferenceRun): Promise<void>;
  star(runId: string, starred?: boolean): Promise<void>;
  /** The newest starred run of this case that passed. */
  latestStarred(caseName: string): Promise<ReferenceRun | undefined>;
}

export class InMemoryLessonRepository implements LessonRepository {
  readonly #lessons: Lesson[] = [];

  async add(lesson: Lesson): Promise<void> {
    this.#lessons.push({ ...lesson });
  }

  async forCase(caseName: string, limit = 5): Promise<Lesson[]> {
    return this.#lessons
      .filter((l) => l.caseName === caseName)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((l) => ({ ...l }));
  }

  /** Every lesson, oldest first (tests and reports). */
  all(): Lesson[] {
    return this.#lessons.map((l) => ({ ...l }));
  }
}

export class InMemoryReferenceRunRepository implements ReferenceRunRepository {
  readonly #runs = new Map<string, ReferenceRun>();

  async save(run: ReferenceRun): Promise<void> {
    this.#runs.set(run.runId, { ...run, actions: [...run.actions] });
  }

  async star(runId: string, starred = true): Promise<void> {
    const run = this.#runs.get(runId);
    if (!run) throw new Error(`no run ${runId}`);
    run.starred = starred;
  }

  async latestStarred(caseName: string): Promise<ReferenceRun | undefined> {
    let best: ReferenceRun | undefined;
    for (const run of this.#runs.values()) {
      if (run.caseName !== caseName || !run.starred || run.status !== "pass") continue;
      if (!best || run.finishedAt >= best.finishedAt) best = run;
    }
    return best ? { ...best, actions: [...best.actions] } : undefined;
  }

  all(): ReferenceRun[] {
    return [...this.#runs.values()].map((r) => ({ ...r, actions: [...r.actions] }));
  }
}
