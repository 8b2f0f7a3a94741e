/**
 * `droidhub migrate-data --from DIR --to postgres://…`: a SQLite hub's database copied into an empty
 * PostgreSQL database (hub/store/migrate-data.ts), for a hub that outgrows one machine.
 */
import { defineCommand, UsageError } from "./command.js";

export const migrateDataCommand = defineCommand({
  name: "migrate-data",
  summary: "copy a stopped SQLite hub's database into an empty PostgreSQL database",
  usage: ["migrate-data --from DIR --to URL [--batch-size N]"],
  about: `Copies every table of DIR's droidhub.sqlite (devices, fleet and operator keys, tasks with their
sealed secrets, runs, events, lessons, reference runs, the audit log) into the PostgreSQL database URL,
keeping ids, in one transaction: on any error nothing is written. URL is migrated to the current
schema first and must hold no data. Refused while a hub has DIR's database open (stop it first), and
when DIR's schema is not this droidhub's (run droidhub migrate --data-dir DIR first).
Screenshots stay files in DIR/screenshots: keep that directory, or copy it to DROIDHUB_BLOB_DIR. Hubs
on the new database need DIR's secrets.key (it opens the secrets of queued tasks): copy that file into
their data dir. Prints the rows copied per table. Exit code 0 when copied, 1 when refused.`,
  flags: [
    { name: "from", type: "string", value: "DIR", description: "the SQLite hub's data dir (its droidhub.sqlite)" },
    { name: "to", type: "string", value: "URL", description: "postgres://…: the empty target database" },
    {
      name: "batch-size",
      type: "string",
      value: "N",
      default: "500",
      description: "rows read and inserted at a time (bounds the memory a large copy takes)",
    },
  ],
  async run(args, { out }) {
    const from = args.string("from");
    const to = args.string("to");
    if (!from) throw new UsageError("missing --from DIR");
    if (!to) throw new UsageError("missing --to URL");
    const { isPostgresUrl, redactUrl } = await import("../store/postgres/connection.js");
    if (!isPostgresUrl(to)) throw new UsageError("--to must be a postgres:// or postgresql:// URL");
    const { migrateData } = await import("../store/migrate-data.js");
    const summary = await migrateData({ dataDir: from, databaseUrl: to, batchSize: args.integer("batch-size", 1) });
    out.write(`copied ${from}/droidhub.sqlite into ${redactUrl(to)} in ${(summary.ms / 1000).toFixed(1)} s:\n`);
    for (const [table, rows] of Object.entries(summary.rows)) out.write(`  ${table.padEnd(16)}${rows}\n`);
    out.write(`screenshots stay files in ${from}/screenshots: keep them there or copy them to DROIDHUB_BLOB_DIR\n`);
    out.write(`hubs on the new database need ${from}/secrets.key in their data dir (it opens the tasks' secrets)\n`);
    return 0;
  },
});
