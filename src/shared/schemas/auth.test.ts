import { describe, expect, it } from 'vitest';
import { LoginBodySchema, ResetFormSchema, SignupBodySchema, SignupFormSchema } from './auth';
import { SmsEnableFormSchema, UpdateOwnUserBodySchema } from './user';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0].message;

const valid = {
  firstName: 'A',
  lastName: 'B',
  email: 'A@Example.COM ',
  password: '12345678',
  confirmPassword: '12345678',
  terms: true,
};

describe('sign-up schemas', () => {
  it('accepts a complete form and normalises the address', () => {
    const parsed = SignupFormSchema.parse(valid);
    expect(parsed.email).toBe('a@example.com');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ email: 'x' }, 'Invalid email address'],
    [{ password: '1234567', confirmPassword: '1234567' }, 'Password must be at least 8 characters'],
    [{ confirmPassword: 'other-pass' }, "Passwords don't match"],
    [{ terms: false }, 'You must accept the terms and conditions'],
  ])('the form refuses %o with its message', (override, message) => {
    expect(firstMessage(SignupFormSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('the call accepts API clients without confirmation or terms, but checks them when sent', () => {
    const { confirmPassword: _c, terms: _t, ...bare } = valid;
    expect(SignupBodySchema.safeParse(bare).success).toBe(true);
    expect(firstMessage(SignupBodySchema.safeParse({ ...bare, confirmPassword: 'nope-nope' }))).toBe("Passwords don't match");
    expect(firstMessage(SignupBodySchema.safeParse({ ...bare, terms: false }))).toBe('You must accept the terms and conditions');
  });

  it('drops fields a client may not set', () => {
    const parsed = SignupBodySchema.parse({ ...valid, isAdmin: true, isVerified: true }) as Record<string, unknown>;
    expect(parsed.isAdmin).toBeUndefined();
    expect(parsed.isVerified).toBeUndefined();
  });
});

describe('login, reset and profile schemas', () => {
  it('gives the login messages', () => {
    expect(firstMessage(LoginBodySchema.safeParse({}))).toBe('Email and password are required');
    expect(firstMessage(LoginBodySchema.safeParse(null))).toBe('Email and password are required');
    expect(firstMessage(LoginBodySchema.safeParse({ email: 'a@b.co' }))).toBe('Password is required');
    expect(firstMessage(LoginBodySchema.safeParse({ email: 'ab', password: 'x' }))).toBe('Invalid email address');
    expect(LoginBodySchema.parse({ email: 'a@b.co', password: 'x', rememberMe: true })).toEqual({
      email: 'a@b.co',
      password: 'x',
      rememberMe: true,
    });
  });

  it('requires a matching new password of 8+', () => {
    expect(firstMessage(ResetFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(ResetFormSchema.safeParse({ password: 'longenough', confirmPassword: 'different' }))).toBe(
      "Passwords don't match",
    );
  });

  it('checks phones and the SMS terms box', () => {
    expect(firstMessage(SmsEnableFormSchema.safeParse({ phoneNumber: '123', terms: true }))).toBe(
      'Valid phone number is required',
    );
    expect(SmsEnableFormSchema.safeParse({ phoneNumber: '(512) 555-0100', terms: true }).success).toBe(true);
    expect(SmsEnableFormSchema.safeParse({ phoneNumber: '(512) 555-0100', terms: false }).success).toBe(false);
    expect(UpdateOwnUserBodySchema.safeParse({ phoneNumber: null }).success).toBe(true);
    expect(UpdateOwnUserBodySchema.safeParse({ phoneNumber: '555-abc-defgh' }).success).toBe(false);
  });
});
