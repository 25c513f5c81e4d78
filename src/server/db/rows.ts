/**
 * Row shapes that cross module lines: a repository returns them and another module's repository or
 * service reads them. They live here, beside the schema, so that a repository never has to import
 * a service (or another module's repository) for a type.
 */
import type { users } from './schema';

/** A user's account as stored (with its hashes): sessions read it joined, the users module owns it. */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A company a submitted quote goes to, with what it takes to reach it (its owner, or the listing's contact). */
export interface QuoteRecipient {
  companyId: number;
  companyName: string;
  ownerId: number | null;
  email: string;
  phone: string;
  isMobilePhone: boolean;
}
