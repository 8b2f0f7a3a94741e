/**
 * Shutdown time — not a test. Starts `droidhub serve` as a child process, attaches the clients that
 * used to hold shutdown open (a running run on a slow virtual phone, an SSE stream, a device socket
 * without Hello, half-sent requests), sends SIGTERM and prints how long the process took to exit,
 * its exit code, how each client saw its end, and the run's status in the database afterwards.
 *   node --import tsx scripts/bench/shutdown.ts   (BENCH_ROUNDS=3 by default)
 */
import { openDatabase } from "../../hub/store/database.js";
import { spawnHub } from "../../tests/helpers/hub-process.js";
import { attachStragglers } from "../../tests/helpers/stragglers.js";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3);

for (let round = 1; round <= ROUNDS; round++) {
  const hub = await spawnHub();
  const stragglers = await attachStragglers(hub.port);
  const started = performance.now();
  hub.child.kill("SIGTERM");
  const { code, signal } = await hub.exited;
  const ms = Math.round(performance.now() - started);
  const ends = {
    sse: await stragglers.sse.ended,
    preHello: await stragglers.preHello.ended,
    halfHeaders: await stragglers.halfHeaders.ended,
    halfBody: await stragglers.halfBody.ended,
  };
  stragglers.phone.stop();
  const db = openDatabase(hub.dataDir);
  const run = db.prepare("SELECT status, reason FROM runs WHERE id = ?").get(stragglers.runId);
  db.close();
  console.log(
    `round ${round}: exit ${code ?? signal} after ${ms} ms; clients saw ${JSON.stringify(ends)}; run ${JSON.stringify(run)}`,
  );
  await hub.dispose();
}
