/**
 * The phones that may take a task now, and their claims: a phone that becomes free (joined, its run
 * ended, undrained, released) asks the queue for its next task, one claim per phone at a time. The
 * queue may answer later than at once (a shared database), so tasks offered while a claim is being
 * answered make an empty-handed phone ask again, and a phone that stopped being free meanwhile
 * hands its task back.
 */
import type { FastifyBaseLogger } from "fastify";
import { Phone } from "../devices/phone.js";
import { type DeviceEntry, DeviceRegistry } from "../devices/registry.js";
import type { Clock } from "../util/clock.js";
import type { ClaimedTask, PhoneFacts, TaskQueue } from "./ports.js";

/** Tag prefix that marks an installed app (`app:com.example`); a task requiring an app carries it. */
export const APP_TAG = "app:";

export class FreePhones {
  /** Phones that are online, unleased, not draining and not quarantined. */
  readonly #idle = new Set<string>();
  /** Phones whose claim the queue is answering now. */
  readonly #claims = new Map<string, Promise<void>>();
  /** Bumped whenever tasks may have become claimable: a claim that found nothing asks again if it moved. */
  #offered = 0;
  #stopped = false;
  /**
   * The queue's answer to "does a queued task need an app?", asked once per offer round instead of
   * once per claim (the question scans every queued task's tags). A task that needs one arrives by
   * a submission, a hand-back or a retry, each of which offers (bumps #offered) and so asks again.
   */
  #appsWanted: { offered: number; answer: Promise<boolean> } | undefined;
  /** Sessions already asked for their app list. */
  readonly #asked = new WeakSet<object>();
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
  }

  /** The claim the queue is answering for this phone, if any. */
  claimOf(id: string): Promise<void> | undefined {
    return this.#claims.get(id);
  }

  /** A phone's state changed: it may have become free (or stopped being free). */
  refresh(entry: DeviceEntry): void {
    if (DeviceRegistry.status(entry) === "online") {
      this.#idle.add(entry.id);
      void this.#dispatch(entry);
    } else {
      this.#idle.delete(entry.id);
    }
  }

  /** Tasks may have become claimable (submitted, handed back, a backoff over): every free phone asks. */
  async offer(): Promise<void> {
    this.#offered++;
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
      this.#log.error({ taskId, err: String(error) }, "a claimed task could not be handed back");
    }
    await this.offer();
  }

  /** Claims the next task for a free phone and launches it; settles once that is decided (never rejects). */
  #dispatch(entry: DeviceEntry): Promise<void> {
    if (this.#stopped || !this.#idle.has(entry.id)) return Promise.resolve();
    const inFlight = this.#claims.get(entry.id);
    if (inFlight) return inFlight;
    const claim = this.#claim(entry);
    this.#claims.set(entry.id, claim);
    return claim;
  }

  async #claim(entry: DeviceEntry): Promise<void> {
    if (entry.apps === undefined) this.#learnApps(entry);
    const offered = this.#offered;
    const claimed = await this.#queue.claim(this.#facts(entry), this.#clock.now()).catch((error: unknown) => {
      this.#log.error({ deviceId: entry.id, err: String(error) }, "the queue could not answer a claim");
      return undefined;
    });
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

  /** A phone's tags plus `app:<package>` for each installed app (how tasks require an app). */
  #facts(entry: DeviceEntry): PhoneFacts {
    const tags = new Set(entry.tags);
    for (const app of entry.apps ?? []) tags.add(`${APP_TAG}${app}`);
    return { id: entry.id, tags, sdkInt: entry.info?.sdkInt ?? 0 };
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
