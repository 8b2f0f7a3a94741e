/**
 * Loaded with `--import` by worker-thread.test.ts: a process whose own flags include an `--import`
 * of TypeScript (as the benches' `--import tsx --import hub-build.ts`) calls a compiled (.js)
 * thread, as the hub's dist/ build does, and prints what it answered before it exits.
 */
import { ThreadCalls } from "../../../hub/util/worker-thread.js";

// As if the caller were compiled: startWorker picks the .js worker beside a .js caller.
const compiledCaller = new URL("./compiled-caller.js", import.meta.url).href;
const thread = new ThreadCalls<{ type: "echo"; text: string }, string>(compiledCaller, "plain-echo-worker");
// Nothing else keeps this process alive: the owed answer must (the thread is unref'd when idle).
try {
  process.stdout.write(`${await thread.call({ type: "echo", text: "under --import" })}\n`);
} catch (error) {
  process.stdout.write(`failed: ${String(error)}\n`);
}
