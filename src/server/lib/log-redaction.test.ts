import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides tokens and claim ids in queries, whatever their case or encoding', () => {
    expect(redactUrl('/api/verify-email?token=abc123')).toBe('/api/verify-email?token=[redacted]');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/quotes?cid=secret-claim')).toBe('/quotes?cid=[redacted]');
    expect(redactUrl('/quotes?CID=secret-claim&TOKEN=t')).toBe('/quotes?CID=[redacted]&TOKEN=[redacted]');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/dev/mailbox?key=Zm9vYmFyYmF6cXV4cXV1eA')).toBe('/dev/mailbox?key=[redacted]');
  });

  it('hides the claim id in claim paths and keeps everything else', () => {
    expect(redactUrl('/api/claims/Zx81-_q/redeem')).toBe('/api/claims/[redacted]/redeem');
    expect(redactUrl('/api/claims/Zx81?y=2')).toBe('/api/claims/[redacted]?y=2');
    expect(redactUrl('/api/search?q=plumbing&location=10001')).toBe('/api/search?q=plumbing&location=10001');
    expect(redactUrl('/api/admin/claims?page=2')).toBe('/api/admin/claims?page=2');
  });
});
