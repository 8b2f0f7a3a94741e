/**
 * The virtual phones' stream frames are drawn on a worker thread of their own (render-worker.ts), one
 * for all the phones of a process: a real phone captures and encodes its screen beside the thread
 * that answers the hub, and so does this one. Drawn on the phone's event loop, each frame's SVG,
 * bands and encoding (and their garbage) held up the commands behind them: with one viewer watching,
 * the phone's event-loop delay p99 went 2 → 3.5 ms and the hub's tap round trip p99 with it.
 *
 * The worker starts with the first frame and does not keep the process alive. If it dies, the frames
 * it owed fail (the streamer drops them) and the next frame starts a new one.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import type { StreamImage } from "../render/stream-renderer.js";

export type RenderRequest =
  | {
      type: "render";
      id: number;
      stream: number;
      ui: droidhub.v1.IUiTree;
      width: number;
      height: number;
      quality: number;
      paintPasswords: boolean;
    }
  | { type: "close"; stream: number };

export type RenderReply = { id: number; frame: StreamImage } | { id: number; error: string };

interface Owed {
  resolve(frame: StreamImage): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
const owed = new Map<number, Owed>();
let lastId = 0;
let lastStream = 0;

/** One stream's frames, drawn on the render thread; `close` frees what the thread keeps for it. */
export interface ThreadRenderer {
  render(ui: droidhub.v1.IUiTree, width: number, height: number, quality: number): Promise<StreamImage>;
  close(): void;
}

export function threadRenderer(options: { paintPasswords: boolean }): ThreadRenderer {
  const stream = ++lastStream;
  return {
    render(ui, width, height, quality) {
      const id = ++lastId;
      const frame = new Promise<StreamImage>((resolve, reject) => owed.set(id, { resolve, reject }));
      thread().postMessage({
        type: "render",
        id,
        stream,
        ui,
        width,
        height,
        quality,
        ...options,
      } satisfies RenderRequest);
      return frame;
    },
    close() {
      worker?.postMessage({ type: "close", stream } satisfies RenderRequest);
    },
  };
}

function thread(): Worker {
  if (worker !== undefined) return worker;
  const started = start();
  started.on("message", (reply: RenderReply) => {
    const waiting = owed.get(reply.id);
    owed.delete(reply.id);
    if ("error" in reply) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.frame);
  });
  const gone = (why: string) => {
    if (worker !== started) return;
    worker = undefined;
    for (const waiting of owed.values()) waiting.reject(new Error(`the render thread ${why}`));
    owed.clear();
  };
  started.on("error", (error) => gone(`failed: ${error.message}`));
  started.on("exit", (code) => gone(`exited with ${code}`));
  // After the listeners: a "message" listener refs the worker's port again.
  started.unref();
  worker = started;
  return started;
}

/**
 * Compiled (dist/), the worker is a .js file beside this one. From the sources (a checkout, the
 * tests, the benches) it is TypeScript: the thread registers tsx before it imports it, since a
 * worker does not inherit the loader its parent was started with.
 */
function start(): Worker {
  const own = import.meta.url;
  if (own.endsWith(".js")) return new Worker(new URL("./render-worker.js", own));
  const entry = new URL("./render-worker.ts", own).href;
  const tsx = pathToFileURL(
    createRequire(own)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true });
}
