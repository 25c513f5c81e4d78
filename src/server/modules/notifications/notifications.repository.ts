/** Who a notice goes to: contacts and preferences, read inside the transaction of the event. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { notificationSwitchOn } from '@/server/db/notification-switches-sql';

export type UserContact = {
  id: number;
  email: string;
  phone_number: string | null;
  email_notifications: boolean;
  email_notifications_quotes: boolean;
  email_notifications_messages: boolean;
  text_notifications: boolean;
  text_notifications_quotes: boolean;
  text_notifications_messages: boolean;
  /** The language mails and texts are written in; null: the operator's default. */
  language: string | null;
};

const CONTACT_COLUMNS = sql`id, email, phone_number, email_notifications, email_notifications_quotes, email_notifications_messages,
  text_notifications, text_notifications_quotes, text_notifications_messages, language`;

export async function findContacts(db: DbOrTx, userIds: number[]): Promise<Map<number, UserContact>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute<UserContact>(sql`
    SELECT ${CONTACT_COLUMNS}
      FROM users WHERE id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
       -- A deleted account has no address any more: nothing is queued for it, whatever the notice.
       AND deleted_at IS NULL`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/**
 * A message notice's recipient with the two message switches, in one round trip: a message post is
 * the busiest write, and each statement inside its transaction adds a wait for the database.
 */
export async function findMessageRecipient(
  db: DbOrTx,
  userId: number,
): Promise<(UserContact & { email_on: boolean; sms_on: boolean }) | undefined> {
  const result = await db.execute<UserContact & { email_on: boolean; sms_on: boolean }>(sql`
    SELECT ${CONTACT_COLUMNS},
           ${notificationSwitchOn('emailMessages')} AS email_on, ${notificationSwitchOn('smsMessages')} AS sms_on
      FROM users WHERE id = ${userId}`);
  return result.rows[0];
}
