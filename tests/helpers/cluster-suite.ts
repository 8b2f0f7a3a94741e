/**
 * What the cluster tests share: a whole cluster (PostgreSQL, Redis, the HTTP model fake, three hub
 * processes behind HAProxy, a fleet of virtual phones in a child process) and the small waits and
 * views they poll. The records and their checks are in cluster-records.ts.
 */
import { startChatCompletionsServer } from "../fakes/chat-completions-server.js";
import { type Balancer, type ClusterHub, call, startClusterHub, startHaproxy } from "./cluster.js";
import { type PhoneFleet, startPhoneFleet } from "./cluster-phones.js";
import { chatBrainReply, loginPlanner } from "./login-brain.js";
import { type PostgresCluster, startPostgres } from "./postgres.js";
import { type RedisServer, startRedis } from "./redis.js";

export const HUB_IDS = ["hub-a", "hub-b", "hub-c"] as const;

export interface HubView {
  id: string;
  phones: number;
  running: number;
  phoneIds: string[];
}

export interface TestCluster {
  pg: PostgresCluster;
  redis: RedisServer;
  databaseUrl: string;
  hubs: ClusterHub[];
  lb: Balancer;
  phones: PhoneFleet;
  /** The hubs' environment (a restarted hub gets the same). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The last cluster view phonesHeldBy saw, for the message of a wait that timed out. */
let lastView = "";

export async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let failure = "";
  const attempt = () =>
    check().catch((error: unknown) => {
      failure = String(error);
      return false;
    });
  while (!(await attempt())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${failure || lastView})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the whole cluster; `phones` virtual phones joined through HAProxy. */
export async function startTestCluster(
  bins: { pg: string; redis: string; haproxy: string },
  phoneCount: number,
  env: Record<string, string>,
): Promise<TestCluster> {
  // What is started is stopped again, in reverse, also when a later part fails to start.
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const part of stops.splice(0).reverse()) await part().catch(() => undefined);
  };
  try {
    const pg = await startPostgres(bins.pg);
    stops.push(() => pg.stop());
    const redis = await startRedis(bins.redis);
    stops.push(() => redis.stop());
    const model = await startChatCompletionsServer({
      script: [],
      fallback: chatBrainReply(loginPlanner({ email: "x@example.com" })),
    });
    stops.push(() => model.close());
    const databaseUrl = await pg.createDatabase();
    const hubEnv = {
      ...env,
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test-do-not-leak-0123456789",
      DROIDHUB_MODEL: "fake-model",
      DROIDHUB_STRUCTURED_OUTPUTS: "on",
    };
    const hubs: ClusterHub[] = [];
    // Whichever hubs run at the end (a restarted one replaces its entry).
    stops.push(async () => {
      for (const hub of hubs) await hub.process.dispose();
    });
    // One at a time: the first migrates the database, and three cold starts at once starve 2 cores.
    for (const id of HUB_IDS) hubs.push(await startClusterHub(id, databaseUrl, redis.url, hubEnv));
    const lb = await startHaproxy(bins.haproxy, [hubs[0]!.process.port, hubs[1]!.process.port, hubs[2]!.process.port]);
    stops.push(() => lb.stop());
    const phones = await startPhoneFleet(`ws://127.0.0.1:${lb.port}/v1/devices/connect`, phoneCount, stops);
    return { pg, redis, databaseUrl, hubs, lb, phones, env: hubEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** GET /api/cluster on `base`: the live hubs and their phones. */
export async function clusterView(base: string): Promise<HubView[]> {
  const answer = await call<{ hubs: HubView[] }>(base, "GET", "/api/cluster");
  if (answer.status !== 200) throw new Error(`GET /api/cluster answered ${answer.status}`);
  return answer.body.hubs;
}

/**
 * Whether the balancer sends new connections to hub `id` yet: a restarted hub answers at once, but
 * HAProxy routes to it only after `rise` good checks, and a phone that reconnects sooner lands on
 * the others. Round robin: a few calls through the balancer reach every hub it counts as up.
 */
export async function balancerReaches(lbBase: string, id: string, servers = 3): Promise<boolean> {
  for (let i = 0; i < servers; i++) {
    const answer = await call<{ self?: string }>(lbBase, "GET", "/api/cluster");
    if (answer.status === 200 && answer.body.self === id) return true;
  }
  return false;
}

/** Whether `count` phones are held by exactly the hubs `ids`. */
export async function phonesHeldBy(base: string, ids: readonly string[], count: number): Promise<boolean> {
  const view = await clusterView(base);
  lastView = JSON.stringify(view.map((h) => [h.id, h.phoneIds.length, h.running]));
  return (
    view.map((h) => h.id).join() === [...ids].sort().join() && view.reduce((n, h) => n + h.phoneIds.length, 0) === count
  );
}

/** Queue counts as one hub answers them. */
export async function queueCounts(base: string): Promise<Record<string, number>> {
  return (await call<{ counts: Record<string, number> }>(base, "GET", "/api/tasks?limit=1")).body.counts;
}

export function scriptTasks(prefix: string, from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    goal: `${prefix} ${from + i}`,
    mode: "script",
    pictures: false,
    max_attempts: 5,
    actions: [
      { action: "tap", x: 100 + (i % 800), y: 1200 },
      // The phones hold it for its duration (holdGestures in cluster-phone-process.ts): the drain then
      // outlasts many polls of "hub C mid-run, 300 ended, 300 not" (at least 6 s for 3,320 tasks on
      // 300 phones), however fast the machine.
      { action: "long_press", x: 50, y: 50, duration_ms: 600 },
      { action: "key", key: "home" },
    ],
  }));
}

/** Chain tasks the scripted brain behind the model fake does: open the login app from the launcher. */
export function chainTasks(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    // The scripted planner knows the goal by its start.
    goal: `open the login app ${prefix} chain ${i}`,
    mode: "chain",
    max_attempts: 5,
    // Text the login app shows: the hub confirms the claim on screen, without the verifier model.
    expected: "Sign in to continue",
  }));
}

/** Submits `tasks` to the base URLs in turn, in batches of `batch`; every batch must be accepted. */
export async function submitAcross(bases: readonly string[], tasks: readonly unknown[], batch = 250): Promise<void> {
  for (let start = 0, turn = 0; start < tasks.length; start += batch, turn++) {
    const base = bases[turn % bases.length]!;
    const answer = await call(base, "POST", "/api/tasks/batch", { tasks: tasks.slice(start, start + batch) });
    if (answer.status !== 201)
      throw new Error(`${base} refused a batch: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Submits `tasks` in batches of `batch`, dealt to the base URLs in turn, each hub's batches one after
 * another but the hubs at once: a queue that builds up faster than the phones drain it (one batch
 * after another across all hubs, each waiting for its insert and first leases, comes in no faster
 * than 300 phones run one-tap tasks).
 */
export async function submitTogether(
  bases: readonly string[],
  tasks: readonly unknown[],
  batch: number,
): Promise<void> {
  const perHub = bases.map((): unknown[] => []);
  for (let start = 0, turn = 0; start < tasks.length; start += batch, turn++) {
    perHub[turn % bases.length]!.push(...tasks.slice(start, start + batch));
  }
  await Promise.all(bases.map((base, i) => submitAcross([base], perHub[i]!, batch)));
}
