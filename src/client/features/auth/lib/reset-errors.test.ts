import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/lib/api';
import { resetFailure, tokenCheckFailure } from './reset-errors';

const refused = new ApiError(400, { error: 'Invalid or expired reset token' }, '{}', 'Bad Request');
const proxyPage = new ApiError(502, '<html>bad gateway</html>', '<html>bad gateway</html>', 'Bad Gateway');

describe('the reset errors', () => {
  it('words a failed token check by its cause', () => {
    expect(tokenCheckFailure(refused)).toBe('Invalid or expired reset token. Please request a new password reset.');
    expect(tokenCheckFailure(proxyPage)).toBe('Token verification failed: Bad Gateway');
    expect(tokenCheckFailure(new TypeError('Failed to fetch'))).toBe('Failed to connect to server');
    expect(tokenCheckFailure(new SyntaxError('Unexpected token <'))).toBe('An unexpected error occurred: Unexpected token <');
  });

  it('words a failed reset by its cause', () => {
    expect(resetFailure(refused)).toBe('Error: Invalid or expired reset token');
    expect(resetFailure(proxyPage)).toBe('Failed to reset password');
    expect(resetFailure(new TypeError('Failed to fetch'))).toBe('Failed to connect to server');
    expect(resetFailure(new RangeError('boom'))).toBe('An unexpected error occurred: boom');
  });
});
