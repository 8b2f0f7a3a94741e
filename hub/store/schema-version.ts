/**
 * What both databases' migrations share: the status `droidhub migrate --status` prints, and the
 * refusal to run on a schema a newer droidhub wrote.
 */
import { HubError } from "../errors/hub-error.js";

export interface MigrationStatus {
  /** Versions applied to the database, oldest first, with when. */
  applied: { version: number; appliedAt: number }[];
  /** Versions this hub knows that the database has not had yet. */
  pending: number[];
  /** The newest version this hub knows. */
  known: number;
}

/** Refuses a database a newer droidhub migrated: what it wrote may mean something this hub does not know. */
export function refuseNewer(applied: number, known: number, where: string): void {
  if (applied > known) {
    throw new HubError(
      "SCHEMA_TOO_NEW",
      `${where} has schema version ${applied}, newer than the ${known} this droidhub knows: upgrade droidhub (or restore a backup made before the upgrade)`,
      { details: { applied, known } },
    );
  }
}
