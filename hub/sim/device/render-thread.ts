/**
 * The virtual phones' stream frames are drawn on a worker thread of their own (render-worker.ts), one
 * for all the phones of a process: a real phone captures and encodes its screen beside the thread
 * that answers the hub, and so does this one. Drawn on the phone's event loop, each frame's SVG,
 * bands and encoding (and their garbage) held up the commands behind them: with one viewer watching,
 * the phone's event-loop delay p99 went 2 → 3.5 ms and the hub's tap round trip p99 with it.
 *
 * The worker starts with the first frame and keeps the process alive only while a frame is owed
 * (util/worker-thread.ts). If it dies, the frames it owed fail (the streamer drops them) and the
 * next frame starts a new one.
 */
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { ThreadCalls } from "../../util/worker-thread.js";
import type { StreamImage } from "../render/stream-renderer.js";

export type RenderRequest =
  | {
      type: "render";
      stream: number;
      ui: droidhub.v1.IUiTree;
      width: number;
      height: number;
      quality: number;
      paintPasswords: boolean;
    }
  | { type: "close"; stream: number };

const thread = new ThreadCalls<RenderRequest, StreamImage>(import.meta.url, "render-worker");
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
      return thread.call({ type: "render", stream, ui, width, height, quality, ...options });
    },
    close() {
      thread.tell({ type: "close", stream } satisfies RenderRequest);
    },
  };
}
