/** HTTP for accounts. Rules live in AuthService; this file only maps requests and cookies. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '@/server/lib/app-error';
import { clearSessionCookie, requireUser, setSessionCookie } from '@/server/plugins/request-context';
import {
  ForgotFormSchema,
  LoginBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  TokenQuerySchema,
} from '@/shared/schemas/auth';
import { emailField, ErrorSchema, SuccessSchema } from '@/shared/schemas/common';
import { LANGUAGE_COOKIE, type Language } from '@/shared/i18n/languages';
import { UserSchema } from '@/shared/schemas/user';
import { toPublicUser } from '../users/users.service';
import { FORGOT_PASSWORD_SENT, INVALID_RESET_TOKEN, PASSWORD_RESET_DONE, type AuthService } from './auth.service';

/** A year, as the language switcher keeps a visitor's choice. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;

const UserAnswer = z.object({ success: z.literal(true), user: UserSchema });

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  secureCookies: boolean;
  /** The language a request's page is shown in. */
  languageOf: (request: FastifyRequest) => Language;
}> = async (app, { auth, secureCookies, languageOf }) => {
  const meta = (request: FastifyRequest) => ({
    ip: request.ip ?? 'unknown',
    userAgent: request.headers['user-agent'],
    language: languageOf(request),
  });
  app.post(
    '/api/auth/signup',
    { schema: { body: SignupBodySchema, response: { 201: UserAnswer, 409: ErrorSchema } } },
    async (request, reply) => {
      const { user, session } = await auth.signup(request.body, meta(request));
      setSessionCookie(reply, session, secureCookies);
      return reply.status(201).send({ success: true, user });
    },
  );

  app.post('/api/auth/login', { schema: { body: LoginBodySchema, response: { 200: UserAnswer } } }, async (request, reply) => {
    const { user, session } = await auth.login(request.body, meta(request));
    setSessionCookie(reply, session, secureCookies);
    // The account's language follows its user to another browser: the site answers in it from now on.
    if (user.language)
      reply.setCookie(LANGUAGE_COOKIE, user.language, {
        path: '/',
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: LANGUAGE_COOKIE_SECONDS,
      });
    return { success: true as const, user };
  });

  app.post('/api/auth/logout', { schema: { response: { 200: SuccessSchema } } }, async (request, reply) => {
    if (request.sessionIdHash) await auth.endSession(request.sessionIdHash);
    clearSessionCookie(reply, secureCookies);
    return { success: true as const };
  });

  app.get('/api/me', { config: { access: 'user' }, schema: { response: { 200: UserSchema } } }, async (request) =>
    toPublicUser(requireUser(request)),
  );

  app.get(
    '/api/check-email/:email',
    { schema: { params: z.object({ email: emailField() }), response: { 200: z.object({ exists: z.boolean() }) } } },
    async (request) => ({ exists: await auth.checkEmail(request.params.email, request.ip) }),
  );

  app.get(
    '/api/verify-email',
    {
      schema: {
        querystring: TokenQuerySchema,
        response: { 200: z.object({ success: z.literal(true), user: UserSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const user = await auth.verifyEmail(request.query.token);
      return { success: true as const, user, message: 'Your email address has been verified.' };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { config: { access: 'user' }, schema: { response: { 200: SuccessSchema } } },
    async (request) => {
      await auth.resendVerification(requireUser(request));
      return { success: true as const, message: 'Verification email sent. Please check your inbox.' };
    },
  );

  app.post('/api/forgot-password', { schema: { body: ForgotFormSchema, response: { 200: SuccessSchema } } }, async (request) => {
    await auth.forgotPassword(request.body.email, request.ip);
    return { success: true as const, message: FORGOT_PASSWORD_SENT };
  });

  app.get(
    '/api/verify-reset-token',
    { schema: { querystring: TokenQuerySchema, response: { 200: SuccessSchema, 400: ErrorSchema } } },
    async (request) => {
      // Refused like any other bad input, so the error handler answers it in the request's language.
      if (!(await auth.isResetTokenValid(request.query.token))) throw badRequest(INVALID_RESET_TOKEN);
      return { success: true as const };
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { body: ResetPasswordBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await auth.resetPassword(request.body, request.sessionIdHash ?? undefined);
      return { success: true as const, message: PASSWORD_RESET_DONE };
    },
  );
};
