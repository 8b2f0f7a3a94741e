/**
 * The process edge: read config, build the app, listen, close gracefully on SIGINT/SIGTERM, and
 * read a renewed TLS certificate on SIGHUP.
 */
import type { Server as TlsServer } from "node:tls";
import type { KeyStore } from "./api/ports.js";
import { buildApp } from "./app.js";
import { type Config, loadConfig, MEMORY } from "./config/config.js";
import type { DotEnv } from "./config/dotenv.js";
import { reloadTls, tlsFiles } from "./edge/tls.js";
import { loadModelSettings } from "./llm/config.js";
import type { Model } from "./llm/model.js";
import { type KeyState, startText } from "./start-line.js";
import { operatorKeyPath, readOperatorKey, writeOperatorKey } from "./store/operator-key-file.js";
import { droidhubVersion } from "./util/version.js";

export async function serve(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  dotenv?: DotEnv,
): Promise<number> {
  const config = loadConfig({ env, argv });
  const model = await modelFromEnv(env);
  const app = await buildApp(config, model.model ? { model: model.model } : {});
  if (dotenv?.file) {
    // Names only: the values are keys.
    app.log.info({ file: dotenv.file, read: dotenv.applied, overriddenByEnv: dotenv.overridden }, "read .env");
  }
  if (model.warning) app.log.warn(model.warning);
  closeOnSignals(app);
  const files = tlsFiles(config.tls);
  if (files) reloadTlsOnHangup(app, files);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw listenError(error, config);
  }
  warmUpFontsSoon(app.log);
  // Only a hub that is up keeps the key it generated: a failed start must not burn the "shown once".
  await app.hub.credentials.storeGeneratedKey();
  const port = (app.server.address() as { port: number }).port;
  // Printed to the terminal, not through the logger: a generated key must never reach a log line.
  process.stderr.write(
    startText({
      version: droidhubVersion(),
      host: config.host,
      port,
      tls: files !== undefined,
      dataDir: config.dataDir,
      key: keyState(config, app.hub.generatedApiKey, app.hub.credentials),
      fleetKey: (await app.hub.credentials.listFleetKeys()).some((key) => !key.revoked),
      model: model.model ? "configured" : undefined,
    }),
  );
  return 0;
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** SIGINT/SIGTERM close the hub gracefully, once; a backstop exits if closing hangs. */
function closeOnSignals(app: App): void {
  let closing = false;
  const close = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // A backstop only: app.close() ends streams and cuts stragglers itself (edge/shutdown.ts) and
    // returns within DROIDHUB_SHUTDOWN_GRACE_MS plus the time runs take to record their end.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
}

/**
 * certbot and friends renew in place and send SIGHUP (or systemctl reload does): new connections get
 * the new certificate, open ones keep theirs; a bad pair keeps the old one in service.
 */
function reloadTlsOnHangup(app: App, files: NonNullable<ReturnType<typeof tlsFiles>>): void {
  process.on("SIGHUP", () => {
    const outcome = reloadTls(app.server as unknown as TlsServer, files);
    if (outcome.ok) app.log.info({ certificate: outcome.facts }, "TLS certificate reloaded");
    else
      app.log.error({ reason: outcome.error.message }, "TLS certificate not reloaded; still serving the previous one");
  });
}

/**
 * The first annotated screenshot must not pay for a cold font cache inside a request. Called once the
 * hub listens: sharp and the font scan are loaded then, so they do not delay /healthz.
 */
function warmUpFontsSoon(log: { info(facts: object, message: string): void }): void {
  void import("./perception/fonts.js")
    .then(({ warmUpFonts }) => warmUpFonts())
    .then((status) => log.info(status, "fonts warmed up"));
}

/** Where the operator finds the key: the one just generated (also written to the data dir), or where it is. */
function keyState(config: Config, generated: string | undefined, credentials: KeyStore): KeyState {
  const onDisk = config.dataDir !== MEMORY;
  if (generated) {
    let file: string | undefined;
    if (onDisk) {
      try {
        file = writeOperatorKey(config.dataDir, generated);
      } catch {
        file = undefined; // still shown once on the terminal
      }
    }
    return { kind: "generated", key: generated, file };
  }
  if (config.apiKey) return { kind: "environment" };
  const stored = onDisk ? readOperatorKey(config.dataDir) : undefined;
  if (stored && credentials.findOperatorKey(stored)) return { kind: "file", file: operatorKeyPath(config.dataDir) };
  return { kind: "unknown", file: stored ? operatorKeyPath(config.dataDir) : undefined, stale: stored !== undefined };
}

/** A failed listen as one sentence: what, where, and what to do. */
function listenError(error: unknown, config: Config): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${config.host}:${config.port}`;
  switch (code) {
    case "EADDRINUSE":
      return new Error(
        `cannot listen on ${where}: the port is in use (EADDRINUSE). Stop what uses it, or pick another port: --port N or DROIDHUB_PORT=N`,
      );
    case "EACCES":
      return new Error(
        `cannot listen on ${where}: not allowed (EACCES); ports below 1024 need privileges. Pick another: --port N or DROIDHUB_PORT=N`,
      );
    case "EADDRNOTAVAIL":
      return new Error(
        `cannot listen on ${where}: ${config.host} is not an address of this machine (EADDRNOTAVAIL). Use --host 0.0.0.0 or DROIDHUB_HOST`,
      );
    default:
      return new Error(`cannot listen on ${where}: ${(error as Error).message}`);
  }
}

/**
 * A model for agent runs when an endpoint is configured: OPENAI_API_KEY (OpenAI itself) or a base
 * URL. A model name alone names no endpoint; without one, tasks are refused with 503 at once
 * instead of failing every attempt against an endpoint nobody set up.
 */
async function modelFromEnv(env: NodeJS.ProcessEnv): Promise<{ model?: Model; warning?: string }> {
  const set = (name: string) => (env[name] ?? "").trim() !== "";
  const endpoint =
    set("OPENAI_BASE_URL") ||
    set("OPENAI_API_KEY") ||
    ["PLANNER", "VERIFIER", "VISION", "SUMMARIZER"].some((role) => set(`DROIDHUB_${role}_BASE_URL`));
  if (!endpoint) {
    return set("DROIDHUB_MODEL")
      ? { warning: "DROIDHUB_MODEL is set but no endpoint: set OPENAI_API_KEY or OPENAI_BASE_URL for agent tasks" }
      : {};
  }
  // Loaded only when an endpoint is set: the openai SDK is a tenth of a hub start without one.
  const { OpenAIModel } = await import("./llm/openai-model.js");
  return { model: new OpenAIModel(loadModelSettings(env)) };
}
