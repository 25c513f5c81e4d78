/**
 * The dev mailbox (never in production): mail that would have gone out, readable at /dev/mailbox
 * so that sign-up and password reset work on a machine with no mail server.
 *
 * It holds every user's verification and reset links, so only the machine itself may read it
 * (lib/this-machine.ts) or a signed-in admin.
 * Anyone else gets 404, as if it did not exist.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '@/server/lib/app-error';
import { isFromThisMachine } from '@/server/lib/this-machine';
import { listMailbox, type StoredMail } from '@/server/platform/mail/mail-transport';

const mayReadMailbox = async (request: FastifyRequest) => {
  if (request.user?.isAdmin || isFromThisMachine(request)) return;
  throw notFound();
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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

export const devMailboxRoutes: FastifyPluginAsync<{ mailDir: string }> = async (app, { mailDir }) => {
  app.get('/dev/mailbox', { onRequest: mayReadMailbox }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(renderMailbox(await listMailbox(mailDir)));
  });
  app.get('/api/dev/mailbox', { onRequest: mayReadMailbox }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listMailbox(mailDir);
  });
};
