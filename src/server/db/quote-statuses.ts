/** The open-status set (shared/schemas/quote.ts) as SQL, for every query that filters on it. */
import { sql, type SQL } from 'drizzle-orm';
import { OPEN_QUOTE_STATUSES } from '../../shared/schemas/quote';

export const isOpenQuoteSql = (status: SQL): SQL =>
  sql`${status} IN (${sql.join(
    OPEN_QUOTE_STATUSES.map((value) => sql`${value}`),
    sql`, `,
  )})`;
