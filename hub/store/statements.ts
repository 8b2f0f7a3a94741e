import type { Db, Stmt } from "./database.js";

/** Prepared statements by SQL text, compiled once: compiling a statement costs more than running it. */
export class StatementCache {
  readonly #db: Db;
  readonly #statements = new Map<string, Stmt>();

  constructor(db: Db) {
    this.#db = db;
  }

  get(sql: string): Stmt {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
