/** The worker thread of image-thread.ts: the live view's pixel work, off the hub's event loop. */
import { parentPort } from "node:worker_threads";
import { answerCalls } from "../util/worker-thread.js";
import type { ImageRequest } from "./image-thread.js";
import { maskRegions } from "./mask.js";
import { paintedGrey } from "./mask-check.js";

const port = parentPort;
if (port === null) throw new Error("image-worker.ts runs as a worker thread (image-thread.ts starts it)");

answerCalls<ImageRequest>(port, (request) => {
  if (request.type === "paintedGrey") return paintedGrey(request.jpeg, request.rects, request.screen);
  const image = Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength);
  return maskRegions(image, request.rects, request.screen, request.options);
});
