/** The operator's overrides of catalogue messages, and the one figure that says whether any changed. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { textOverrides } from '@/server/db/schema';

export interface TextOverrideRow {
  language: string;
  key: string;
  message: string;
  updatedAt: Date;
}

export async function listOverrides(db: DbOrTx): Promise<TextOverrideRow[]> {
  return db
    .select({
      language: textOverrides.language,
      key: textOverrides.key,
      message: textOverrides.message,
      updatedAt: textOverrides.updatedAt,
    })
    .from(textOverrides);
}

/** The override of one message, locked until the transaction ends (a change reads its "before" here). */
export async function lockOverride(tx: DbOrTx, language: string, key: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ message: textOverrides.message })
    .from(textOverrides)
    .where(and(eq(textOverrides.language, language), eq(textOverrides.key, key)))
    .for('update');
  return row?.message;
}

export async function upsertOverride(
  tx: DbOrTx,
  row: { language: string; key: string; message: string; updatedBy: number },
): Promise<void> {
  await tx
    .insert(textOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [textOverrides.language, textOverrides.key],
      set: { message: row.message, updatedBy: row.updatedBy, updatedAt: sql`now()` },
    });
}

export async function deleteOverride(tx: DbOrTx, language: string, key: string): Promise<void> {
  await tx.delete(textOverrides).where(and(eq(textOverrides.language, language), eq(textOverrides.key, key)));
}

/**
 * A figure that changes whenever an override or a language setting does: the overrides' count
 * and latest change (a revert lowers the count, any write moves the latest change), and the two
 * language settings as stored. A node compares it with the one it holds, in one cheap read.
 */
export async function readCatalogueVersion(db: DbOrTx, settingKeys: readonly string[]): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    SELECT (SELECT count(*) FROM text_overrides)::text || '/' ||
           coalesce((SELECT max(updated_at) FROM text_overrides)::text, '') || '/' ||
           coalesce((SELECT string_agg(key || '=' || value, ',' ORDER BY key) FROM platform_settings
                     WHERE key IN (${sql.join(
                       settingKeys.map((key) => sql`${key}`),
                       sql`, `,
                     )})), '') AS version`);
  return result.rows[0]?.version ?? '';
}

export async function readLanguageSettings(db: DbOrTx, settingKeys: readonly string[]): Promise<Map<string, string>> {
  const result = await db.execute<{ key: string; value: string }>(sql`
    SELECT key, value FROM platform_settings WHERE key IN (${sql.join(
      settingKeys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  return new Map(result.rows.map((row) => [row.key, row.value]));
}
