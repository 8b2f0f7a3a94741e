/** Worker of worker-thread.test.ts: answers "echo", fails "fail", exits on "die", never answers "silent". */
import { parentPort } from "node:worker_threads";
import { answerCalls } from "../../../hub/util/worker-thread.js";

type Request = { type: "echo"; text: string } | { type: "fail" } | { type: "die" } | { type: "silent" };

if (parentPort === null) throw new Error("echo-worker.ts runs as a worker thread");
answerCalls<Request>(parentPort, (request) => {
  if (request.type === "echo") return Promise.resolve(`echo ${request.text}`);
  if (request.type === "fail") return Promise.reject(new Error("the work failed"));
  if (request.type === "die") process.exit(3);
  return undefined;
});
