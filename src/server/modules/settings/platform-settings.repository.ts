/** The platform's key/value switches (001 §3 Platform setting), read where a decision needs them. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { platformSettings } from '@/server/db/schema';
import type { PlatformSettingKey } from '@/shared/schemas/admin';

export type NotificationSwitches = {
  emailQuotes: boolean;
  emailMessages: boolean;
  smsQuotes: boolean;
  smsMessages: boolean;
};

/** The setting key of each switch. */
const NOTIFICATION_SWITCH_KEYS: Record<keyof NotificationSwitches, PlatformSettingKey> = {
  emailQuotes: 'notifications_email_quotes_enabled',
  emailMessages: 'notifications_email_messages_enabled',
  smsQuotes: 'notifications_sms_quotes_enabled',
  smsMessages: 'notifications_sms_messages_enabled',
};

/**
 * One switch as a boolean SQL expression, for queries that need it beside other columns. A missing
 * key counts as on, as seeded (RUNTIME.md "Seeded platform switches").
 */
export const notificationSwitchOn = (name: keyof NotificationSwitches) =>
  sql`coalesce((SELECT value FROM platform_settings WHERE key = ${NOTIFICATION_SWITCH_KEYS[name]}), 'true') = 'true'`;

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
