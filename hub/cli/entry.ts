/**
 * The CLI's process edge: `droidhub ARGS` → main → exit code. bin/droidhub.js runs the compiled copy
 * (dist/hub/cli/entry.js); tests and scripts run this file from the sources through tsx.
 */
import { main } from "./main.js";

process.exitCode = await main(process.argv.slice(2));
