/**
 * `droidhub <command>`: the registry of commands and the one place their errors are printed.
 * Adding a command is one module that exports a `defineCommand(...)` and one line in COMMAND_LOADERS;
 * its help and its parser both come from that declaration (see command.ts).
 */
import { withDotEnv } from "../config/dotenv.js";
import { droidhubVersion } from "../util/version.js";
import { type Command, type CommandContext, flagLabel, helpText, invoke, UsageError } from "./command.js";

/**
 * Each command's module, loaded only when that command runs (or when help lists them all): a
 * command's declaration can pull in a lot (serve's is made from the config schema), and
 * `droidhub ui FILE` must not pay for the other eighteen. The name is repeated here so the dispatcher
 * finds a command without loading any; a test checks each name matches its module's declaration.
 */
export const COMMAND_LOADERS: readonly (readonly [name: string, load: () => Promise<Command>])[] = [
  ["serve", async () => (await import("./serve.js")).serveCommand],
  ["sim", async () => (await import("./sim.js")).simCommandSpec],
  ["devices", async () => (await import("./devices.js")).devicesCommandSpec],
  ["run", async () => (await import("./run.js")).runCommandSpec],
  ["runs", async () => (await import("./runs.js")).runsCommandSpec],
  ["report", async () => (await import("./report.js")).reportCommandSpec],
  ["replay", async () => (await import("./replay.js")).replayCommandSpec],
  ["tasks", async () => (await import("./tasks.js")).tasksCommandSpec],
  ["keys", async () => (await import("./keys.js")).keysCommandSpec],
  ["fleet-keys", async () => (await import("./fleet-keys.js")).fleetKeysCommandSpec],
  ["enroll", async () => (await import("./enroll.js")).enrollCommandSpec],
  ["audit", async () => (await import("./audit.js")).auditCommandSpec],
  ["mcp", async () => (await import("./mcp.js")).mcpCommandSpec],
  ["ui", async () => (await import("./ui.js")).uiCommandSpec],
  ["backup", async () => (await import("./backup.js")).backupCommand],
  ["restore", async () => (await import("./backup.js")).restoreCommand],
  ["migrate", async () => (await import("./migrate.js")).migrateCommand],
  ["migrate-data", async () => (await import("./migrate-data.js")).migrateDataCommand],
  ["demo", async () => (await import("./demo.js")).demoCommand],
];

/** The command called `name`, loaded; undefined when there is none. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  const entry = COMMAND_LOADERS.find(([known]) => known === name);
  return entry ? await entry[1]() : undefined;
}

/** Every command, loaded, in the order help lists them. */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMAND_LOADERS.map(([, load]) => load()));
}

export async function overview(): Promise<string> {
  const commands = await loadCommands();
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  const lines = [
    `droidhub ${droidhubVersion()}: LLM agents on Android phones that dial out to this hub`,
    "",
    "usage: droidhub <command> [options]     droidhub <command> --help     droidhub --version",
    "",
    "commands:",
  ];
  for (const command of commands) {
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
    const command = topic === undefined ? undefined : await loadCommand(topic);
    if (topic !== undefined && !command) {
      err.write(`droidhub: no command "${topic}"\n\n${await overview()}`);
      return 2;
    }
    (name === undefined ? err : out).write(command ? helpText(command) : await overview());
    return name === undefined ? 2 : 0;
  }
  const command = await loadCommand(name);
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
