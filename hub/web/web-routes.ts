/**
 * Serves the dashboard: `/` is index.html, `/web/<file>` the static files next to this module. The
 * files are listed once at registration and only those names are ever served, so no request path can
 * reach outside the folder (no `..`, no symlinks followed at request time).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { HubError } from "../errors/hub-error.js";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
};

interface StaticFile {
  body: Buffer;
  type: string;
}

const SELF = fileURLToPath(import.meta.url);
const WEB_DIR = path.dirname(SELF);

/** Every servable file under `dir`, keyed by its forward-slash path relative to it. */
function listFiles(dir: string, prefix = ""): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) {
      for (const [name, file] of listFiles(path.join(dir, entry.name), `${relative}/`)) files.set(name, file);
      continue;
    }
    const type = CONTENT_TYPES[path.extname(entry.name)];
    // In the build (dist/hub/web/) this module is a .js file among the dashboard's own: not one of them.
    if (!entry.isFile() || type === undefined || path.join(dir, entry.name) === SELF) continue;
    files.set(relative, { body: readFileSync(path.join(dir, entry.name)), type });
  }
  return files;
}

export function registerWeb(app: FastifyInstance, dir: string = WEB_DIR): void {
  const files = listFiles(dir);
  const headers = {
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    // Everything the dashboard needs comes from this hub; screenshots are blob: URLs.
    "content-security-policy":
      "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
  };
  const send = (name: string) => {
    const file = files.get(name);
    if (!file) throw new HubError("NOT_FOUND", `no such file: ${name}`);
    return file;
  };

  // The dashboard's files are public: every byte of data it shows comes from the API with a key.
  const config = { access: "public" } as const;
  app.get("/", { config }, async (_request, reply) => {
    const file = send("index.html");
    return reply.headers(headers).type(file.type).send(file.body);
  });
  app.get("/web/*", { config }, async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const file = send(name);
    return reply.headers(headers).type(file.type).send(file.body);
  });
}
