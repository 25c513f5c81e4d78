/** The platform's key/value switches (001 §3 Platform setting), read where a decision needs them. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

export interface NotificationSwitches {
  emailQuotes: boolean;
  emailMessages: boolean;
  smsQuotes: boolean;
  smsMessages: boolean;
}

/** A missing key counts as on, as seeded (RUNTIME.md "Seeded platform switches"). */
export async function readNotificationSwitches(db: DbOrTx): Promise<NotificationSwitches> {
  const result = await db.execute<{ key: string; value: string }>(sql`
    SELECT key, value FROM platform_settings
     WHERE key IN ('notifications_email_quotes_enabled', 'notifications_email_messages_enabled',
                   'notifications_sms_quotes_enabled', 'notifications_sms_messages_enabled')`);
  const values = new Map(result.rows.map((row) => [row.key, row.value]));
  const on = (key: string) => (values.get(key) ?? 'true') === 'true';
  return {
    emailQuotes: on('notifications_email_quotes_enabled'),
    emailMessages: on('notifications_email_messages_enabled'),
    smsQuotes: on('notifications_sms_quotes_enabled'),
    smsMessages: on('notifications_sms_messages_enabled'),
  };
}
