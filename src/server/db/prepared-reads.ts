/**
 * Hot reads as named prepared statements on PostgreSQL: parsed and planned once per pooled
 * connection instead of on every request. A company page's statement took about 0.5 ms to plan
 * and 0.1 ms to run (EXPLAIN ANALYZE at 100,000 companies), so planning was most of
 * the database's share of the route. Only statements whose plan does not depend on the values
 * belong here (a lookup by primary key), since PostgreSQL may settle on one generic plan.
 *
 * The embedded database plans as slowly (4.2 ms to plan and 4.3 ms to run a search near a place at
 * 30,000 companies), but all the pool's connections share its one session, where a name exists
 * once: a statement prepared by one connection is unknown to the others' `pg` clients, whose own
 * Parse of it would fail. There each connection gets names of its own (`_c<n>`), and the names of
 * a connection the pool closes are deallocated through another.
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

export function preparedReads(database: Pick<DatabaseHandle, 'kind' | 'pool'>): ReadRows {
  return database.kind === 'postgres' ? namedReads(database.pool) : namedReadsInOneSession(database.pool);
}

export function plainReads(db: Db): ReadRows {
  return async <T>(_name: string, query: SQL) => (await db.execute(query)).rows as T[];
}

/** The statement's text, its values and its name (one name per text). */
function namedStatements() {
  const names = new Map<string, string>();
  return (name: string, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let statement = names.get(text);
    if (!statement) {
      statement = statementName(name, text);
      names.set(text, statement);
    }
    return { name: statement, text, values: params };
  };
}

function namedReads(pool: pg.Pool): ReadRows {
  const statementOf = namedStatements();
  return async <T>(name: string, query: SQL) => (await pool.query(statementOf(name, query))).rows as T[];
}

/** What one session's pool has prepared, per connection (shared by every reader of that pool). */
interface SessionStatements {
  statementOf: ReturnType<typeof namedStatements>;
  connections: WeakMap<pg.PoolClient, { number: number; prepared: Set<string> }>;
}

const sessions = new WeakMap<pg.Pool, SessionStatements>();
/** Connections numbered across the process: two pools may reach the same session. */
let connectionsOpened = 0;

function sessionStatements(pool: pg.Pool): SessionStatements {
  const session = sessions.get(pool);
  if (session) return session;
  const created: SessionStatements = { statementOf: namedStatements(), connections: new WeakMap() };
  pool.on('remove', (client) => {
    // The session outlives the connection: its statements would stay prepared there for good.
    // (Each on its own: one whose Parse failed is not there; when the pool itself is closing, nor is the session.)
    for (const name of created.connections.get(client)?.prepared ?? []) {
      pool.query(`DEALLOCATE "${name}"`).catch(() => {});
    }
  });
  sessions.set(pool, created);
  return created;
}

/** Named statements where every connection reaches one session (the embedded database). */
function namedReadsInOneSession(pool: pg.Pool): ReadRows {
  const session = sessionStatements(pool);
  return async <T>(name: string, query: SQL) => {
    const statement = session.statementOf(name, query);
    const client = await pool.connect();
    try {
      let connection = session.connections.get(client);
      if (!connection) {
        connection = { number: ++connectionsOpened, prepared: new Set() };
        session.connections.set(client, connection);
      }
      const named = { ...statement, name: `${statement.name}_c${connection.number}` };
      connection.prepared.add(named.name);
      const result = await client.query(named);
      client.release();
      return result.rows as T[];
    } catch (error) {
      client.release(error as Error); // as pool.query does: the connection is not reused
      throw error;
    }
  };
}
