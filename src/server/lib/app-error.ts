/**
 * The one error type services throw. It carries a stable code (shared/error-codes.ts, where the
 * code gets its HTTP status) and the spec's text; the error handler answers
 * `{success: false, error, code, ...extra}`; nothing else (no stack, no SQL) ever leaves. A
 * refusal of one input also names it in `field` (see `badRequest`).
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
/**
 * A 400. When it is about one input of the request, `field` names that input as a dotted path
 * into the body or query ("serviceZips", "serviceArea.radiusMiles"), so that a form can show the
 * text under it without reading the words; a refusal of the request as a whole leaves it out.
 */
export const badRequest = (message: string, code: ErrorCodeWithStatus<400> = 'BAD_REQUEST', field?: string) =>
  new AppError(code, message, field === undefined ? {} : { field });

/** A zod issue's path as an answer's `field` ("serviceZips.1"); undefined for the input as a whole. */
export const fieldOfPath = (path: readonly PropertyKey[]): string | undefined =>
  path.length > 0 ? path.map(String).join('.') : undefined;
