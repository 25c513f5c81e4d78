/** PostgreSQL error codes the services turn into answers (drizzle may wrap the driver's error in `cause`). */
const codeOf = (error: unknown): string | undefined =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

/** check_violation: e.g. the balance CHECK refused a debit. */
export const isCheckViolation = (error: unknown) => codeOf(error) === '23514';

/** unique_violation: e.g. a taken e-mail address. */
export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
