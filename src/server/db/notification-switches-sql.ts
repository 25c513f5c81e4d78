/**
 * The platform's notification switches as SQL: the settings module reads them for its screen, and
 * the notifications repository reads two of them beside a recipient's contact in one round trip.
 */
import { sql } from 'drizzle-orm';
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
 * key counts as on, as the seed writes every switch (db/seed/seed.ts).
 */
export const notificationSwitchOn = (name: keyof NotificationSwitches) =>
  sql`coalesce((SELECT value FROM platform_settings WHERE key = ${NOTIFICATION_SWITCH_KEYS[name]}), 'true') = 'true'`;
