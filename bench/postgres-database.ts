/** A throwaway database `lp_bench_<random>` on the PostgreSQL server, dropped by the caller's cleanup. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  serverVersion: string;
  drop(): Promise<void>;
}

/** One short-lived connection to `url` for `use`, always closed. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `lp_bench_${randomBytes(4).toString('hex')}`;
  const serverVersion = await withClient(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0].server_version;
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    serverVersion,
    // FORCE: a connection left behind by a failed run must not keep the database alive.
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
