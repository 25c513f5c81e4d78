/**
 * Hot reads as named prepared statements on PostgreSQL: parsed and planned once per pooled
 * connection instead of on every request. A company page's statement took about 0.5 ms to plan
 * and 0.1 ms to run (EXPLAIN ANALYZE at 100,000 companies), so planning was most of
 * the database's share of the route. Only statements whose plan does not depend on the values
 * belong here (a lookup by primary key), since PostgreSQL may settle on one generic plan.
 *
 * The embedded database cannot take named statements: all the pool's connections share its one
 * session, where a name exists once (docs/decisions/003-limits-in-postgres.md).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DatabaseHandle, Db } from './client';

/** The rows of `query`; `name` names its statement where statements are prepared. */
export type ReadRows = <T>(name: string, query: SQL) => Promise<T[]>;

const dialect = new PgDialect();

/** Each name stands for one text: a changed statement gets a new name, never a clash. */
function statementName(name: string, text: string): string {
  return `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
}

export function preparedReads(database: Pick<DatabaseHandle, 'kind' | 'db' | 'pool'>): ReadRows {
  return database.kind === 'postgres' ? namedReads(database.pool) : plainReads(database.db);
}

export function plainReads(db: Db): ReadRows {
  return async <T>(_name: string, query: SQL) => (await db.execute(query)).rows as T[];
}

function namedReads(pool: pg.Pool): ReadRows {
  const names = new Map<string, string>();
  return async <T>(name: string, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let statement = names.get(text);
    if (!statement) {
      statement = statementName(name, text);
      names.set(text, statement);
    }
    const result = await pool.query({ name: statement, text, values: params });
    return result.rows as T[];
  };
}
