import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Statements that every order runs, built once per database and prepared under a name
 * (docs/decisions/095-order-path-cpu.md). Building a query with Drizzle costs the app more CPU than
 * sending it and reading the answer, and PostgreSQL parses and plans a named statement once per
 * connection instead of once per call; a prepared statement only fills in its values.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

export interface PreparedStatement<Row> {
  /** Runs the statement with these values for its `sql.placeholder(name)`s; answers the rows as the driver reads them. */
  run(values: Record<string, unknown>): Promise<Row[]>;
}

const dialect = new PgDialect();

/**
 * A hand-written statement (a data-modifying `WITH`, say) prepared under a name. Values go in through
 * `sql.placeholder(name)`: anything else in the SQL is fixed when it is prepared. Rows come back as
 * the driver reads them (column names as written, timestamps as text), not mapped by Drizzle.
 */
export function prepareStatement<Row>(db: Db, name: string, statement: SQL): PreparedStatement<Row> {
  const query = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    async run(values) {
      // Both drivers (node-postgres, PGlite) answer a statement without mapped fields with `{ rows }`.
      const result = (await query.execute(values)) as unknown as { rows: Row[] };
      return result.rows;
    },
  };
}
