/**
 * Runs before any body is read ("who before what"): refuses cross-site writes,
 * loads the session user from the signed cookie, and enforces the route's declared access level
 * (`config: { access: 'user' | 'verified' | 'admin' }`), so a refusal never depends on the body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@/server/config';
import { AppError, badRequest, forbidden, unauthenticated } from '@/server/lib/app-error';
import { containsNul, NUL_MESSAGE } from '@/server/lib/nul-text';
import type { AuthService, NewSession } from '@/server/modules/auth/auth.service';
import type { UserRow } from '@/server/modules/users/users.repository';

export type AccessLevel = 'user' | 'verified' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    /** The hash of the session id, for logout and "other sessions". */
    sessionIdHash: string | null;
    /** When the session ends unless used again (a live socket closes then). */
    sessionExpiresAt: Date | null;
  }
}

export const SESSION_COOKIE = 'sid';
/**
 * A readable companion of the session cookie that says only "there is a session", so that the
 * client asks /api/me only then: a 401 for every signed-out visitor would fill the console.
 */
export const SESSION_HINT_COOKIE = 'lp_session';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return 'invalid';
  }
}

/** True when the request names another site in Origin (or, lacking it, Referer). */
export function isCrossSite(request: FastifyRequest, appUrl: string): boolean {
  // Our pages are served with `Referrer-Policy: no-referrer`, under which a browser sends
  // `Origin: null` with a form it posts as a navigation, even to the page's own site (the
  // /data-export page's Download button). Sec-Fetch-Site, which no script can set, then says
  // where it came from; any other null origin (a sandboxed frame, a local file) stays refused.
  if (request.headers.origin === 'null') return request.headers['sec-fetch-site'] !== 'same-origin';
  const source = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!source) return false; // API clients and scripts send neither
  const allowed = new Set([originOf(appUrl)]);
  const host = request.headers.host;
  if (host) allowed.add(originOf(`${request.protocol}://${host}`));
  return !allowed.has(source);
}

export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    // undefined: a browser-session cookie that ends with the browser
    maxAge: session.maxAgeSeconds,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: session.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export const requestContextPlugin = fp<{ config: AppConfig; auth: AuthService }>(
  async (app: FastifyInstance, { config, auth }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionIdHash', null);
    app.decorateRequest('sessionExpiresAt', null);
    const secureCookies = config.appUrl.startsWith('https://');

    app.addHook('onRequest', async (request, reply) => {
      if (STATE_CHANGING.has(request.method) && isCrossSite(request, config.appUrl)) {
        throw new AppError('CROSS_SITE_REFUSED', 'Cross-site request refused');
      }

      const raw = request.cookies[SESSION_COOKIE];
      if (raw) {
        const unsigned = request.unsignCookie(raw);
        const session = unsigned.valid && unsigned.value ? await auth.resolveSession(unsigned.value) : undefined;
        if (session) {
          request.user = session.user;
          request.sessionIdHash = session.idHash;
          request.sessionExpiresAt = session.expiresAt;
        } else {
          clearSessionCookie(reply, secureCookies);
        }
      }

      const access = request.routeOptions.config.access;
      if (!access) return;
      if (!request.user) throw unauthenticated();
      if (access === 'verified' && !request.user.isVerified) {
        throw forbidden('Please verify your email address first', 'EMAIL_NOT_VERIFIED');
      }
      if (access === 'admin' && !request.user.isAdmin) throw forbidden('Admin access required', 'ADMIN_ONLY');
    });

    // PostgreSQL text cannot hold a NUL character: refuse it at the door rather than as a
    // database error. Path and query now (route guards read them next), JSON bodies once parsed.
    app.addHook('onRequest', async (request) => {
      if (containsNul(request.params) || containsNul(request.query)) throw badRequest(NUL_MESSAGE);
    });
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.body)) throw badRequest(NUL_MESSAGE);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);
