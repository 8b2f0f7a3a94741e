/**
 * `droidhub <command>`: the registry of commands and the one place their errors are printed.
 * Adding a command is one module that exports a `defineCommand(...)` and one line in COMMANDS;
 * its help and its parser both come from that declaration (see command.ts).
 */
import { withDotEnv } from "../config/dotenv.js";
import { droidhubVersion } from "../util/version.js";
import { auditCommandSpec } from "./audit.js";
import { backupCommand, restoreCommand } from "./backup.js";
import { type Command, type CommandContext, flagLabel, helpText, invoke, UsageError } from "./command.js";
import { demoCommand } from "./demo.js";
import { devicesCommandSpec } from "./devices.js";
import { enrollCommandSpec } from "./enroll.js";
import { fleetKeysCommandSpec } from "./fleet-keys.js";
import { keysCommandSpec } from "./keys.js";
import { mcpCommandSpec } from "./mcp.js";
import { migrateCommand } from "./migrate.js";
import { migrateDataCommand } from "./migrate-data.js";
import { replayCommandSpec } from "./replay.js";
import { reportCommandSpec } from "./report.js";
import { runCommandSpec } from "./run.js";
import { runsCommandSpec } from "./runs.js";
import { serveCommand } from "./serve.js";
import { simCommandSpec } from "./sim.js";
import { tasksCommandSpec } from "./tasks.js";
import { uiCommandSpec } from "./ui.js";

export const COMMANDS: readonly Command[] = [
  serveCommand,
  simCommandSpec,
  devicesCommandSpec,
  runCommandSpec,
  runsCommandSpec,
  reportCommandSpec,
  replayCommandSpec,
  tasksCommandSpec,
  keysCommandSpec,
  fleetKeysCommandSpec,
  enrollCommandSpec,
  auditCommandSpec,
  mcpCommandSpec,
  uiCommandSpec,
  backupCommand,
  restoreCommand,
  migrateCommand,
  migrateDataCommand,
  demoCommand,
];

export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  const lines = [
    `droidhub ${droidhubVersion()}: LLM agents on Android phones that dial out to this hub`,
    "",
    "usage: droidhub <command> [options]     droidhub <command> --help     droidhub --version",
    "",
    "commands:",
  ];
  for (const command of COMMANDS) {
    lines.push(`  ${command.name.padEnd(width)}${command.summary}`);
    for (const form of command.usage) lines.push(`  ${"".padEnd(width)}  droidhub ${form}`);
    lines.push(`  ${"".padEnd(width)}  options: ${command.flags.map((f) => flagLabel(f)).join(", ")}`);
  }
  lines.push(
    "",
    "Commands that talk to a hub take --hub (env DROIDHUB_URL, default http://127.0.0.1:$DROIDHUB_PORT, port",
    "8080 when unset) and --key (env DROIDHUB_API_KEY). ./.env is read first; variables already set win.",
    "droidhub help COMMAND (or droidhub COMMAND --help) lists every option with its variable and default.",
  );
  return `${lines.join("\n")}\n`;
}

export async function main(argv: string[], io: Partial<CommandContext> = {}): Promise<number> {
  const out = io.out ?? process.stdout;
  const err = io.err ?? process.stderr;
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v" || name === "version") {
    out.write(`droidhub ${droidhubVersion()} (node ${process.version})\n`);
    return 0;
  }
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    const topic = name === "help" ? rest[0] : undefined;
    const command = topic === undefined ? undefined : COMMANDS.find((c) => c.name === topic);
    if (topic !== undefined && !command) {
      err.write(`droidhub: no command "${topic}"\n\n${overview()}`);
      return 2;
    }
    (name === undefined ? err : out).write(command ? helpText(command) : overview());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    err.write(`droidhub: unknown command "${name}"; droidhub help lists them\n`);
    return 2;
  }
  try {
    const { env, dotenv } = withDotEnv(io.env ?? process.env);
    return await invoke(command, rest, { out, err, env, dotenv });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    err.write(`droidhub ${name}: ${message}\n`);
    if (error instanceof UsageError) {
      err.write(`  see: droidhub ${name} --help\n`);
      return 2;
    }
    return 1;
  }
}
