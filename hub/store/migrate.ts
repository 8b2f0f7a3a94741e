/**
 * The configured database's migrations, for `droidhub migrate`: their status (changing nothing), or
 * applying what is pending without starting a hub. The database is the one a hub with the same
 * settings would open: PostgreSQL for a postgres:// URL, else the data dir's SQLite file.
 */
import { openDatabase, sqliteMigrationStatus } from "./database.js";
import { isPostgresUrl, openPool, redactUrl } from "./postgres/connection.js";
import { migratePostgres, postgresMigrationStatus } from "./postgres/migrations.js";
import type { MigrationStatus } from "./schema-version.js";

export interface DatabaseChoice {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export interface DescribedStatus extends MigrationStatus {
  /** Which database, without its password. */
  database: string;
}

function describe(choice: DatabaseChoice): string {
  return choice.databaseUrl && isPostgresUrl(choice.databaseUrl)
    ? `PostgreSQL ${redactUrl(choice.databaseUrl)}`
    : `SQLite ${choice.dataDir}/droidhub.sqlite`;
}

export async function migrationStatus(choice: DatabaseChoice): Promise<DescribedStatus> {
  const database = describe(choice);
  if (!choice.databaseUrl) return { database, ...sqliteMigrationStatus(choice.dataDir) };
  const pool = await openPool(choice.databaseUrl, { max: 1 });
  try {
    return { database, ...(await postgresMigrationStatus(pool)) };
  } finally {
    await pool.end();
  }
}

/** Applies the pending migrations (under the same lock a starting hub takes); answers the status after. */
export async function applyMigrations(choice: DatabaseChoice): Promise<DescribedStatus> {
  if (!choice.databaseUrl) {
    openDatabase(choice.dataDir).close();
  } else {
    const pool = await openPool(choice.databaseUrl, { max: 1 });
    try {
      await migratePostgres(pool, `the database ${redactUrl(choice.databaseUrl)}`);
    } finally {
      await pool.end();
    }
  }
  return migrationStatus(choice);
}
