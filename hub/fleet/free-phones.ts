/**
 * The phones that may take a task now, and their claims: a phone that becomes free (joined, its run
 * ended, undrained, released) asks the queue for its next task, one claim per phone at a time. The
 * queue may answer later than at once (a shared database), so tasks offered while a claim is being
 * answered make an empty-handed phone ask again, and a phone that stopped being free meanwhile
 * hands its task back. A queue that answers several phones at once (`claimAll`: a round trip away)
 * gets the phones freed in one turn of the event loop — one commit's run ends, one offer — together.
 */
import type { FastifyBaseLogger } from "fastify";
import { Phone } from "../devices/phone.js";
import { type DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import { isHubError } from "../errors/hub-error.js";
import type { Clock } from "../util/clock.js";
import type { ClaimedTask, PhoneFacts, TaskQueue } from "./ports.js";

/** Tag prefix that marks an installed app (`app:com.example`); a task requiring an app carries it. */
export const APP_TAG = "app:";

/** A failed hand-back is retried after 250 ms, doubling to 5 s, for a minute (a claim's longest life). */
const RELEASE_RETRY_BASE_MS = 250;
const RELEASE_RETRY_CAP_MS = 5_000;
const RELEASE_RETRY_FOR_MS = 60_000;

export class FreePhones {
  /** Phones that are online, unleased, not draining and not quarantined. */
  readonly #idle = new Set<string>();
  /** Phones whose claim the queue is answering now. */
  readonly #claims = new Map<string, Promise<void>>();
  /** Phones waiting for the end of this turn to claim together (a queue with `claimAll`). */
  #batch: { entry: DeviceEntry; done: () => void }[] = [];
  /** Bumped whenever tasks may have become claimable: a claim that found nothing asks again if it moved. */
  #offered = 0;
  /** The clock's time when the latest offer began (0: none yet); see `offeredAt`. */
  #offeredAt = 0;
  #stopped = false;
  /**
   * The queue's answer to "does a queued task need an app?", asked once per offer round instead of
   * once per claim (the question scans every queued task's tags). A task that needs one arrives by
   * a submission, a hand-back or a retry, each of which offers (bumps #offered) and so asks again.
   */
  #appsWanted: { offered: number; answer: Promise<boolean> } | undefined;
  /** Sessions already asked for their app list. */
  readonly #asked = new WeakSet<object>();
  /** Each phone's facts for a claim, with the tags, apps and info they were made from. */
  readonly #knownFacts = new WeakMap<
    DeviceEntry,
    { tags: DeviceEntry["tags"]; apps: DeviceEntry["apps"]; info: DeviceEntry["info"]; facts: PhoneFacts }
  >();
  readonly #queue: TaskQueue;
  readonly #registry: DeviceRegistry;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #launch: (claimed: ClaimedTask, entry: DeviceEntry) => void;

  /** `launch` leases the phone to its claimed task; a throw hands the task back. */
  constructor(
    queue: TaskQueue,
    registry: DeviceRegistry,
    clock: Clock,
    log: FastifyBaseLogger,
    launch: (claimed: ClaimedTask, entry: DeviceEntry) => void,
  ) {
    this.#queue = queue;
    this.#registry = registry;
    this.#clock = clock;
    this.#log = log;
    this.#launch = launch;
  }

  stop(): void {
    this.#stopped = true;
  }

  /** The phone is leased or gone: it takes nothing until it is free again. */
  remove(id: string): void {
    this.#idle.delete(id);
    this.#refused.delete(id);
  }

  /** The claim the queue is answering for this phone, if any. */
  claimOf(id: string): Promise<void> | undefined {
    return this.#claims.get(id);
  }

  /**
   * Phones that joined and wait for their admission (cluster mode: see Dispatcher.admitJoins), each
   * with its latest one: a phone that left and joined again while an older admission was still
   * under way is decided by the newer one alone.
   */
  readonly #admitting = new Map<string, Promise<void>>();

  /** Phones whose admission was refused (another hub holds them): they take no work here. */
  readonly #refused = new Set<string>();

  /** A phone that joined takes work once `admission` settled (unless it was refused). */
  admit(id: string, admission: Promise<void>): void {
    this.#admitting.set(id, admission);
    this.#refused.delete(id);
    const latest = () => this.#admitting.get(id) === admission;
    admission
      .then(
        () => true,
        (error: unknown) => {
          if (!latest()) return false;
          if (isHubError(error, "CONFLICT")) {
            // Another hub holds it under a later epoch: it takes no work here (its session ends soon).
            this.#log.info({ deviceId: id, err: String(error) }, "a joined phone is held by another hub");
            this.#refused.add(id);
            return false;
          }
          this.#log.warn({ deviceId: id, err: String(error) }, "a joined phone's admission failed");
          return true;
        },
      )
      .then((free) => {
        if (!latest()) return; // a newer admission decides
        this.#admitting.delete(id);
        const entry = this.#registry.get(id);
        if (entry && free) this.refresh(entry);
      });
  }

  /** A phone's state changed: it may have become free (or stopped being free). */
  refresh(entry: DeviceEntry): void {
    if (DeviceRegistry.status(entry) === "online" && !this.#admitting.has(entry.id) && !this.#refused.has(entry.id)) {
      this.#idle.add(entry.id);
      void this.#dispatch(entry);
    } else {
      this.#idle.delete(entry.id);
    }
  }

  /**
   * When the latest offer began. A task ready by then has been asked for by every phone free at that
   * time (a claim in flight asks again), and a phone freed later asks on its own: no such task waits
   * unseen while a phone is free. One that became ready after it needs another offer.
   */
  get offeredAt(): number {
    return this.#offeredAt;
  }

  /** Tasks may have become claimable (submitted, handed back, a backoff over): every free phone asks. */
  async offer(): Promise<void> {
    this.#offered++;
    this.#offeredAt = this.#clock.now();
    const claims: Promise<void>[] = [];
    for (const id of [...this.#idle]) {
      const entry = this.#registry.get(id);
      if (entry) claims.push(this.#dispatch(entry));
    }
    await Promise.all(claims);
  }

  /** Returns a claimed task to the queue and lets the free phones look again. */
  async handBack(taskId: string): Promise<void> {
    try {
      await this.#queue.release(taskId);
    } catch (error) {
      this.#log.error({ taskId, err: String(error) }, "a claimed task could not be handed back; retrying");
      this.#releaseLater(taskId);
    }
    await this.offer();
  }

  /**
   * A hand-back the database did not take (it was away): retried until it is, so the task is not
   * held by its claim until the claim lapses (a minute in PostgreSQL: the scale run's PostgreSQL
   * restart waited that long for such tasks). Stops once the claim would have lapsed anyway.
   */
  #releaseLater(taskId: string): void {
    const giveUpAt = Date.now() + RELEASE_RETRY_FOR_MS;
    const attempt = (delayMs: number): void => {
      const timer = setTimeout(() => {
        if (this.#stopped) return;
        this.#queue.release(taskId).then(
          () => void this.offer(),
          () => {
            if (Date.now() < giveUpAt) attempt(Math.min(RELEASE_RETRY_CAP_MS, delayMs * 2));
          },
        );
      }, delayMs);
      timer.unref();
    };
    attempt(RELEASE_RETRY_BASE_MS);
  }

  /** Claims the next task for a free phone and launches it; settles once that is decided (never rejects). */
  #dispatch(entry: DeviceEntry): Promise<void> {
    if (this.#stopped || !this.#idle.has(entry.id)) return Promise.resolve();
    const inFlight = this.#claims.get(entry.id);
    if (inFlight) return inFlight;
    if (entry.apps === undefined) this.#learnApps(entry);
    const claim = this.#queue.claimAll ? this.#batched(entry) : this.#claim(entry);
    this.#claims.set(entry.id, claim);
    return claim;
  }

  /**
   * Joins the batch of phones that claim together at the end of this turn: phones freed by one
   * commit (their runs' ends) or one offer ask the queue in one round trip instead of one each.
   */
  #batched(entry: DeviceEntry): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#batch.push({ entry, done: resolve });
      if (this.#batch.length > 1) return;
      setImmediate(() => {
        const batch = this.#batch;
        this.#batch = [];
        void this.#claimBatch(batch);
      });
    });
  }

  async #claimBatch(batch: readonly { entry: DeviceEntry; done: () => void }[]): Promise<void> {
    const offered = this.#offered;
    const asking = batch.filter(({ entry }) => !this.#stopped && this.#idle.has(entry.id));
    for (const { entry, done } of batch) {
      if (!this.#stopped && this.#idle.has(entry.id)) continue;
      // No longer free (leased, gone, drained) while it waited for the batch: nothing to ask.
      this.#claims.delete(entry.id);
      done();
    }
    if (asking.length === 0) return;
    const answers = await this.#claimAll(asking.map(({ entry }) => this.#facts(entry)));
    await Promise.all(
      asking.map(async ({ entry, done }, i) => {
        await this.#settle(entry, answers[i], offered);
        done();
      }),
    );
  }

  /** The queue's answers for these phones, in one request when it takes several; none when it failed. */
  async #claimAll(phones: PhoneFacts[]): Promise<(ClaimedTask | undefined)[]> {
    const queue = this.#queue;
    const now = this.#clock.now();
    try {
      return await (queue.claimAll ? queue.claimAll(phones, now) : Promise.all(phones.map((p) => queue.claim(p, now))));
    } catch (error) {
      this.#log.error({ phones: phones.length, err: String(error) }, "the queue could not answer a claim");
      return [];
    }
  }

  async #claim(entry: DeviceEntry): Promise<void> {
    const offered = this.#offered;
    const claimed = await this.#queue.claim(this.#facts(entry), this.#clock.now()).catch((error: unknown) => {
      this.#log.error({ deviceId: entry.id, err: String(error) }, "the queue could not answer a claim");
      return undefined;
    });
    await this.#settle(entry, claimed, offered);
  }

  /** Acts on the queue's answer to a phone's claim made when the offer count was `offered`. */
  async #settle(entry: DeviceEntry, claimed: ClaimedTask | undefined, offered: number): Promise<void> {
    this.#claims.delete(entry.id);
    if (!claimed) {
      // Tasks offered while the queue was answering were not seen by this claim: ask again.
      if (this.#offered !== offered) await this.#dispatch(entry);
      return;
    }
    if (this.#stopped || !this.#idle.has(entry.id)) {
      // The phone stopped being free while its claim was answered: the task goes back.
      await this.handBack(claimed.task.id);
      return;
    }
    try {
      this.#launch(claimed, entry);
    } catch (error) {
      this.#log.error({ deviceId: entry.id, taskId: claimed.task.id, err: String(error) }, "a lease failed");
      await this.handBack(claimed.task.id);
    }
  }

  #wantsApps(): Promise<boolean> {
    if (this.#appsWanted?.offered === this.#offered) return this.#appsWanted.answer;
    const asked = { offered: this.#offered, answer: this.#queue.requiresTag(APP_TAG) };
    this.#appsWanted = asked;
    // A failed question is asked again by the next claim.
    asked.answer.catch(() => {
      if (this.#appsWanted === asked) this.#appsWanted = undefined;
    });
    return asked.answer;
  }

  /**
   * A phone's tags plus `app:<package>` for each installed app (how tasks require an app). Made
   * again only when the registry replaced its tags, apps or info: a busy phone claims once per task.
   */
  #facts(entry: DeviceEntry): PhoneFacts {
    const known = this.#knownFacts.get(entry);
    if (known && known.tags === entry.tags && known.apps === entry.apps && known.info === entry.info)
      return known.facts;
    const tags = new Set(entry.tags);
    for (const app of entry.apps ?? []) tags.add(`${APP_TAG}${app}`);
    const facts = { id: entry.id, tags, sdkInt: entry.info?.sdkInt ?? 0 };
    this.#knownFacts.set(entry, { tags: entry.tags, apps: entry.apps, info: entry.info, facts });
    return facts;
  }

  /** Asks a phone that just joined which apps it has, when some task needs an app; such tasks wait for it. */
  #learnApps(entry: DeviceEntry): void {
    const session = entry.session;
    if (!session || this.#asked.has(session)) return;
    this.#wantsApps().then(
      (wanted) => {
        if (!wanted || this.#asked.has(session)) return;
        this.#asked.add(session);
        new Phone(session)
          .listApps(true, { timeoutMs: 15_000 })
          .then((apps) => this.#registry.setApps(entry.id, new Set(apps)))
          .catch((error: unknown) =>
            this.#log.debug({ deviceId: entry.id, err: String(error) }, "app list unavailable"),
          );
      },
      (error: unknown) => this.#log.warn({ err: String(error) }, "could not ask the queue about app tags"),
    );
  }
}
