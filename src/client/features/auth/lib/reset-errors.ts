/**
 * The words for a password reset that went wrong, by what went wrong, so the user knows whether to
 * retry or ask anew: the server's refusal, an answer without one (a proxy's error page: "Token
 * verification failed: Bad Gateway"), no answer at all ("Failed to connect to server"), or anything
 * else ("An unexpected error occurred: …").
 */
import { ApiError } from '@/client/lib/api';

export const INVALID_RESET_LINK = 'Invalid or expired reset token. Please request a new password reset.';
export const CONNECTION_FAILED = 'Failed to connect to server';

/** fetch rejects with a TypeError when no answer came (offline, refused, DNS). */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;
const unexpected = (error: unknown) => `An unexpected error occurred: ${error instanceof Error ? error.message : String(error)}`;

/** Why a reset link could not be checked. */
export function tokenCheckFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return INVALID_RESET_LINK;
    return `Token verification failed: ${error.statusText || error.status}`;
  }
  return isNetworkFailure(error) ? CONNECTION_FAILED : unexpected(error);
}

/** Why the new password was not set. */
export function resetFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ? `Error: ${error.serverMessage}` : 'Failed to reset password';
  return isNetworkFailure(error) ? CONNECTION_FAILED : unexpected(error);
}
