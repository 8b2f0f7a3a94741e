/** The module hook of record-modules.mjs: runs off the main thread, so it writes each URL at once. */
import { appendFileSync } from "node:fs";

let out = "";

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, nextLoad) {
  appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
