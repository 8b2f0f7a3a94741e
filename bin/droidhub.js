#!/usr/bin/env node
// The droidhub command. The hub is TypeScript run through tsx's loader: no build step to forget.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../hub/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
