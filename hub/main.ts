/**
 * The process edge: read config, build the app, listen, close gracefully on SIGINT/SIGTERM.
 */
import { buildApp } from "./app.js";
import { loadConfig } from "./config/config.js";
import { loadModelSettings } from "./llm/config.js";
import type { Model } from "./llm/model.js";
import { OpenAIModel } from "./llm/openai-model.js";
import { warmUpFonts } from "./perception/index.js";

export async function serve(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = loadConfig({ env, argv });
  const app = await buildApp(config, { model: modelFromEnv(env) });
  // The first annotated screenshot must not pay for a cold font cache inside a request.
  void warmUpFonts().then((status) => app.log.info(status, "fonts warmed up"));
  if (!config.fleetKey) {
    app.log.warn("DROIDHUB_FLEET_KEY is not set: no phone can join until a fleet key exists");
  }
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
  await app.listen({ port: config.port, host: config.host });
  // Only a hub that is up keeps the key it generated: a failed start must not burn the "shown once".
  app.hub.credentials.storeGeneratedKey();
  if (app.hub.generatedApiKey) {
    // Printed once, to the terminal only (not through the logger): it is stored only as a hash.
    process.stderr.write(
      `\n  droidhub: generated operator API key (shown once, store it now):\n    ${app.hub.generatedApiKey}\n` +
        `  set DROIDHUB_API_KEY to choose your own.\n\n`,
    );
  }
  return 0;
}

/** A model for agent runs when an endpoint is configured; without one, tasks are refused with 503. */
function modelFromEnv(env: NodeJS.ProcessEnv): Model | undefined {
  if (!env["OPENAI_BASE_URL"] && !env["OPENAI_API_KEY"] && !env["DROIDHUB_MODEL"]) return undefined;
  return new OpenAIModel(loadModelSettings(env));
}
