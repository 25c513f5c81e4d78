/** The platform's key/value switches (001 §3 Platform setting), read where a decision needs them. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
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
