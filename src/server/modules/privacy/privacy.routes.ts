/**
 * Personal data over HTTP: the signed-in user's copy of their data (ask, see where it stands), the
 * mailed link (checked by the /data-export page, spent by its form POST), and deleting the account.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@/server/lib/app-error';
import { escapeHtml } from '@/server/lib/html';
import { clearSessionCookie, requireUser } from '@/server/plugins/request-context';
import { DATA_EXPORT_PAGE } from '@/shared/constants';
import { SuccessSchema } from '@/shared/schemas/common';
import {
  DataExportDownloadBodySchema,
  DataExportDownloadQuerySchema,
  DataExportLinkQuerySchema,
  DataExportLinkSchema,
  DataExportStatusSchema,
  DeleteAccountBodySchema,
} from '@/shared/schemas/privacy';
import type { PrivacyService } from './privacy.service';

export const ACCOUNT_DELETED_MESSAGE = 'Your account was deleted. We are sorry to see you go.';

export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService; secureCookies: boolean }> = async (
  app,
  { privacy, secureCookies },
) => {
  app.get(
    '/api/me/data-export',
    { config: { access: 'user' }, schema: { response: { 200: DataExportStatusSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return privacy.exportStatus(requireUser(request).id);
    },
  );

  app.post(
    '/api/me/data-export',
    {
      config: { access: 'user', rateLimit: 'dataExports' },
      schema: { response: { 202: DataExportStatusSchema } },
    },
    async (request, reply) => reply.status(202).send(await privacy.requestExport(requireUser(request).id)),
  );

  // The mailed link opens the page /data-export?token=…, which asks here whether it still works.
  // Mail scanners and link previews fetch links with GET: nothing reached by GET spends the link.
  app.get(
    '/api/data-export/link',
    { schema: { querystring: DataExportLinkQuerySchema, response: { 200: DataExportLinkSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const { expiresAt } = await privacy.checkLink(request.query.token);
      return { success: true as const, expiresAt: expiresAt.toISOString() };
    },
  );

  // The page's Download button: a same-origin form POST with the token in the body (so the
  // browser saves the file itself). Only this spends the link; the token is the only key.
  app.register(async (scope) => {
    const form = scope.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    form.post('/api/data-export/download', { schema: { body: DataExportDownloadBodySchema } }, async (request, reply) => {
      try {
        const archive = await privacy.download(request.body.token);
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${archive.fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex');
        if (archive.byteSize !== null) reply.header('content-length', String(archive.byteSize));
        return reply.send(archive.body);
      } catch (error) {
        if (error instanceof AppError && wantsPage(request)) return sendLinkPage(reply, error, privacy.siteName());
        throw error;
      }
    });
  });

  // The download path by GET (a link mailed before the page existed, a prefetch, a bookmark): sent
  // on to the page, token and all, and never spent here.
  app.get('/api/data-export/download', { schema: { querystring: DataExportDownloadQuerySchema } }, async (request, reply) => {
    const { token } = request.query;
    return reply
      .header('cache-control', 'no-store')
      .redirect(token ? `${DATA_EXPORT_PAGE}?token=${encodeURIComponent(token)}` : DATA_EXPORT_PAGE, 303);
  });

  app.post(
    '/api/me/delete-account',
    { config: { access: 'user' }, schema: { body: DeleteAccountBodySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      await privacy.deleteAccount(requireUser(request), request.body.password);
      clearSessionCookie(reply, secureCookies);
      return { success: true as const, message: ACCOUNT_DELETED_MESSAGE };
    },
  );
};

/** A browser following the mailed link gets a page, a program the usual JSON error. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function sendLinkPage(reply: FastifyReply, error: AppError, siteName: string): FastifyReply {
  const title = error.statusCode === 410 ? 'This link no longer works' : 'This link is not valid';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title></head>
<body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5;max-width:36rem;margin:3rem auto;padding:0 1rem">
<main><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1><p>${escapeHtml(error.message)}</p>
<p><a href="/profile" style="color:#1d4ed8">Go to your profile</a></p></main></body></html>`;
  return reply
    .status(error.statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}
