import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/lib/api';
import { translatorIn } from '@/client/test/translator';
import { resetFailure, tokenCheckFailure } from './reset-errors';

const refused = new ApiError(400, { error: 'Invalid or expired reset token' }, '{}', 'Bad Request');
const proxyPage = new ApiError(502, '<html>bad gateway</html>', '<html>bad gateway</html>', 'Bad Gateway');
const t = translatorIn('en');
const asWritten = (text: string) => text;

describe('the reset errors', () => {
  it('words a failed token check by its cause', () => {
    expect(tokenCheckFailure(t, refused)).toBe('Invalid or expired reset token. Please request a new password reset.');
    expect(tokenCheckFailure(t, proxyPage)).toBe('Token verification failed: Bad Gateway');
    expect(tokenCheckFailure(t, new ApiError(502, '', '', ''))).toBe('Token verification failed: 502');
    expect(tokenCheckFailure(t, new TypeError('Failed to fetch'))).toBe('Failed to connect to server');
    expect(tokenCheckFailure(t, new SyntaxError('Unexpected token <'))).toBe('An unexpected error occurred: Unexpected token <');
  });

  it('words a failed reset by its cause', () => {
    expect(resetFailure(t, refused, asWritten)).toBe('Error: Invalid or expired reset token');
    expect(resetFailure(t, proxyPage, asWritten)).toBe('Failed to reset password');
    expect(resetFailure(t, new TypeError('Failed to fetch'), asWritten)).toBe('Failed to connect to server');
    expect(resetFailure(t, new RangeError('boom'), asWritten)).toBe('An unexpected error occurred: boom');
  });

  it('words them in the page language, the refusal as translateText gives it', () => {
    const es = translatorIn('es');
    expect(resetFailure(es, refused, (text) => `[${text}]`)).toBe('Error: [Invalid or expired reset token]');
    expect(tokenCheckFailure(es, new TypeError('Failed to fetch'))).toBe('No se pudo conectar con el servidor');
    expect(tokenCheckFailure(es, proxyPage)).toBe('No se pudo verificar el enlace: Bad Gateway');
  });
});
