/**
 * The worker thread that draws the virtual phones' stream frames (render-thread.ts starts it): one
 * StreamRenderer per stream, kept between frames so each draws only what changed. It imports the
 * phones' apps for their colours and nothing of the phones' state: each request carries its tree.
 */
import { parentPort } from "node:worker_threads";
import { answerCalls } from "../../util/worker-thread.js";
import { StreamRenderer } from "../render/stream-renderer.js";
import { RENDER_STYLE } from "./render-style.js";
import type { RenderRequest } from "./render-thread.js";

const port = parentPort;
if (port === null) throw new Error("render-worker.ts runs as a worker thread (render-thread.ts starts it)");
const renderers = new Map<number, StreamRenderer>();

answerCalls<RenderRequest>(port, (message) => {
  if (message.type === "close") {
    renderers.delete(message.stream);
    return undefined;
  }
  let renderer = renderers.get(message.stream);
  if (renderer === undefined) {
    renderer = new StreamRenderer(RENDER_STYLE, { paintPasswords: message.paintPasswords });
    renderers.set(message.stream, renderer);
  }
  return renderer.render(message.ui, message.width, message.height, message.quality);
});
