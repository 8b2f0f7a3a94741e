/**
 * One run's event log on the write path. Events are numbered and kept in memory as they are
 * emitted, and written in batches: every event emitted before a unit runs goes into that unit — the
 * run's opening unit (with its lease and run row), the unit the phone's next command waits for, or
 * the run's closing unit. A one-tap script run thus writes its five events in the two units it
 * needs anyway (start and end), not in a unit (a savepoint, a promise, a commit when ungrouped) each.
 *
 * Nothing is weaker for it: the phone's next command waits (`written`) until every event emitted so
 * far is committed, and the run's end commits with the events before it. Events emitted while the
 * agent does not touch the phone (a long model call) are written at the end of the turn, so the
 * live view and a hub that dies meanwhile lose at most that turn.
 */
import type { AgentEvent } from "../agent/events.js";
import type { Commits, EventRow, NewEvent, RunTx, ScreenshotStore } from "./ports.js";
import { withStoredImages } from "./run-images.js";

/** An event as it waits for its unit: numbered and timed when emitted, its images already stored. */
export type PendingEvent = NewEvent;

/** Who hears of a batch once it is committed (the runner's "event" listeners). */
export type Announce = (runId: string, batch: readonly PendingEvent[]) => void;

const ignore = (): void => undefined;

export class RunEventLog<Tx extends RunTx = RunTx> {
  readonly #runId: string;
  readonly #commits: Commits<Tx>;
  readonly #screenshots: ScreenshotStore;
  readonly #announce: Announce;
  /** Emitted, not yet in a unit. */
  #buffer: PendingEvent[] = [];
  /** A unit that will take the buffer is queued and has not run yet. */
  #queued = false;
  /** The latest unit that took events (at first: the run's opening unit). */
  #latest: Promise<unknown>;
  /** The run's opening unit: until it has committed, the phone waits for it as well. */
  readonly opened: Promise<void>;
  #openedCommitted = false;
  /** Screenshots whose bytes are still being stored: the next command waits for them too. */
  #saving: Promise<unknown> | undefined;
  /** The end-of-turn write of events no unit took meanwhile. */
  #soon: NodeJS.Immediate | undefined;
  #seq = 0;

  /**
   * `open` queues the run's opening unit; its unit function gets this log's `take`, to call last,
   * so the events emitted before the unit runs are written in it.
   */
  constructor(
    runId: string,
    commits: Commits<Tx>,
    screenshots: ScreenshotStore,
    announce: Announce,
    open: (take: (tx: Tx) => void) => Promise<void>,
  ) {
    this.#runId = runId;
    this.#commits = commits;
    this.#screenshots = screenshots;
    this.#announce = announce;
    this.#queued = true;
    let batch: readonly PendingEvent[] | undefined;
    const opened = open((tx) => {
      batch = this.take(tx);
    });
    this.opened = opened;
    this.#latest = opened;
    opened.then(() => {
      this.#openedCommitted = true;
      if (batch) announce(runId, batch);
    }, ignore);
  }

  /** Records `event` (numbered and timed now); it is written by the next unit that runs. */
  readonly emit = (event: AgentEvent): void => {
    const saves: Promise<void>[] = [];
    const body = withStoredImages(this.#screenshots, event, saves);
    if (saves.length > 0) this.#saving = Promise.all(this.#saving ? [this.#saving, ...saves] : saves);
    this.#buffer.push({ seq: ++this.#seq, at: Date.now(), type: event.type, body });
    if (!this.#queued && !this.#soon) this.#soon = setImmediate(this.#writeSoon);
  };

  /**
   * Settles once every event emitted so far (and the screenshots they name) is committed, and the
   * run's opening unit too: what the phone's next command waits for.
   */
  readonly written = (): Promise<unknown> => {
    if (this.#buffer.length > 0 && !this.#queued) this.#write();
    const latest = this.#saving ? Promise.all([this.#latest, this.#saving]) : this.#latest;
    return this.#openedCommitted || latest === this.opened ? latest : Promise.all([this.opened, latest]);
  };

  /**
   * Inside a unit: writes every event still waiting and answers them (to announce once the unit has
   * committed), or undefined when none was waiting.
   */
  take(tx: Tx): readonly PendingEvent[] | undefined {
    this.#queued = false;
    if (this.#soon) {
      clearImmediate(this.#soon);
      this.#soon = undefined;
    }
    const batch = this.#buffer;
    if (batch.length === 0) return undefined;
    this.#buffer = [];
    if (tx.runs.appendEvents) tx.runs.appendEvents(this.#runId, batch);
    else for (const event of batch) tx.runs.appendEvent(this.#runId, event.seq, event.at, event.type, event.body);
    return batch;
  }

  /** Listeners hear of events once they are committed: a reader that replays the store and then listens misses nothing. */
  announce(batch: readonly PendingEvent[] | undefined): void {
    if (batch) this.#announce(this.#runId, batch);
  }

  /** A unit of its own for the waiting events; a failed write surfaces at the run's next command. */
  #write(): void {
    this.#queued = true;
    const write = this.#commits.write((tx) => this.take(tx));
    this.#latest = write;
    write.then((batch) => this.announce(batch), ignore);
  }

  readonly #writeSoon = (): void => {
    this.#soon = undefined;
    if (this.#buffer.length > 0 && !this.#queued) this.#write();
  };
}

/** A committed event as the runner's "event" listeners get it. */
export function eventRow(runId: string, event: PendingEvent): EventRow {
  return {
    runId,
    seq: event.seq,
    at: new Date(event.at).toISOString(),
    type: event.type,
    body: event.body as EventRow["body"],
  };
}
