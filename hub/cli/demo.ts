/**
 * `droidhub demo`: `npm run demo` (scripts/demo/demo.ts) wherever droidhub is installed — the build
 * ships the demo's module and its recordings (dist/scripts/demo/), so it needs no checkout.
 */
import { defineCommand } from "./command.js";

export const demoCommand = defineCommand({
  name: "demo",
  summary: "a hub with two virtual phones and a recorded login replayed on one (no model needed)",
  usage: ["demo [--port N] [--host ADDRESS] [--data-dir DIR]"],
  about: `Prints the dashboard's address and the demo's operator key; Ctrl-C stops it. With OPENAI_API_KEY
(or OPENAI_BASE_URL) set, a live chain agent logs in instead of the recording. The phones keep their
device secrets in the data dir, so the demo runs again and again in the same folder.`,
  flags: [
    { name: "port", type: "string", value: "N", env: "DROIDHUB_PORT", default: "8080", description: "listen port" },
    {
      name: "host",
      type: "string",
      value: "ADDRESS",
      env: "DROIDHUB_HOST",
      default: "127.0.0.1",
      description: "listen address (the demo's keys are well known: this machine only by default)",
    },
    {
      name: "data-dir",
      type: "string",
      value: "DIR",
      env: "DROIDHUB_DATA_DIR",
      default: "./.droidhub-demo",
      description: "where the demo's hub keeps its SQLite file",
    },
  ],
  async run(args, ctx) {
    // The demo script reads the process environment and runs itself when loaded; it ends the
    // process when it is done (DEMO_EXIT=1) or on Ctrl-C.
    Object.assign(process.env, ctx.env, {
      DROIDHUB_PORT: args.string("port"),
      DROIDHUB_HOST: args.string("host"),
      DROIDHUB_DATA_DIR: args.string("data-dir"),
    });
    await import("../../scripts/demo/demo.js");
    return new Promise<number>(() => {});
  },
});
