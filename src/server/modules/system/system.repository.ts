/** What the admin System page says about the instance itself, read in one statement. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

export type InstanceFigures = {
  server_version: string;
  database_bytes: number;
  migrations_applied: number;
  last_migration_at: number | null;
  objects: number;
  object_bytes: number;
};

export async function readInstanceFigures(db: DbOrTx): Promise<InstanceFigures> {
  const result = await db.execute<InstanceFigures>(sql`
    SELECT current_setting('server_version') AS server_version,
           pg_database_size(current_database())::float8 AS database_bytes,
           (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations_applied,
           (SELECT max(created_at)::float8 FROM drizzle.__drizzle_migrations) AS last_migration_at,
           (SELECT count(*)::int FROM stored_objects) AS objects,
           (SELECT coalesce(sum(byte_size), 0)::float8 FROM stored_objects) AS object_bytes`);
  return result.rows[0];
}
