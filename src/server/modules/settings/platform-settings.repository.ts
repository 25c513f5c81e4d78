/** The platform's key/value switches, read where a decision needs them. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { platformSettings } from '@/server/db/schema';
import { notificationSwitchOn, type NotificationSwitches } from '@/server/db/notification-switches-sql';
import type { PlatformSettingKey } from '@/shared/schemas/admin';

export async function readNotificationSwitches(db: DbOrTx): Promise<NotificationSwitches> {
  const result = await db.execute<NotificationSwitches>(sql`
    SELECT ${notificationSwitchOn('emailQuotes')} AS "emailQuotes", ${notificationSwitchOn('emailMessages')} AS "emailMessages",
           ${notificationSwitchOn('smsQuotes')} AS "smsQuotes", ${notificationSwitchOn('smsMessages')} AS "smsMessages"`);
  return result.rows[0];
}

/** Every stored key with its value, in no particular order. */
export async function listSettings(db: DbOrTx): Promise<{ key: string; value: string }[]> {
  return db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
}

/** Every stored key with its value, locked until the transaction ends (an update reads its "before" here). */
export async function lockSettings(tx: DbOrTx): Promise<Map<string, string>> {
  const rows = await tx.select().from(platformSettings).for('update');
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function readSetting(db: DbOrTx, key: PlatformSettingKey): Promise<string | undefined> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value;
}

export async function upsertSetting(tx: DbOrTx, key: string, value: string): Promise<void> {
  await tx
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
}
