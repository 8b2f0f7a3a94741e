/**
 * droidhub as users get it: `npm pack` on a copy of this checkout (the files a fresh clone has, so
 * the build runs from sources alone and never touches this checkout's dist/), then
 * `npm install -g --prefix` of the tarball into a temp folder.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { program, REPO } from "./cli-process.js";

/** What a clone has: git's tracked and untracked-but-not-ignored files (work in progress included). */
function checkoutFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: REPO,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split("\0").filter((file) => file && existsSync(path.join(REPO, file)));
}

/** Copies the checkout's files to `dest`, with node_modules linked (the clone after `npm ci`). */
export function copyCheckout(dest: string): void {
  for (const file of checkoutFiles()) {
    mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    copyFileSync(path.join(REPO, file), path.join(dest, file));
  }
  symlinkSync(realpathSync(path.join(REPO, "node_modules")), path.join(dest, "node_modules"));
}

export interface Packed {
  tarball: string;
  files: string[];
}

/** `npm pack` in `dir` (its prepare script builds dist/ first) into `destination`. */
export async function pack(dir: string, destination: string): Promise<Packed> {
  mkdirSync(destination, { recursive: true });
  const npm = program("npm", ["pack", "--json", "--pack-destination", destination], dir, process.env);
  let stdout = "";
  npm.child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  const code = await npm.exited;
  if (code !== 0) throw new Error(`npm pack exited ${code}:\n${npm.output()}`);
  const [answer] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: path.join(destination, answer!.filename), files: answer!.files.map((f) => f.path) };
}

/**
 * A prebuild mirror for better-sqlite3 (prebuild-install's documented
 * npm_config_better_sqlite3_binary_host): it serves the binary this checkout's `npm ci` built, for
 * the same version and Node ABI. Without it each install compiles SQLite from source when GitHub's
 * release downloads are out of reach (as here): minutes of CPU that test better-sqlite3, not droidhub.
 * The deploy guide's run in CI (scripts/ci/deploy-guide.sh) installs without it.
 */
export async function startPrebuildMirror(workDir: string): Promise<{ host: string; close(): Promise<void> }> {
  const moduleDir = path.join(REPO, "node_modules/better-sqlite3");
  const version = (JSON.parse(readFileSync(path.join(moduleDir, "package.json"), "utf8")) as { version: string })
    .version;
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const archive = path.join(workDir, name);
  execFileSync("tar", ["-czf", archive, "-C", moduleDir, "build/Release/better_sqlite3.node"]);
  const bytes = readFileSync(archive);
  const server = createServer((request, response) => {
    const ok = request.url === `/v${version}/${name}`;
    response.writeHead(ok ? 200 : 404, { "content-type": "application/gzip" });
    response.end(ok ? bytes : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `npm install -g --prefix PREFIX TARBALL`, from npm's cache where it can; the installed bin's path. */
export async function installGlobal(tarball: string, prefix: string, mirrorHost: string): Promise<string> {
  const npm = program(
    "npm",
    [
      "install",
      "--global",
      "--prefix",
      prefix,
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--allow-scripts=better-sqlite3",
      tarball,
    ],
    path.dirname(tarball),
    { ...process.env, npm_config_better_sqlite3_binary_host: mirrorHost },
  );
  const code = await npm.exited;
  if (code !== 0) throw new Error(`npm install -g exited ${code}:\n${npm.output()}`);
  const bin = path.join(prefix, "bin/droidhub");
  if (!existsSync(bin)) throw new Error(`npm install -g made no ${bin}; ${readdirSync(prefix).join(", ")}`);
  return bin;
}
