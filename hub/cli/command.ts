/**
 * One declaration per command — name, summary, usage, and each flag with its type, environment
 * variable, default and meaning — from which both the parser options and the `--help` text are made,
 * so a flag the code reads cannot be missing from the help. Commands read their flags through
 * `Args`, which applies flag → environment variable → default in that order.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import type { DotEnv } from "../config/dotenv.js";

export type Env = Readonly<Record<string, string | undefined>>;

export interface FlagSpec<N extends string = string> {
  /** `hub` is `--hub`. */
  name: N;
  type: "string" | "boolean";
  /** What the value looks like in the help: URL, N, FILE. */
  value?: string;
  /** May be given more than once (`--secret a=1 --secret b=2`). */
  multiple?: boolean;
  /** The environment variable read when the flag is absent. */
  env?: string;
  /** The value when neither the flag nor its variable says; a function when made from other variables. */
  default?: string | ((env: Env) => string);
  /** How the help shows a default that is a function. */
  defaultText?: string;
  description: string;
}

/** A variable the command reads that has no flag (serve's gateway limits, the model endpoint). */
export interface EnvSpec {
  name: string;
  description: string;
}

export interface CommandContext {
  env: Env;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
  /** What ./.env added to `env` (names only), for the commands that report it. */
  dotenv?: DotEnv;
}

export interface Args<N extends string> {
  readonly positionals: readonly string[];
  /** The raw arguments (serve hands them to the config loader, which knows the same flags). */
  readonly argv: readonly string[];
  string(name: N): string | undefined;
  boolean(name: N): boolean;
  list(name: N): string[];
  /** An integer flag, or undefined when absent; a UsageError names the flag when it is not one. */
  integer(name: N, min?: number): number | undefined;
  /** A number flag (fractions allowed), or undefined when absent. */
  number(name: N, min?: number, max?: number): number | undefined;
}

export interface Command<N extends string = string> {
  name: string;
  summary: string;
  /** Forms of the command after `droidhub `, positionals included; the flags are listed apart. */
  usage: readonly string[];
  /** Paragraphs printed after the usage: subcommands, what the command prints, exit codes. */
  about?: string;
  flags: readonly FlagSpec<N>[];
  environment?: readonly EnvSpec[];
  /** Whether bare words (a goal, a file, a subcommand) are accepted. */
  positionals?: boolean;
  run(args: Args<N>, ctx: CommandContext): Promise<number>;
}

/** Declares a command; the flag names become the only names `Args` accepts. */
export function defineCommand<const N extends string>(command: Command<N>): Command {
  return command as unknown as Command;
}

/** Bad usage: printed with a pointer to the help, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Whether argv asks for help (before any `--`). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return true;
  }
  return false;
}

function parserOptions(command: Command): NonNullable<ParseArgsConfig["options"]> {
  const options: NonNullable<ParseArgsConfig["options"]> = {};
  for (const flag of command.flags) {
    options[flag.name] = { type: flag.type, ...(flag.multiple ? { multiple: true } : {}) };
  }
  return options;
}

/** Parses argv against the command's flags; unknown flags and stray words are UsageErrors. */
export function parseCommandArgs<N extends string>(command: Command<N>, argv: readonly string[], env: Env): Args<N> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: parserOptions(command as Command),
      allowPositionals: command.positionals === true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(parseErrorText(error as Error & { code?: string }, command.name));
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const specs = new Map(command.flags.map((flag) => [flag.name as string, flag]));
  const spec = (name: string): FlagSpec => {
    const flag = specs.get(name);
    if (!flag) throw new Error(`droidhub ${command.name} reads --${name}, which it does not declare`);
    return flag;
  };
  const string = (name: string): string | undefined => {
    const flag = spec(name);
    const given = values[name];
    if (typeof given === "string") return given;
    const fromEnv = flag.env ? env[flag.env] : undefined;
    if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
    return typeof flag.default === "function" ? flag.default(env) : flag.default;
  };
  const number = (name: string, integer: boolean, min: number, max: number): number | undefined => {
    const text = string(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    const kind = integer ? "an integer" : "a number";
    if (text.trim() === "" || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min)
      throw new UsageError(`--${name} must be ${kind}${min > -Infinity ? ` ≥ ${min}` : ""}, got "${text}"`);
    if (value > max) throw new UsageError(`--${name} must be ${kind} ≤ ${max}, got "${text}"`);
    return value;
  };
  return {
    positionals: parsed.positionals,
    argv,
    string: (name) => string(name),
    boolean: (name) => {
      spec(name);
      return values[name] === true;
    },
    list: (name) => {
      spec(name);
      const given = values[name];
      return Array.isArray(given) ? given : typeof given === "string" ? [given] : [];
    },
    integer: (name, min = -Infinity) => number(name, true, min, Infinity),
    number: (name, min = -Infinity, max = Infinity) => number(name, false, min, max),
  };
}

function parseErrorText(error: Error & { code?: string }, command: string): string {
  const quoted = /'(-[^']*)'/.exec(error.message)?.[1];
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${quoted ?? error.message}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `droidhub ${command} takes no bare arguments: ${error.message.replace(/^Unexpected argument /, "")}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return error.message.replace(/^Option '([^']+)'.*argument missing$/, "option $1 needs a value");
    default:
      return error.message;
  }
}

const HELP_FLAG: FlagSpec = { name: "help", type: "boolean", description: "show this help" };

/** `--hub URL` as the help shows it. */
export function flagLabel(flag: FlagSpec): string {
  const name = flag.name === "help" ? "-h, --help" : `--${flag.name}`;
  return flag.type === "string" ? `${name} ${flag.value ?? "VALUE"}` : name;
}

/** "env X, default Y" — the line under a flag's description. */
export function flagSource(flag: FlagSpec): string {
  const parts: string[] = [];
  if (flag.env) parts.push(`env ${flag.env}`);
  const shown = typeof flag.default === "function" ? flag.defaultText : flag.default;
  if (shown !== undefined) parts.push(`default ${shown}`);
  if (flag.multiple) parts.push("repeatable");
  return parts.join(", ");
}

/** The full `droidhub <command> --help` text. */
export function helpText(command: Command): string {
  const lines = [`droidhub ${command.name}: ${command.summary}`, "", "usage:"];
  for (const form of command.usage) lines.push(`  droidhub ${form}`);
  if (command.about) lines.push("", ...command.about.trimEnd().split("\n"));
  lines.push("", "options:");
  const flags = [...command.flags, HELP_FLAG];
  const width = Math.max(...flags.map((f) => flagLabel(f).length)) + 2;
  for (const flag of flags) {
    lines.push(`  ${flagLabel(flag).padEnd(width)}${flag.description}`);
    const source = flagSource(flag);
    if (source) lines.push(`  ${"".padEnd(width)}(${source})`);
  }
  if (command.environment?.length) {
    lines.push("", "environment (no flag):");
    const envWidth = Math.max(...command.environment.map((e) => e.name.length)) + 2;
    for (const variable of command.environment)
      lines.push(`  ${variable.name.padEnd(envWidth)}${variable.description}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Parses and runs a command (or prints its help); errors are thrown for the caller to print. */
export async function invoke(command: Command, argv: readonly string[], ctx: Partial<CommandContext> = {}) {
  const full: CommandContext = { env: process.env, out: process.stdout, err: process.stderr, ...ctx };
  if (wantsHelp(argv)) {
    full.out.write(helpText(command));
    return 0;
  }
  return command.run(parseCommandArgs(command, argv, full.env), full);
}

/** The value of a flag the command cannot run without (most such flags have a default). */
export function requiredFlag<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === "") throw new UsageError(`--${flag} is required`);
  return value;
}
