/**
 * Starts a worker thread from a module beside the caller's. Compiled (dist/), the worker is a .js
 * file beside the caller. From the sources (a checkout, the tests, the benches) it is TypeScript:
 * the thread registers tsx before it imports it, since a worker does not inherit the loader its
 * parent was started with.
 *
 * The thread gets none of the process's own flags: by default a worker takes them all, and an
 * `--import` of the parent's (a loader, an agent) would run again in the worker, without the hooks
 * it needs there — under the benches' `--import tsx --import hub-build.ts` every image thread
 * failed to start ("Unknown file extension .ts") and its work silently ran on the event loop.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** `name` without extension ("render-worker"), resolved beside `callerUrl` (the caller's import.meta.url). */
export function startWorker(callerUrl: string, name: string): Worker {
  if (callerUrl.endsWith(".js")) return new Worker(new URL(`./${name}.js`, callerUrl), { execArgv: [] });
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const tsx = pathToFileURL(
    createRequire(callerUrl)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, execArgv: [] });
}

/** What a worker answers a call with: `{ id, value }`, or `{ id, error }` when it failed. */
export type ThreadReply<T> = { id: number; value: T } | { id: number; error: string };

interface Owed {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A call's thread died or could not start: the call was not answered (the work may not have run). */
export class ThreadGone extends Error {}

/**
 * Calls into one worker thread: each call posts `{ id, ...request }` and settles with the reply of
 * that id (an error the worker answered rejects as an Error with its message). The thread starts
 * with the first call and keeps the process alive only while it owes an answer; if it dies, the
 * calls it owed reject with ThreadGone and the next call starts a new one — unless it never
 * answered anything: a thread that cannot start is not started again, its calls reject at once.
 */
export class ThreadCalls<Request extends object, Answer> {
  readonly #callerUrl: string;
  readonly #name: string;
  #worker: Worker | undefined;
  readonly #owed = new Map<number, Owed>();
  #lastId = 0;
  /** Why the thread cannot start, once one died before it answered anything. */
  #broken: string | undefined;

  /** The worker module `name`, beside `callerUrl` (see startWorker). */
  constructor(callerUrl: string, name: string) {
    this.#callerUrl = callerUrl;
    this.#name = name;
  }

  /** Why the thread cannot start (it died before it answered anything), or undefined. */
  get broken(): string | undefined {
    return this.#broken;
  }

  /**
   * `transfer`: buffers of the request that move to the thread instead of being cloned (they are
   * unusable here afterwards): a 44 KB frame posted 25–32 µs cloned, 15–23 µs as a moved copy.
   */
  call(request: Request, transfer: readonly ArrayBuffer[] = []): Promise<Answer> {
    if (this.#broken !== undefined) return Promise.reject(new ThreadGone(this.#broken));
    const id = ++this.#lastId;
    const answer = new Promise<Answer>((resolve, reject) =>
      this.#owed.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
    const worker = this.#thread();
    // Owing an answer keeps the process alive (a script that awaits it must not exit first); idle, it does not.
    if (this.#owed.size === 1) worker.ref();
    worker.postMessage({ id, ...request }, transfer);
    return answer;
  }

  /** A message that wants no answer, for a thread that runs (one that does not holds nothing to tell). */
  tell(message: object): void {
    this.#worker?.postMessage(message);
  }

  #thread(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const started = startWorker(this.#callerUrl, this.#name);
    let answered = false;
    started.on("message", (reply: ThreadReply<Answer>) => {
      answered = true;
      const waiting = this.#owed.get(reply.id);
      this.#owed.delete(reply.id);
      if (this.#owed.size === 0) started.unref();
      if ("error" in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.value);
    });
    const gone = (why: string) => {
      if (this.#worker !== started) return;
      this.#worker = undefined;
      const error = new ThreadGone(`the ${this.#name} thread ${why}`);
      if (!answered) {
        this.#broken = error.message;
        // Once per thread: the work still gets done (on the calling thread, where callers fall back), but slower.
        process.emitWarning(`${error.message}; it is not started again`, { code: "DROIDHUB_THREAD" });
      }
      for (const waiting of this.#owed.values()) waiting.reject(error);
      this.#owed.clear();
    };
    started.on("error", (error) => gone(`failed: ${error.message}`));
    started.on("exit", (code) => gone(`exited with ${code}`));
    // After the listeners: a "message" listener refs the worker's port again.
    started.unref();
    this.#worker = started;
    return started;
  }
}

/**
 * Bytes that can move to the other thread rather than be cloned: a view of a whole ArrayBuffer of
 * its own (as sharp's output is). A view into a larger or pooled buffer is cloned as it is.
 */
export function ownBuffer(value: unknown): ArrayBuffer[] {
  if (!ArrayBuffer.isView(value) || !(value.buffer instanceof ArrayBuffer)) return [];
  return value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer] : [];
}

/** The exact bytes of `view` in an ArrayBuffer of their own, to transfer (`call`'s `transfer`). */
export function ownCopy(view: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(view);
}

/** In a worker: answers each call `{ id, ...request }` with what `handle` resolves to, or its error. */
export function answerCalls<Request>(
  port: {
    on(event: "message", listener: (message: Request & { id: number }) => void): unknown;
    postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  },
  handle: (request: Request) => Promise<unknown> | undefined,
): void {
  port.on("message", (message) => {
    const answer = handle(message);
    if (answer === undefined) return; // a message that wants no answer
    answer.then(
      (value) => port.postMessage({ id: message.id, value }, ownBuffer(value)),
      (error: unknown) =>
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
