/**
 * The dev mailbox (never in production): mail that would have gone out, readable at /dev/mailbox
 * so that sign-up and password reset work on a machine with no mail server.
 *
 * It holds every user's verification and reset links, so it opens only with the mailbox key or
 * for a signed-in admin. The key is random, generated once into DATA_DIR (readable by the app's
 * user only) and printed in the start log as the mailbox's link: whoever can read this machine's
 * log has it, nobody else. Where a request comes from never counts — a proxy on the same host
 * makes every visitor's request come from the loopback. Anyone else gets 404, as if it did not exist.
 */
import { escapeHtml } from '@/server/lib/html';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@/server/lib/app-error';
import { listMailbox, type StoredMail } from '@/server/platform/mail/mail-transport';

/** The cookie that carries the key after a visit with it, so that a reload opens the mailbox again. */
export const MAILBOX_COOKIE = 'lp_mailbox';
const MAILBOX_PATHS = ['/dev/mailbox', '/api/dev/mailbox'] as const;
const KEY_FILE = 'mailbox-key';
/** 24 random bytes: 192 bits, 32 characters of base64url. */
const KEY_BYTES = 24;
/** The shortest key read back from the file: 128 bits of base64url. */
const MIN_KEY_CHARS = 22;

/** The mailbox key kept in DATA_DIR, made on the first start (a file only this user may read). */
export function loadOrCreateMailboxKey(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_KEY_CHARS && /^[A-Za-z0-9_-]+$/.test(existing)) return existing;
  } catch {
    // first start: fall through and make it
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Equal-length digests, so that comparing them takes the same time whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function isKey(candidate: unknown, key: string): boolean {
  return typeof candidate === 'string' && candidate.length > 0 && timingSafeEqual(digest(candidate), digest(key));
}

function mayReadMailbox(key: string, secureCookie: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.user?.isAdmin) return;
    if (isKey((request.query as Record<string, unknown> | undefined)?.key, key)) {
      // One cookie per mailbox path: it goes nowhere else, never to another site's request.
      for (const cookiePath of MAILBOX_PATHS) {
        reply.setCookie(MAILBOX_COOKIE, key, { path: cookiePath, httpOnly: true, sameSite: 'strict', secure: secureCookie });
      }
      return;
    }
    if (isKey(request.cookies[MAILBOX_COOKIE], key)) return;
    throw notFound();
  };
}

/** Escapes the text part and turns its http(s) links into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMailbox(mails: StoredMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(new Date(m.sentAt).toLocaleString('en-US'))}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail yet. Sign up or ask for a password reset, then reload this page.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#475569;font-size:.9rem}pre{white-space:pre-wrap;font:inherit}a{color:#1d4ed8}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail the app sent while no <code>SMTP_URL</code> is set, newest first.</p>${items}</main></body></html>`;
}

export const devMailboxRoutes: FastifyPluginAsync<{ mailDir: string; key: string; secureCookie: boolean }> = async (
  app,
  { mailDir, key, secureCookie },
) => {
  const onRequest = mayReadMailbox(key, secureCookie);
  app.get('/dev/mailbox', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(renderMailbox(await listMailbox(mailDir)));
  });
  app.get('/api/dev/mailbox', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listMailbox(mailDir);
  });
};
