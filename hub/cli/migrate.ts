/**
 * `droidhub migrate [--status]`: the schema migrations of the database a hub with the same settings
 * would open (PostgreSQL with --database-url, else the data dir's SQLite file). A hub applies them
 * itself at start; this command shows them, or applies them ahead of a start.
 */
import { defineCommand, requiredFlag } from "./command.js";

export const migrateCommand = defineCommand({
  name: "migrate",
  summary: "show (--status) or apply the database's schema migrations",
  usage: ["migrate [--status] [--data-dir DIR] [--database-url URL]"],
  about: `With --status, lists the migrations applied to the database (version, when) and those this droidhub
would apply, changing nothing. Without it, applies the pending ones, under the same lock a starting hub
takes, so it is safe while other hubs start. Exit code 0; 1 when the database cannot be reached or its
schema is newer than this droidhub knows.`,
  flags: [
    {
      name: "status",
      type: "boolean",
      description: "list applied and pending migrations; change nothing",
    },
    {
      name: "data-dir",
      type: "string",
      value: "DIR",
      env: "DROIDHUB_DATA_DIR",
      default: "./.droidhub",
      description: "the hub's data dir (its SQLite file when no database URL is given)",
    },
    {
      name: "database-url",
      type: "string",
      value: "URL",
      env: "DROIDHUB_DATABASE_URL",
      description: "postgres://…: the PostgreSQL database instead of the data dir's SQLite file",
    },
  ],
  async run(args, { out }) {
    const { applyMigrations, migrationStatus } = await import("../store/migrate.js");
    const choice = {
      dataDir: requiredFlag(args.string("data-dir"), "data-dir"),
      databaseUrl: args.string("database-url") || undefined,
    };
    const status = args.boolean("status") ? await migrationStatus(choice) : await applyMigrations(choice);
    const current = status.applied.reduce((max, m) => Math.max(max, m.version), 0);
    out.write(`database: ${status.database}\n`);
    out.write(`schema version ${current}; this droidhub knows ${status.known}\n`);
    for (const m of status.applied) out.write(`applied  ${m.version}  ${new Date(m.appliedAt).toISOString()}\n`);
    for (const version of status.pending) out.write(`pending  ${version}\n`);
    if (current > status.known) {
      out.write(`the database is newer than this droidhub: upgrade droidhub before starting a hub on it\n`);
      return 1;
    }
    return 0;
  },
});
