/**
 * `droidhub serve`: run the hub. Its flags and variables are the config schema's own
 * (hub/config/config.ts FLAGS, ENV_VARS, ENV_HELP; hub/llm/config.ts MODEL_ENV_VARS): the help is
 * made from those tables, and the config loader parses the same flags.
 */
import { configSchema, ENV_HELP, ENV_VARS, FLAGS } from "../config/config.js";
import { MODEL_ENV_VARS } from "../llm/config.js";
import { defineCommand, type EnvSpec, type FlagSpec } from "./command.js";

const VALUE_NAMES: Record<string, string> = {
  port: "N",
  host: "ADDRESS",
  dataDir: "DIR",
  databaseUrl: "URL",
  redisUrl: "URL",
  hubId: "NAME",
  hubUrl: "URL",
  blobDir: "DIR",
  logLevel: "LEVEL",
  logFormat: "FORMAT",
  "tls.cert": "FILE",
  "tls.key": "FILE",
  trustProxy: "ADDRESSES",
};
const DEFAULTS = configSchema.parse({}) as Record<string, unknown>;

function defaultOf(configPath: string): string | undefined {
  let node: unknown = DEFAULTS;
  for (const part of configPath.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node === undefined ? undefined : String(node);
}

const envOf = (configPath: string) => Object.keys(ENV_VARS).find((name) => ENV_VARS[name] === configPath);
const flagged = new Set(Object.values(FLAGS));

const serveFlags: FlagSpec[] = Object.entries(FLAGS).map(([flag, configPath]) => {
  const env = envOf(configPath);
  const fallback = defaultOf(configPath);
  return {
    name: flag.replace(/^--/, ""),
    type: "string",
    value: VALUE_NAMES[configPath] ?? "VALUE",
    ...(env ? { env } : {}),
    ...(fallback === undefined ? {} : { default: fallback }),
    description: (env && ENV_HELP[env]) || configPath,
  };
});

const serveEnvironment: EnvSpec[] = [
  ...Object.entries(ENV_VARS)
    .filter(([, configPath]) => !flagged.has(configPath))
    .map(([name, configPath]) => {
      const fallback = defaultOf(configPath);
      return {
        name,
        description: `${ENV_HELP[name] ?? configPath}${fallback === undefined ? "" : ` (default ${fallback})`}`,
      };
    }),
  ...Object.entries(MODEL_ENV_VARS)
    .filter(([name]) => !/^DROIDHUB_(VERIFIER|VISION|SUMMARIZER)_/.test(name))
    .map(([name, description]) => ({
      name: name.replace(/^DROIDHUB_PLANNER_/, "DROIDHUB_<ROLE>_"),
      description: description
        .replace("for the planner role", "for one ROLE: PLANNER, VERIFIER, VISION or SUMMARIZER")
        .replace("the planner model", "that ROLE's model"),
    })),
];

export const serveCommand = defineCommand({
  name: "serve",
  summary: "run the hub: phones' WebSocket endpoints, the operator API and the dashboard",
  usage: ["serve [--port N] [--host ADDRESS] [--data-dir DIR] [--log-level LEVEL] [--tls-cert FILE --tls-key FILE]"],
  about: `Flags win over the environment, the environment over ./.env (read from the folder the hub starts
in, if there is one; values are never logged), and all of them over the defaults. On the first start
without DROIDHUB_API_KEY the hub generates an admin operator key, prints it once and keeps it in
<data dir>/operator-key (mode 0600). Once up, the hub prints one line with the dashboard, the address
phones join, the data dir and the operator key or where it is. With --tls-cert and --tls-key it serves
https and wss, and SIGHUP reads renewed files without a restart (deploy/README.md).`,
  flags: serveFlags,
  environment: serveEnvironment,
  async run(args, ctx) {
    const { serve } = await import("../main.js");
    return serve(args.argv, ctx.env as NodeJS.ProcessEnv, ctx.dotenv);
  },
});
