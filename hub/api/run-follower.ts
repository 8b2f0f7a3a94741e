/**
 * One client following one run over SSE (`GET /api/runs/:id/events`). The store is this stream's
 * buffer: every event is committed before it is announced, so the stream writes only while the
 * client keeps up and, when it falls behind, picks up from the store once it has caught up. A slow
 * reader costs the hub one socket buffer, not the run; nothing is dropped or merged (each event
 * counts), and a client that drops or is cut (an event larger than the cap) resumes with
 * Last-Event-ID: every event carries its seq as id.
 *
 * A run another hub executes (cluster mode: the runs and their events are in the shared database)
 * has no announcements here, so its stream reads the store every REMOTE_POLL_MS until the run ends:
 * one query per watched remote run and second, where fanning every event out over Redis would cost
 * every hub a message per event of every run, watched or not.
 */
import type { FastifyBaseLogger } from "fastify";
import type { EventRow } from "../runs/ports.js";
import type { TaskRunner } from "../runs/task-runner.js";
import type { SseStream } from "./sse.js";

/** Run events read from the store per query while a stream catches up. */
const REPLAY_PAGE = 200;
/** How often the stream of a run this hub does not execute looks for new events and the run's end. */
export const REMOTE_POLL_MS = 1_000;

export class RunFollower {
  readonly #runner: TaskRunner;
  readonly #runId: string;
  readonly #stream: SseStream;
  readonly #log: FastifyBaseLogger;
  /** The last seq written to the client. */
  #sent: number;
  /** The run's end status, once it has ended. */
  #final: string | undefined;
  // One reader of the store at a time; a wake-up while it reads makes it read once more.
  #reading = false;
  #again = false;

  constructor(runner: TaskRunner, runId: string, stream: SseStream, log: FastifyBaseLogger, lastEventId: number) {
    this.#runner = runner;
    this.#runId = runId;
    this.#stream = stream;
    this.#log = log;
    this.#sent = lastEventId;
  }

  /** Subscribes, then replays from the store, then follows until the run ends or the client leaves. */
  async start(): Promise<void> {
    const live = (row: EventRow): void => this.#live(row);
    const finished = (done: { id: string; status: string }): void => this.#finished(done);
    // Subscribe before replaying so nothing falls between the two; `#sent` drops duplicates.
    this.#runner.on("event", live);
    this.#runner.on("finished", finished);
    this.#stream.onClose(() => {
      this.#runner.off("event", live);
      this.#runner.off("finished", finished);
    });
    this.#stream.onWritable(() => this.#pump());
    const current = await this.#runner.store.getRun(this.#runId);
    if (current && current.status !== "running") this.#final = current.status;
    else if (current && !this.#runner.runsHere(current.taskId)) this.#pollRemote();
    this.#pump();
  }

  /** Follows a run that executes elsewhere: reads its events and its status until it has ended. */
  #pollRemote(): void {
    const timer = setInterval(() => {
      this.#runner.store.getRun(this.#runId).then(
        (run) => {
          if (run && run.status !== "running") {
            this.#final = run.status;
            clearInterval(timer);
          }
          if (this.#stream.writable) this.#pump();
        },
        (error: unknown) =>
          this.#log.warn({ runId: this.#runId, err: String(error) }, "a remote run could not be read"),
      );
    }, REMOTE_POLL_MS);
    timer.unref();
    this.#stream.onClose(() => clearInterval(timer));
  }

  async #catchUp(): Promise<void> {
    const stream = this.#stream;
    for (;;) {
      const page = await this.#runner.store.events(this.#runId, this.#sent, undefined, REPLAY_PAGE);
      for (const row of page) {
        if (!stream.writable) return;
        if (row.seq <= this.#sent) continue;
        this.#sent = row.seq;
        stream.send(row.type, row.body, row.seq);
      }
      if (page.length < REPLAY_PAGE) break;
    }
    // The response ends after `end`, so a finished run's stream does not stay open for nothing.
    if (this.#final !== undefined && stream.writable) {
      stream.send("end", { status: this.#final });
      stream.end();
    }
  }

  #pump(): void {
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = true;
    this.#catchUp().then(
      () => {
        this.#reading = false;
        if (!this.#again) return;
        this.#again = false;
        this.#pump();
      },
      (error: unknown) => {
        this.#log.warn({ runId: this.#runId, err: String(error) }, "run events could not be read");
        this.#stream.end();
      },
    );
  }

  #live(row: EventRow): void {
    if (row.runId !== this.#runId || row.seq <= this.#sent || !this.#stream.writable) return;
    if (this.#reading || row.seq > this.#sent + 1) {
      this.#pump(); // the one before it is still being announced (or read), but it is in the store already
      return;
    }
    this.#sent = row.seq;
    this.#stream.send(row.type, row.body, row.seq);
  }

  #finished(done: { id: string; status: string }): void {
    if (done.id !== this.#runId) return;
    this.#final = done.status;
    if (this.#stream.writable) this.#pump();
  }
}
