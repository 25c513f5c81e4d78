/**
 * The one error type services throw. It carries a stable code (shared/error-codes.ts, where the
 * code gets its HTTP status) and the spec's text; the error handler answers
 * `{success: false, error, code, ...extra}`; nothing else (no stack, no SQL) ever leaves.
 */
import { ERROR_STATUS, type ErrorCode, type ErrorCodeWithStatus } from '@/shared/error-codes';

export type AppErrorCode = ErrorCode;

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra answer fields, e.g. `{coinCost, userBalance}` on a 402. */
    readonly extra: Record<string, unknown> = {},
    /** Seconds until a rate-limited caller may try again (sets Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Authentication required');
export const forbidden = (message = 'You do not have permission to do this', code: ErrorCodeWithStatus<403> = 'FORBIDDEN') =>
  new AppError(code, message);
export const notFound = (message = 'Not found', code: ErrorCodeWithStatus<404> = 'NOT_FOUND') => new AppError(code, message);
export const badRequest = (message: string, code: ErrorCodeWithStatus<400> = 'BAD_REQUEST') => new AppError(code, message);
