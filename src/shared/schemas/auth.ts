/** Account forms and payloads, used by the server routes and the client forms. */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { emailField, requiredText } from './common';

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const TERMS_REQUIRED = 'You must accept the terms and conditions';

export const passwordField = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  // Hashing cost grows with input; no one types a 1,000-character password.
  .max(1000, 'Password must be at most 1000 characters');

const signupFields = {
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailField(),
  password: passwordField,
};

/** The sign-up dialog: every field, the terms box and the matching confirmation. */
export const SignupFormSchema = z
  .object({
    ...signupFields,
    confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }),
    terms: z.literal(true, { error: TERMS_REQUIRED }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
export type SignupForm = z.infer<typeof SignupFormSchema>;

/**
 * The sign-up call. The dialog sends all its values; API clients may leave out the confirmation
 * and the terms box, but when sent they must be right. Unknown keys (isAdmin, isVerified) are
 * dropped, so a client can never set them.
 */
export const SignupBodySchema = z
  .object({
    ...signupFields,
    confirmPassword: z.string().optional(),
    terms: z.literal(true, { error: TERMS_REQUIRED }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const LoginFormSchema = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000, 'Password is too long'),
  rememberMe: z.boolean().optional(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** The login call: with neither field the message is 'Email and password are required'. */
export const LoginBodySchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const body = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const isBlank = (v: unknown) => v === undefined || v === null || v === '';
    if (isBlank(body.email) && isBlank(body.password)) {
      ctx.addIssue({ code: 'custom', message: 'Email and password are required' });
    }
  })
  .pipe(LoginFormSchema);

export const ForgotFormSchema = z.object({ email: emailField() });
export type ForgotForm = z.infer<typeof ForgotFormSchema>;

export const ResetFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
export type ResetForm = z.infer<typeof ResetFormSchema>;

export const tokenField = z
  .string({ error: 'Invalid reset token' })
  .trim()
  .min(1, 'Invalid reset token')
  .max(200, 'Invalid reset token');

export const ResetPasswordBodySchema = z.object({ token: tokenField, password: passwordField });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const TokenQuerySchema = z.object({ token: z.string().max(200).optional() });
