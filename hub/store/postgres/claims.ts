/**
 * Task claims in PostgreSQL (the `claim` side of TaskQueue, fleet/ports.ts). There is no index in
 * memory (another hub changes the queue under us): a claim is one statement that states the fleet's
 * matching rule (fleet/queue-index.ts) in SQL and reserves what it picks.
 *
 * A reservation is two columns, `claimed_by` (this store's id) and `claimed_until` (wall time): a
 * claim skips tasks another store reserved, and `SELECT … FOR UPDATE SKIP LOCKED` keeps two claims
 * running at the same moment from picking the same row. The reservation only saves wasted work; what
 * makes a double lease impossible is the lease itself (`markStarted`), a conditional update from
 * `queued` that rolls its unit back with CONFLICT when another hub got there first. A reservation
 * outlives a hub that died between claim and lease by `CLAIM_TTL_MS` at most.
 *
 * Phones freed together (one commit ended their runs) claim together: phones that offer the same
 * tags and SDK reserve their tasks in one statement, `LIMIT` one per phone, and the tasks are dealt
 * out here by the same rule — a pinned task to its phone, a retry to another phone than the one it
 * failed on. What cannot be dealt that way goes back, and the phones left over claim one by one.
 */
import type { ClaimedTask, PhoneFacts } from "../../fleet/ports.js";
import type { SecretBox } from "../secret-box.js";
import type { Pool } from "./connection.js";
import { COLUMNS, type Raw, record } from "./task-rows.js";

/** How long a claim holds a task for its lease; far longer than a lease takes to commit. */
export const CLAIM_TTL_MS = 60_000;

/**
 * The fleet's matching rule as a claim: a ready task ($3: now) this phone fits — pinned to it ($4),
 * or unpinned with tags it has ($6) and an SDK it meets ($5) — not reserved by a live claim; then
 * priority, then submission order. A retry goes last to the phone it failed on: rather than sort
 * every queued task by that (an ORDER BY no index serves, which sorted the whole queue per claim),
 * the first statement skips such retries and walks the `tasks_ready` index in order, and only when it
 * finds nothing does the second offer this phone its own retries.
 */
function claimStatement(retriesOfThisPhone: boolean): string {
  const unpinned = retriesOfThisPhone ? "last_device = $4" : "(last_device IS NULL OR last_device <> $4)";
  const pinned = retriesOfThisPhone ? "" : "device_id = $4 OR ";
  return `UPDATE tasks SET claimed_by = $1, claimed_until = $2
  WHERE id = (
    SELECT id FROM tasks
    WHERE status = 'queued' AND not_before <= $3
      AND (claimed_by IS NULL OR claimed_until < $7)
      AND (${pinned}(device_id IS NULL AND ${unpinned} AND min_sdk <= $5 AND tags <@ $6::jsonb))
    ORDER BY priority DESC, seq
    LIMIT 1
    FOR UPDATE SKIP LOCKED)
  RETURNING ${COLUMNS}, secrets`;
}
export const CLAIM_FRESH = claimStatement(false);
const CLAIM_OWN_RETRY = claimStatement(true);

/**
 * The same rule for phones with the same tags ($6) and SDK ($5), ids $4: the best $8 ready tasks
 * pinned to one of them or fitting them all, retries included (dealt out below).
 */
const CLAIM_SEVERAL = `UPDATE tasks SET claimed_by = $1, claimed_until = $2
  WHERE id IN (
    SELECT id FROM tasks
    WHERE status = 'queued' AND not_before <= $3
      AND (claimed_by IS NULL OR claimed_until < $7)
      AND (device_id = ANY($4::text[]) OR (device_id IS NULL AND min_sdk <= $5 AND tags <@ $6::jsonb))
    ORDER BY priority DESC, seq
    LIMIT $8
    FOR UPDATE SKIP LOCKED)
  RETURNING ${COLUMNS}, secrets`;

type Claimed = Raw & { secrets: string | null };

export class PgClaims {
  readonly #pool: Pool;
  readonly #box: SecretBox;
  readonly #owner: string;

  /** `owner`: the name on this store's reservations (the hub's cluster id, so a dead hub's can be dropped). */
  constructor(pool: Pool, box: SecretBox, owner: string) {
    this.#pool = pool;
    this.#box = box;
    this.#owner = owner;
  }

  async claim(phone: PhoneFacts, now: number): Promise<ClaimedTask | undefined> {
    const wall = Date.now();
    const params = [this.#owner, wall + CLAIM_TTL_MS, now, phone.id, phone.sdkInt, tagsOf(phone), wall];
    let { rows } = await this.#pool.query<Claimed>(CLAIM_FRESH, params);
    if (rows.length === 0) ({ rows } = await this.#pool.query<Claimed>(CLAIM_OWN_RETRY, params));
    return rows[0] ? this.#claimed(rows[0]) : undefined;
  }

  /** One statement per set of phones with the same tags and SDK (all of them, in a uniform fleet). */
  async claimAll(phones: readonly PhoneFacts[], now: number): Promise<(ClaimedTask | undefined)[]> {
    const answers: (ClaimedTask | undefined)[] = phones.map(() => undefined);
    const kinds = new Map<string, number[]>();
    phones.forEach((phone, i) => {
      const kind = `${phone.sdkInt} ${tagsOf(phone)}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), i]);
    });
    await Promise.all(
      [...kinds.values()].map(async (indexes) => {
        const alike = indexes.map((i) => phones[i] as PhoneFacts);
        const dealt =
          alike.length === 1 ? [await this.claim(alike[0] as PhoneFacts, now)] : await this.#alike(alike, now);
        dealt.forEach((answer, j) => {
          answers[indexes[j] as number] = answer;
        });
      }),
    );
    return answers;
  }

  async release(taskIds: readonly string[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.#pool.query(
      "UPDATE tasks SET claimed_by = NULL, claimed_until = NULL WHERE id = ANY($1::text[]) AND claimed_by = $2",
      [taskIds, this.#owner],
    );
  }

  /** Claims for phones with the same tags and SDK: one statement, then the tasks dealt out in order. */
  async #alike(phones: readonly PhoneFacts[], now: number): Promise<(ClaimedTask | undefined)[]> {
    const wall = Date.now();
    const first = phones[0] as PhoneFacts;
    const { rows } = await this.#pool.query<Claimed>(CLAIM_SEVERAL, [
      this.#owner,
      wall + CLAIM_TTL_MS,
      now,
      phones.map((phone) => phone.id),
      first.sdkInt,
      tagsOf(first),
      wall,
      phones.length,
    ]);
    const { dealt, undealt } = deal(phones, rows);
    const answers = dealt.map((row) => (row ? this.#claimed(row) : undefined));
    // A phone left empty-handed may still have a task, when the statement's limit cut the queue short
    // or a task could not go to it here (its own retry): it claims alone, once the undealt are back.
    if (rows.length < phones.length && undealt.length === 0) return answers;
    await this.release(undealt);
    return Promise.all(answers.map((answer, i) => (answer ? answer : this.claim(phones[i] as PhoneFacts, now))));
  }

  #claimed(row: Claimed): ClaimedTask {
    return { task: record(row), secrets: row.secrets ? this.#box.open(row.secrets) : undefined };
  }
}

/** A phone's tags as the statements take them (a JSON array, sorted so alike phones match). */
function tagsOf(phone: PhoneFacts): string {
  return JSON.stringify([...phone.tags].sort());
}

/**
 * Deals reserved tasks to phones, best task first: a pinned task to its phone, an unpinned one to
 * the first phone still empty-handed that it did not fail on last. Each phone gets one task at most;
 * a task no phone can take here is undealt.
 */
export function deal<R extends Raw>(
  phones: readonly PhoneFacts[],
  rows: readonly R[],
): { dealt: (R | undefined)[]; undealt: string[] } {
  const dealt: (R | undefined)[] = phones.map(() => undefined);
  const free = new Map(phones.map((phone, i) => [phone.id, i]));
  const undealt: string[] = [];
  const ranked = [...rows].sort((a, b) => b.priority - a.priority || a.seq - b.seq);
  for (const row of ranked) {
    const taker = row.device_id !== null ? free.get(row.device_id) : firstOtherThan(free, row.last_device);
    if (taker === undefined) {
      undealt.push(row.id);
      continue;
    }
    dealt[taker] = row;
    free.delete((phones[taker] as PhoneFacts).id);
  }
  return { dealt, undealt };
}

function firstOtherThan(free: ReadonlyMap<string, number>, id: string | null): number | undefined {
  for (const [phone, index] of free) if (phone !== id) return index;
  return undefined;
}
