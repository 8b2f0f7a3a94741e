/**
 * The real nginx and Caddy binaries in front of a test hub, each running the shipped config from
 * deploy/ with only what a deployment would edit put in (ports, certificate paths, the upstream),
 * in a temp dir, in the foreground, on free loopback ports. Each substitution must match exactly as
 * often as expected, so a change to a shipped config cannot silently escape its test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ProxyProcess {
  /** The TLS port, on 127.0.0.1 and ::1. */
  port: number;
  /** The plain HTTP port (redirects to https). */
  httpPort: number;
  output(): string;
  stop(): Promise<void>;
}

export interface ProxyTarget {
  hubPort: number;
  cert: string;
  key: string;
}

export const NGINX = "/usr/sbin/nginx";
export const CADDY = "/usr/bin/caddy";

/** `deploy/nginx.conf` as a site inside a minimal main config of the test's own. */
export async function startNginx(target: ProxyTarget): Promise<ProxyProcess> {
  const [port = 0, httpPort = 0] = await freePorts(2);
  const dir = tempDir("droidhub-nginx-");
  const site = substitute(readFileSync("deploy/nginx.conf", "utf8"), [
    ["server 127.0.0.1:8080;", `server 127.0.0.1:${target.hubPort};`, 1],
    ["listen 80;", `listen 127.0.0.1:${httpPort};`, 1],
    ["listen [::]:80;", `listen [::1]:${httpPort};`, 1],
    ["listen 443 ssl;", `listen 127.0.0.1:${port} ssl;`, 1],
    ["listen [::]:443 ssl;", `listen [::1]:${port} ssl;`, 1],
    ["/etc/letsencrypt/live/hub.example.com/fullchain.pem", target.cert, 1],
    ["/etc/letsencrypt/live/hub.example.com/privkey.pem", target.key, 1],
  ]);
  writeFileSync(path.join(dir, "droidhub.conf"), site);
  // Process-level settings a distribution's /etc/nginx/nginx.conf holds; the temp paths live here so
  // that buffered bodies work without /var/lib/nginx.
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/droidhub.conf;
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return started(child, dir, port, httpPort, () => readLog(path.join(dir, "error.log")));
}

/** `deploy/Caddyfile` with the certificate of its commented tls line, after a global block of the test's own. */
export async function startCaddy(target: ProxyTarget): Promise<ProxyProcess> {
  const [port = 0, httpPort = 0] = await freePorts(2);
  const dir = tempDir("droidhub-caddy-");
  const site = substitute(readFileSync("deploy/Caddyfile", "utf8"), [
    ["hub.example.com {", `https://localhost:${port}, https://127.0.0.1:${port}, https://[::1]:${port} {`, 1],
    ["# tls /etc/droidhub/tls/hub.crt /etc/droidhub/tls/hub.key", `tls ${target.cert} ${target.key}`, 1],
    ["reverse_proxy 127.0.0.1:8080 {", `reverse_proxy 127.0.0.1:${target.hubPort} {`, 1],
  ]);
  // No admin endpoint (it would want port 2019), no ACME, storage in the temp dir.
  const global = `{
	admin off
	auto_https disable_redirects
	http_port ${httpPort}
	https_port ${port}
	default_bind 127.0.0.1 [::1]
	storage file_system ${dir}/data
}

`;
  writeFileSync(path.join(dir, "Caddyfile"), global + site);
  const child = spawn(CADDY, ["run", "--config", `${dir}/Caddyfile`, "--adapter", "caddyfile"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: `${dir}/data`, XDG_CONFIG_HOME: `${dir}/config` },
  });
  return started(child, dir, port, httpPort);
}

function substitute(text: string, edits: [from: string, to: string, times: number][]): string {
  let out = text;
  for (const [from, to, times] of edits) {
    const found = out.split(from).length - 1;
    if (found !== times) throw new Error(`expected "${from}" ${times} time(s) in the shipped config, found ${found}`);
    out = out.split(from).join(to);
  }
  return out;
}

async function started(
  child: ChildProcess,
  dir: string,
  port: number,
  httpPort: number,
  extraOutput: () => string = () => "",
): Promise<ProxyProcess> {
  let printed = "";
  child.stdout?.on("data", (chunk) => {
    printed += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = () => printed + extraOutput();
  try {
    await waitForPort(port, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}; it printed:\n${output()}`);
  }
  return {
    port,
    httpPort,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once both loopback addresses accept connections on `port`. */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited with ${child.exitCode}`);
    const ok = await Promise.all(["127.0.0.1", "::1"].map((host) => canConnect(host, port)));
    if (ok.every(Boolean)) return;
    if (Date.now() - start > 20_000) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Ports free on 127.0.0.1 and ::1 right now (the OS picks them; a proxy binds them a moment later). */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const chosen = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(chosen));
      });
      server.on("error", reject);
    });
    if (!ports.includes(port) && (await freeOn("::1", port))) ports.push(port);
  }
  return ports;
}

function freeOn(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(port, host, () => server.close(() => resolve(true)));
    server.on("error", () => resolve(false));
  });
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // nginx workers run as an unprivileged user when the tests run as root; they write the temp paths.
  chmodSync(dir, 0o755);
  return dir;
}

function readLog(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
